/**
 * Answer codes (`codigoMsg`, `clasificaMsg`, `descripcionMsg`). The first group was observed from
 * MH (MH-API-NOTES §3–§4); the 9xx group is **invented by this simulator** for rules MH enforces
 * but whose codes were never published — clients must not depend on those numbers.
 */
export interface MhRejection {
  code: string;
  clasifica: string;
  message: string;
  observations: string[];
}

export const OBSERVED_CODES = {
  received: { code: '001', clasifica: '10', message: 'RECIBIDO' },
  duplicate: { code: '004', clasifica: '11', message: 'YA EXISTE UN REGISTRO CON ESE VALOR' },
  calculation: { code: '020', clasifica: '16', message: 'CALCULO INCORRECTO' },
  schema: { code: '096', clasifica: '12', message: 'DOCUMENTO NO CUMPLE ESQUEMA JSON' },
  signature: { code: '802', clasifica: '20', message: 'No valido' },
  notFound: { code: '999', clasifica: null, message: 'No se encontro ningun registro que coincida' },
} as const;

/** Invented codes (documented in the README). */
export const SIMULATOR_CODES = {
  noPublicKey: '803', // reuses the MH signer's code "no existe llave pública para el NIT"
  production: '901',
  envelopeMismatch: '902',
  notAuthorisedNit: '903',
  unsupportedVersion: '904',
  controlNumberFormat: '905',
  correctionWindow: '906',
  contingencySingle: '910',
  contingencyNotListed: '911',
  contingencyLate: '912',
  contingencyTypeMismatch: '913',
  contingencyLoteMixed: '914',
  contingencyNotAllowedForType: '915',
  invalidationTargetMissing: '920',
  invalidationTargetMismatch: '921',
  invalidationAlreadyDone: '922',
  invalidationLate: '923',
  invalidationEventDate: '924',
  invalidationReplacement: '925',
  invalidationReason: '926',
  invalidationRelatedActive: '927',
  invalidationReturnActive: '928',
  contingencyWindow: '930',
  contingencyPeriod: '931',
  contingencyDetail: '932',
  loteSize: '940',
  returnRelatedDocument: '950',
  returnExceedsValue: '951',
  returnWindow: '952',
  specialOperationLate: '960',
  specialOperationReference: '961',
} as const;

const CLASIFICA_BY_CODE: Record<string, string> = {
  '004': '11', '020': '16', '096': '12', '100': '14', '802': '20', '803': '20',
};

export function reject(code: string, message: string, observations: string[] = []): MhRejection {
  return { code, clasifica: CLASIFICA_BY_CODE[code] ?? '20', message, observations };
}

/** Default description of a code, for rejections injected through the control API. */
export function describeCode(code: string): string {
  switch (code) {
    case '004': return `[identificacion.codigoGeneracion] ${OBSERVED_CODES.duplicate.message}`;
    case '020': return `[resumen.totalIva] ${OBSERVED_CODES.calculation.message}`;
    case '096': return OBSERVED_CODES.schema.message;
    case '802': return OBSERVED_CODES.signature.message;
    default: return 'DOCUMENTO RECHAZADO';
  }
}

export const PRODUCTION_REFUSAL =
  'SIMULADOR DEL MH: NO SE ACEPTAN DOCUMENTOS DEL AMBIENTE DE PRODUCCION (01); UN SELLO DEL SIMULADOR NO TIENE VALIDEZ TRIBUTARIA';
