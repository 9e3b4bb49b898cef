/** MH's real API hosts (MH-API-NOTES §1). Credentials are issued per environment. */
import type { MhEnvironment } from '../../services/ports/mh-client.port';

export const MH_TEST_BASE_URL = 'https://apitest.dtes.mh.gob.sv';
export const MH_PRODUCTION_BASE_URL = 'https://api.dtes.mh.gob.sv';

export const MH_BASE_URLS: Readonly<Record<MhEnvironment, string>> = Object.freeze({
  '00': MH_TEST_BASE_URL,
  '01': MH_PRODUCTION_BASE_URL,
});

/** MH's retry rule: no answer in 8 s → query before re-sending. */
export const MH_DEFAULT_TIMEOUT_MS = 8000;

export const MH_PATHS = {
  auth: '/seguridad/auth',
  reception: '/fesv/recepciondte',
  query: '/fesv/recepcion/consultadte/',
  lote: '/fesv/recepcionlote/',
  loteQuery: '/fesv/recepcion/consultadtelote/',
  contingency: '/fesv/contingencia',
  invalidation: '/fesv/anulardte',
} as const;
