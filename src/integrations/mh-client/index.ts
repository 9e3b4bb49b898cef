/** MH client: the port the services use and its HTTP implementation (real MH or the simulator). */
export type {
  MhClient, MhContingencyResult, MhCredentials, MhEnvironment, MhFailure, MhLoginFailureCode, MhLoginResult, MhLoteQueryResult,
  MhLoteSendResult, MhQueryResult, MhReception, MhTransmitRequest,
} from '../../services/ports/mh-client.port';
export { DEFAULT_USER_AGENT, HttpMhClient, type HttpMhClientOptions } from './mh-http.client';
export { MH_BASE_URLS, MH_DEFAULT_TIMEOUT_MS, MH_PATHS, MH_PRODUCTION_BASE_URL, MH_TEST_BASE_URL } from './mh-hosts';
export { parseFhProcesamiento } from './mh-response.mapper';
