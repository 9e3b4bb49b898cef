/** `identificacion`: version, environment, codes, model/operation (normal or contingency), date and time. */
import type { DteType } from '../dte.types';
import { OFFICIAL_VERSION_BY_DTE_TYPE } from '../schemas/official-schema-validator';
import type { BuildContext } from './build-context';
import { localDateTime } from '../../mh-rules/el-salvador-time';

export function buildIdentificacion(type: DteType, ctx: BuildContext): Record<string, unknown> {
  const { date, time } = localDateTime(ctx.issuedAt);
  const contingency = ctx.contingency;
  const out: Record<string, unknown> = {
    version: OFFICIAL_VERSION_BY_DTE_TYPE[type],
    ambiente: ctx.environment,
    tipoDte: type,
    numeroControl: ctx.controlNumber,
    codigoGeneracion: ctx.generationCode,
    tipoModelo: contingency ? 2 : 1,
    tipoOperacion: contingency ? 2 : 1,
    tipoContingencia: contingency ? contingency.type : null,
    motivoContin: contingency ? contingency.reason : null,
    fecEmi: date,
    horEmi: time,
    tipoMoneda: 'USD',
  };
  // NC v4 / ND v4: `fusion` (NIT of a merged company) — not used by this service.
  if (type === '05' || type === '06') out.fusion = null;
  return out;
}
