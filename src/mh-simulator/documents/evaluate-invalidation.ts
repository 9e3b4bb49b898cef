/**
 * The invalidation event (`/fesv/anulardte`, invalidacion-schema-v3), MH-2026-RULES §1: signature,
 * schema, a sealed target of the same emitter whose data the event repeats, one event per DTE, the
 * transmission deadline, the event date, the replacement document and the reason.
 */
import { grantCovers, type TokenGrant } from '../auth/token-registry';
import { formatMhDate } from '../../domain/mh-rules/el-salvador-time';
import { allowedEventDates, invalidationDeadline, isWithinDeadline } from '../../domain/mh-rules/invalidation-deadline';
import { OBSERVED_CODES, PRODUCTION_REFUSAL, SIMULATOR_CODES, reject, type MhRejection } from '../rules/mh-codes';
import { generateSeal } from '../rules/seal';
import type { SimulatorContext } from '../simulator-context';
import type { EventEntry, ReceptionAnswer } from '../store/journal-entry.types';
import { docKey, type SealedDocument } from '../store/simulator-state';
import { processedAnswer, rejectedAnswer } from './reception-answer';
import { schemaRejection } from './schema-check';
import { asObject, asString, decodeJws, verifySignature, type Json } from './signed-document';

export const INVALIDATION_VERSION = 3;
/**
 * Targets whose invalidation never names a replacement (codigoGeneracionR stays null, MH-2026-RULES
 * §1.3): an NC or a CL is issued again after it, and the return (18) and special-operations (17)
 * events have none.
 */
const NO_REPLACEMENT_TYPES = new Set(['05', '08', '17', '18']);

export interface InvalidationInput {
  grant: TokenGrant;
  ambiente: string;
  version: number;
  jws: string;
}

export interface InvalidationOutcome {
  httpStatus: 200 | 400;
  answer: ReceptionAnswer;
  entry: EventEntry;
}

export function evaluateInvalidation(ctx: SimulatorContext, input: InvalidationInput): InvalidationOutcome {
  const at = ctx.clock.now();
  let nit: string | null = null;
  let code: string | null = null;
  let target: string | null = null;
  const outcome = (httpStatus: 200 | 400, answer: ReceptionAnswer, seal: string | null): InvalidationOutcome => ({
    httpStatus,
    answer,
    entry: {
      t: 'event', kind: 'invalidation', at: at.toISOString(), nit, ambiente: input.ambiente, codigoGeneracion: code,
      status: answer.estado ?? 'RECHAZADO', seal, documents: target ? [target] : [], tipoContingencia: null, answer,
    },
  });
  const refuse = (r: MhRejection) => outcome(400, rejectedAnswer({ version: input.version, ambiente: input.ambiente, codigoGeneracion: code, at }, r), null);

  if (input.ambiente === '01' && !ctx.settings.allowProduction) return refuse(reject(SIMULATOR_CODES.production, PRODUCTION_REFUSAL));
  const decoded = decodeJws(input.jws);
  if (!decoded.ok) return refuse(decoded.rejection);
  const ev = decoded.payload;
  const ident = asObject(ev.identificacion);
  const doc = asObject(ev.documento);
  nit = asString(asObject(ev.emisor).nit);
  code = asString(ident.codigoGeneracion);
  target = asString(doc.codigoGeneracion);
  if (nit === null) return refuse(reject(OBSERVED_CODES.schema.code, OBSERVED_CODES.schema.message, ['Campo #/emisor/nit campo obligatorio']));
  if (!grantCovers(input.grant, nit, input.ambiente)) return refuse(reject(SIMULATOR_CODES.notAuthorisedNit, '[emisor.nit] NO CORRESPONDE AL USUARIO AUTENTICADO'));
  const signature = verifySignature(ctx.state, input.jws, decoded.headerExact, nit, input.ambiente);
  if (signature) return refuse(signature);
  if (ident.ambiente !== input.ambiente) return refuse(reject(SIMULATOR_CODES.envelopeMismatch, '[identificacion.ambiente] NO COINCIDE CON EL VALOR DEL ENVIO'));
  if (input.version !== INVALIDATION_VERSION) {
    return refuse(reject(SIMULATOR_CODES.unsupportedVersion, '[version] VERSION NO SOPORTADA PARA EL EVENTO DE INVALIDACION', ['El simulador valida invalidacion-schema-v3']));
  }
  if (code !== null && ctx.state.acceptedEvents.has(`invalidation|${docKey(input.ambiente, nit, code)}`)) {
    return refuse(reject(OBSERVED_CODES.duplicate.code, `[identificacion.codigoGeneracion] ${OBSERVED_CODES.duplicate.message}`));
  }
  const schema = schemaRejection('invalidacion-v3', ev);
  if (schema) return refuse(schema);

  const sealed = ctx.state.sealed.get(docKey(input.ambiente, nit, String(target)));
  if (!sealed) return refuse(reject(SIMULATOR_CODES.invalidationTargetMissing, '[documento.codigoGeneracion] NO EXISTE UN DOCUMENTO PROCESADO CON ESE VALOR PARA EL EMISOR'));
  const rule = targetRejection(ctx, sealed, doc, ident, motivoOf(ev), at);
  if (rule) return refuse(rule);

  const seal = generateSeal(at);
  const answer = processedAnswer({ version: input.version, ambiente: input.ambiente, codigoGeneracion: code, at }, seal, 'Invalidación Recibida y Procesada');
  return outcome(200, answer, seal);
}

function motivoOf(ev: Json): Json {
  return asObject(ev.motivo);
}

function targetRejection(ctx: SimulatorContext, sealed: SealedDocument, doc: Json, ident: Json, motivo: Json, at: Date): MhRejection | null {
  const differs: [string, unknown][] = [
    // An event (17, 18) has no control number: the invalidation names it null.
    ['tipoDte', sealed.tipoDte], ['selloRecibido', sealed.seal], ['numeroControl', sealed.numeroControl || null], ['fecEmi', sealed.fecEmi],
  ];
  for (const [field, value] of differs) {
    if (doc[field] !== value) return reject(SIMULATOR_CODES.invalidationTargetMismatch, `[documento.${field}] NO COINCIDE CON EL DOCUMENTO PROCESADO`);
  }
  if (sealed.invalidatedBy !== null) {
    return reject(SIMULATOR_CODES.invalidationAlreadyDone, '[documento.codigoGeneracion] EL DOCUMENTO YA FUE INVALIDADO', [`Evento ${sealed.invalidatedBy}`]);
  }
  const { invalidationRegime: regime, calendar } = ctx.settings;
  const deadline = invalidationDeadline({ tipoDte: sealed.tipoDte, sealedAt: sealed.sealedAt, regime, calendar });
  if (!isWithinDeadline(deadline, at)) {
    return reject(SIMULATOR_CODES.invalidationLate, `PLAZO PARA INVALIDAR EL DOCUMENTO VENCIDO: ERA HASTA EL ${formatMhDate(deadline.lastDay)} 23:59:59`);
  }
  const dates = allowedEventDates(sealed.tipoDte, sealed.fecEmi, regime);
  const fecEmi = String(ident.fecEmi);
  if (fecEmi < dates.from || fecEmi > dates.to) {
    const range = dates.from === dates.to ? `DEBE SER ${formatMhDate(dates.from)}` : `DEBE ESTAR ENTRE ${formatMhDate(dates.from)} Y ${formatMhDate(dates.to)}`;
    return reject(SIMULATOR_CODES.invalidationEventDate, `[identificacion.fecEmi] FECHA DEL EVENTO NO PERMITIDA: ${range}`);
  }
  return reasonRejection(motivo) ?? replacementRejection(ctx, sealed, doc, motivo) ?? relatedRejection(ctx, sealed);
}

function reasonRejection(motivo: Json): MhRejection | null {
  const type = motivo.tipoAnulacion;
  if (type !== 1 && type !== 2 && type !== 3) return reject(SIMULATOR_CODES.invalidationReason, '[motivo.tipoAnulacion] VALOR NO VALIDO');
  if (type === 3 && (typeof motivo.motivoAnulacion !== 'string' || motivo.motivoAnulacion.trim() === '')) {
    return reject(SIMULATOR_CODES.invalidationReason, '[motivo.motivoAnulacion] ES REQUERIDO CUANDO EL TIPO DE INVALIDACION ES 3');
  }
  return null;
}

function replacementRejection(ctx: SimulatorContext, sealed: SealedDocument, doc: Json, motivo: Json): MhRejection | null {
  const r = doc.codigoGeneracionR;
  const code = SIMULATOR_CODES.invalidationReplacement;
  if (motivo.tipoAnulacion === 2 || NO_REPLACEMENT_TYPES.has(sealed.tipoDte)) {
    return r === null ? null : reject(code, '[documento.codigoGeneracionR] DEBE SER NULO PARA ESTE TIPO DE INVALIDACION O DOCUMENTO');
  }
  if (typeof r !== 'string') return reject(code, '[documento.codigoGeneracionR] ES REQUERIDO: EL DOCUMENTO QUE REEMPLAZA DEBE ESTAR TRANSMITIDO Y SELLADO');
  const replacement = ctx.state.sealed.get(docKey(sealed.ambiente, sealed.nit, r));
  if (!replacement || r === sealed.codigoGeneracion) return reject(code, '[documento.codigoGeneracionR] NO EXISTE UN DOCUMENTO PROCESADO CON ESE VALOR');
  if (replacement.invalidatedBy !== null) return reject(code, '[documento.codigoGeneracionR] EL DOCUMENTO DE REEMPLAZO ESTA INVALIDADO');
  return null;
}

/**
 * A CCF (or CR) with an active NC/ND cannot be invalidated until that NC/ND is; an FE, FEX or FSE
 * with an active return event, until the return is.
 */
function relatedRejection(ctx: SimulatorContext, sealed: SealedDocument): MhRejection | null {
  if (sealed.tipoDte === '01' || sealed.tipoDte === '11' || sealed.tipoDte === '14') {
    const returns = ctx.state.activeReturnsOf(sealed.ambiente, sealed.nit, sealed.codigoGeneracion);
    if (returns.length === 0) return null;
    return reject(SIMULATOR_CODES.invalidationReturnActive, '[documento.codigoGeneracion] EL DOCUMENTO TIENE EVENTOS DE RETORNO ACTIVOS; INVALIDELOS PRIMERO',
      returns.map((d) => `18 ${d.codigoGeneracion}`));
  }
  if (sealed.tipoDte !== '03' && sealed.tipoDte !== '07') return null;
  const active = ctx.state.activeAdjustmentsOf(sealed.ambiente, sealed.nit, sealed.codigoGeneracion);
  if (active.length === 0) return null;
  return reject(SIMULATOR_CODES.invalidationRelatedActive, '[documento.codigoGeneracion] EL DOCUMENTO TIENE NOTAS DE CREDITO O DEBITO ACTIVAS; INVALIDELAS PRIMERO',
    active.map((d) => `${d.tipoDte} ${d.codigoGeneracion}`));
}
