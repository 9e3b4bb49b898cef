/**
 * The reception of one DTE (recepciondte, or one entry of a lote), in MH's order of checks. Pure
 * over the state: returns the journal entry and the answer; the caller commits the entry (which
 * updates the state) before answering. Runs synchronously, so concurrent requests cannot both pass
 * the uniqueness checks.
 */
import { grantCovers, type TokenGrant } from '../auth/token-registry';
import { OBSERVED_CODES, PRODUCTION_REFUSAL, SIMULATOR_CODES, reject, type MhRejection } from '../rules/mh-codes';
import { checkNumeroControl, numeroControlKey } from '../rules/numero-control';
import { generateSeal } from '../rules/seal';
import { recomputeSummary } from '../rules/summary-recompute';
import type { SimulatorContext } from '../simulator-context';
import type { ReceptionAnswer, ReceptionEntry, SealedFacts } from '../store/journal-entry.types';
import { docKey } from '../store/simulator-state';
import { processedAnswer, rejectedAnswer } from './reception-answer';
import { returnEventRejection, returnValues, returnableValue, specialOperationRejection } from './event-document-rules';
import { CONTINGENCY_TYPES } from './evaluate-contingency';
import { EVENT_DOCUMENT_TYPES, SUPPORTED_DOCUMENTS, schemaRejection } from './schema-check';
import { asObject, asString, decodeJws, emitterNitOf, verifySignature, type Json } from './signed-document';

const HOUR_MS = 3_600_000;
export const CORRECTION_WINDOW_MS = 24 * HOUR_MS;
export const CONTINGENCY_TRANSMISSION_MS = 72 * HOUR_MS;

export interface ReceptionInput {
  via: 'single' | 'lote';
  grant: TokenGrant;
  ambiente: string;
  /** recepciondte's envelope fields (null inside a lote: taken from the document). */
  envelope: { version: number; tipoDte: string; codigoGeneracion: string } | null;
  /** Lote only: `nitEmisor` of the lote. */
  loteNit?: string;
  /** Lote only: the lote carries contingency documents (then it may carry nothing else). */
  contingencyLote?: boolean;
  jws: string;
}

export interface ReceptionOutcome {
  httpStatus: 200 | 400;
  answer: ReceptionAnswer;
  entry: ReceptionEntry;
}

interface Meta {
  nit: string | null;
  tipoDte: string | null;
  codigoGeneracion: string | null;
  version: number | null;
}

export function evaluateReception(ctx: SimulatorContext, input: ReceptionInput): ReceptionOutcome {
  const at = ctx.clock.now();
  const meta: Meta = {
    nit: null,
    tipoDte: input.envelope?.tipoDte ?? null,
    codigoGeneracion: input.envelope?.codigoGeneracion ?? null,
    version: input.envelope?.version ?? null,
  };
  const refuse = (r: MhRejection, countsAsRejection = true): ReceptionOutcome => {
    const answer = rejectedAnswer({ version: meta.version, ambiente: input.ambiente, codigoGeneracion: meta.codigoGeneracion, at }, r);
    return {
      httpStatus: 400,
      answer,
      entry: {
        t: 'reception', at: at.toISOString(), via: input.via, nit: meta.nit, ambiente: input.ambiente, tipoDte: meta.tipoDte,
        codigoGeneracion: meta.codigoGeneracion, status: 'RECHAZADO', code: r.code, countsAsRejection, answer, sealed: null,
      },
    };
  };

  if (input.ambiente === '01' && !ctx.settings.allowProduction) return refuse(reject(SIMULATOR_CODES.production, PRODUCTION_REFUSAL));

  const decoded = decodeJws(input.jws);
  if (!decoded.ok) return refuse(decoded.rejection);
  const dte = decoded.payload;
  const ident = asObject(dte.identificacion);
  const nit = emitterNitOf(dte);
  meta.nit = nit;
  meta.tipoDte ??= asString(ident.tipoDte) ?? asString(ident.tipoEvento);
  meta.codigoGeneracion ??= asString(ident.codigoGeneracion);
  meta.version ??= typeof ident.version === 'number' ? ident.version : null;

  if (nit === null) return refuse(reject(OBSERVED_CODES.schema.code, OBSERVED_CODES.schema.message, ['Campo #/emisor/nit campo obligatorio']));
  if ((input.loteNit !== undefined && nit !== input.loteNit) || !grantCovers(input.grant, nit, input.ambiente)) {
    return refuse(reject(SIMULATOR_CODES.notAuthorisedNit, '[emisor.nit] NO CORRESPONDE AL USUARIO AUTENTICADO'));
  }
  const signature = verifySignature(ctx.state, input.jws, decoded.headerExact, nit, input.ambiente);
  if (signature) return refuse(signature);

  const mismatch = envelopeMismatch(input, ident);
  if (mismatch) return refuse(reject(SIMULATOR_CODES.envelopeMismatch, `[identificacion.${mismatch}] NO COINCIDE CON EL VALOR DEL ENVIO`));

  const tipoDte = meta.tipoDte ?? '';
  const code = meta.codigoGeneracion ?? '';
  const key = docKey(input.ambiente, nit, code);
  if (ctx.state.sealed.has(key)) {
    return refuse(reject(OBSERVED_CODES.duplicate.code, `[identificacion.codigoGeneracion] ${OBSERVED_CODES.duplicate.message}`), false);
  }
  const rejectedAt = ctx.state.lastRejectionAt.get(key);
  if (rejectedAt && at.getTime() - rejectedAt.getTime() > CORRECTION_WINDOW_MS) {
    return refuse(reject(SIMULATOR_CODES.correctionWindow, '[identificacion.codigoGeneracion] VENCIO EL PLAZO DE 24 HORAS PARA CORREGIR EL DOCUMENTO RECHAZADO; TRANSMITA UN DOCUMENTO CON NUEVO CODIGO DE GENERACION'));
  }

  const supported = SUPPORTED_DOCUMENTS[tipoDte];
  if (!supported || supported.version !== meta.version) {
    return refuse(reject(SIMULATOR_CODES.unsupportedVersion, '[identificacion.version] VERSION NO SOPORTADA PARA EL TIPO DE DOCUMENTO', [
      'El simulador valida los esquemas 2026: FE v2, CCF/NR/NC/ND v4, CR/CL/DCL/FSE/CD v2, FEX v3 y los eventos 17 y 18 v1',
    ]));
  }
  const schema = schemaRejection(supported.kind, dte);
  if (schema) return refuse(schema);

  const isEvent = EVENT_DOCUMENT_TYPES.has(tipoDte);
  const fecEmi = String(ident.fecEmi);
  const numeroControl = isEvent ? '' : String(ident.numeroControl);
  if (!isEvent) {
    const numero = checkNumeroControl(ident.numeroControl, tipoDte);
    if (!numero.ok) return refuse(reject(SIMULATOR_CODES.controlNumberFormat, numero.message));
    if (ctx.state.controlNumbers.has(numeroControlKey({ ambiente: input.ambiente, nit, tipoDte, fecEmi, numeroControl }))) {
      return refuse(reject(OBSERVED_CODES.duplicate.code, `[identificacion.numeroControl] ${OBSERVED_CODES.duplicate.message}`));
    }
  }

  const contingency = contingencyRejection(ctx, input, ident, nit, code, at, tipoDte);
  if (contingency) return refuse(contingency);
  const eventRule = tipoDte === '18' ? returnEventRejection(ctx, dte, nit, input.ambiente, at)
    : tipoDte === '17' ? specialOperationRejection(ctx, dte, nit, input.ambiente, at) : null;
  if (eventRule) return refuse(eventRule);

  const wrong = recomputeSummary(tipoDte, dte);
  if (wrong.length > 0) {
    return refuse(reject(OBSERVED_CODES.calculation.code, `[${wrong[0].field}] ${OBSERVED_CODES.calculation.message}`,
      wrong.map((w) => `[${w.field}] ${OBSERVED_CODES.calculation.message}: valor ${w.declared}, calculado ${w.expected}`)));
  }

  const seal = generateSeal(at);
  const answer = processedAnswer({ version: meta.version, ambiente: input.ambiente, codigoGeneracion: code, at }, seal);
  const sealed: SealedFacts = {
    seal, version: supported.version, numeroControl, fecEmi,
    tipoModelo: Number(ident.tipoModelo), tipoContingencia: typeof ident.tipoContingencia === 'number' ? ident.tipoContingencia : null,
    relatedCodes: relatedCodes(dte),
    returnableValue: returnableValue(tipoDte, dte),
    returnValues: tipoDte === '18' ? returnValues(dte) : null,
  };
  return {
    httpStatus: 200,
    answer,
    entry: {
      t: 'reception', at: at.toISOString(), via: input.via, nit, ambiente: input.ambiente, tipoDte, codigoGeneracion: code,
      status: 'PROCESADO', code: answer.codigoMsg, countsAsRejection: false, answer, sealed,
    },
  };
}

function envelopeMismatch(input: ReceptionInput, ident: Json): string | null {
  if (ident.ambiente !== input.ambiente) return 'ambiente';
  if (!input.envelope) return null;
  if (ident.version !== input.envelope.version) return 'version';
  if ((ident.tipoDte ?? ident.tipoEvento) !== input.envelope.tipoDte) return ident.tipoDte === undefined ? 'tipoEvento' : 'tipoDte';
  if (ident.codigoGeneracion !== input.envelope.codigoGeneracion) return 'codigoGeneracion';
  return null;
}

/** MH-2026-RULES §2: contingency documents only after a sealed event that lists them, within 72 h of its seal. */
function contingencyRejection(ctx: SimulatorContext, input: ReceptionInput, ident: Json, nit: string, code: string, at: Date, tipoDte: string): MhRejection | null {
  if (ident.tipoModelo === 2 && !CONTINGENCY_TYPES.has(tipoDte)) {
    return reject(SIMULATOR_CODES.contingencyNotAllowedForType, '[identificacion.tipoModelo] ESTE TIPO DE DOCUMENTO NO SE EMITE EN CONTINGENCIA: SOLO MODELO DE FACTURACION PREVIO (1)');
  }
  if (ident.tipoModelo !== 2) {
    return input.contingencyLote
      ? reject(SIMULATOR_CODES.contingencyLoteMixed, '[identificacion.tipoModelo] UN LOTE DE CONTINGENCIA SOLO PUEDE CONTENER DOCUMENTOS INCLUIDOS EN UN EVENTO DE CONTINGENCIA')
      : null;
  }
  if (input.via === 'single' && !ctx.settings.contingencySingleReception) {
    return reject(SIMULATOR_CODES.contingencySingle, '[identificacion.tipoModelo] DOCUMENTO EMITIDO EN CONTINGENCIA: DEBE TRANSMITIRSE EN LOTE DESPUES DEL SELLO DEL EVENTO DE CONTINGENCIA QUE LO INCLUYE');
  }
  const listing = ctx.state.contingencyListings.get(docKey(input.ambiente, nit, code));
  if (!listing) {
    return reject(SIMULATOR_CODES.contingencyNotListed, '[identificacion.codigoGeneracion] DOCUMENTO NO INCLUIDO EN UN EVENTO DE CONTINGENCIA RECIBIDO');
  }
  if (at.getTime() - listing.sealedAt.getTime() > CONTINGENCY_TRANSMISSION_MS) {
    return reject(SIMULATOR_CODES.contingencyLate, 'VENCIO EL PLAZO DE 72 HORAS DESDE EL SELLO DEL EVENTO DE CONTINGENCIA', [`Evento ${listing.eventCode}`]);
  }
  if (listing.tipoContingencia !== null && ident.tipoContingencia !== listing.tipoContingencia) {
    return reject(SIMULATOR_CODES.contingencyTypeMismatch, '[identificacion.tipoContingencia] NO COINCIDE CON EL EVENTO DE CONTINGENCIA');
  }
  return null;
}

function relatedCodes(dte: Json): string[] {
  const list = (Array.isArray(dte.documentoRelacionado) ? dte.documentoRelacionado : []).map(asObject);
  // A return event names its documents by codigoGeneracion; a DTE by numeroDocumento with tipoGeneracion 2.
  return list.flatMap((d) => (typeof d.codigoGeneracion === 'string' ? [d.codigoGeneracion] : d.tipoGeneracion === 2 ? [String(d.numeroDocumento)] : []));
}
