/** MH's reception answer bodies. */
import { OBSERVED_CODES, type MhRejection } from '../rules/mh-codes';
import { formatMhDateTime } from '../../domain/mh-rules/el-salvador-time';
import type { ReceptionAnswer } from '../store/journal-entry.types';

export const VERSION_APP = 2;

export interface AnswerHead {
  version: number | null;
  ambiente: string | null;
  codigoGeneracion: string | null;
  at: Date;
}

export function processedAnswer(head: AnswerHead, seal: string, message: string = OBSERVED_CODES.received.message): ReceptionAnswer {
  return {
    version: head.version, ambiente: head.ambiente, versionApp: VERSION_APP, estado: 'PROCESADO',
    codigoGeneracion: head.codigoGeneracion, selloRecibido: seal, fhProcesamiento: formatMhDateTime(head.at),
    clasificaMsg: OBSERVED_CODES.received.clasifica, codigoMsg: OBSERVED_CODES.received.code, descripcionMsg: message, observaciones: [],
  };
}

export function rejectedAnswer(head: AnswerHead, r: MhRejection): ReceptionAnswer {
  return {
    version: head.version, ambiente: head.ambiente, versionApp: VERSION_APP, estado: 'RECHAZADO',
    codigoGeneracion: head.codigoGeneracion, selloRecibido: null, fhProcesamiento: formatMhDateTime(head.at),
    clasificaMsg: r.clasifica, codigoMsg: r.code, descripcionMsg: r.message, observaciones: r.observations,
  };
}

/** consultadte / consultadtelote: nothing matches (observed HTTP 400, `estado` null, 999). */
export function notFoundAnswer(codigoGeneracion: string | null): ReceptionAnswer {
  return {
    version: null, ambiente: null, versionApp: VERSION_APP, estado: null, codigoGeneracion, selloRecibido: null,
    fhProcesamiento: null, clasificaMsg: null, codigoMsg: OBSERVED_CODES.notFound.code, descripcionMsg: OBSERVED_CODES.notFound.message, observaciones: [],
  };
}
