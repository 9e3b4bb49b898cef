/** The MH public query URL that the QR of every graphic representation encodes (MH-API-NOTES §6.4). */

const ENVIRONMENTS = new Set(['00', '01']);
const GENERATION_CODE = /^[A-F0-9]{8}-[A-F0-9]{4}-[A-F0-9]{4}-[A-F0-9]{4}-[A-F0-9]{12}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `https://admin.factura.gob.sv/consultaPublica?ambiente={00|01}&codGen={codigoGeneracion}&fechaEmi={yyyy-MM-dd}`.
 * Throws a RangeError on a malformed argument: a QR that MH cannot resolve must never be printed.
 */
export function publicQueryUrl(environment: string, generationCode: string, issueDate: string): string {
  if (!ENVIRONMENTS.has(environment)) throw new RangeError(`Ambiente inválido para la consulta pública: ${String(environment)}`);
  if (!GENERATION_CODE.test(generationCode)) throw new RangeError(`Código de generación inválido para la consulta pública: ${generationCode}`);
  if (!ISO_DATE.test(issueDate)) throw new RangeError(`Fecha de emisión inválida para la consulta pública: ${issueDate}`);
  return `https://admin.factura.gob.sv/consultaPublica?ambiente=${environment}&codGen=${generationCode}&fechaEmi=${issueDate}`;
}
