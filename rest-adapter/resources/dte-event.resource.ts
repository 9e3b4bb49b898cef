/** REST shapes of the 2026 events: `document_return` and `special_operation` (snake_case). */
import { z } from 'zod';
import { camelKeysToSnake } from '../case-convert';
import { isoTime } from './iso-time';

type Gql = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- GraphQL result

const money = z.string().describe('Decimal con 2 decimales');
const common = {
  id: z.string(),
  emitter_id: z.string(),
  environment: z.enum(['00', '01']),
  type: z.string().describe('CAT-002: 18 retorno, 17 operaciones especiales'),
  status: z.enum(['pending', 'sealed', 'rejected']).describe('pending: el MH aún no responde (202); sealed: sellado (200); rejected: rechazado, respuesta en mh_response (200)'),
  external_id: z.string().nullable(),
  generation_code: z.string(),
  reception_stamp: z.string().nullable(),
  processed_at: z.string().nullable(),
  event_date: z.string().describe('yyyy-MM-dd (El Salvador)'),
  totals: z.object({ subtotal: money, iva: money, total: money, total_in_words: z.string() }),
  mh_response: z.object({ code: z.string().nullable(), message: z.string().nullable(), observations: z.array(z.string()) }).nullable(),
  created_at: z.string(),
};

export const documentReturnResource = z.object({
  ...common,
  object: z.literal('document_return'),
  document_id: z.string(),
  lines: z.array(z.object({ num_item: z.number().int(), quantity: z.string(), description: z.string().nullable() })),
});

export const specialOperationResource = z.object({
  ...common,
  object: z.literal('special_operation'),
  lines: z.array(z.object({
    document_type: z.string(), document_number: z.string().nullable(), range_from: z.string().nullable(), range_to: z.string().nullable(),
    issued_on: z.string().nullable(), quantity: z.number().int(), description: z.string(), no_sujeta: z.string().nullable(),
    exenta: z.string().nullable(), gravada: z.string().nullable(), reference_event: z.string().nullable(),
  })),
});

/** The GraphQL type's fields of either event, in its order, as GraphQL writes them (timestamps ISO, absent → null). */
function commonFields(v: Gql): Gql {
  return {
    id: v.id, emitterId: v.emitterId, environment: v.environment, type: v.type, status: v.status, externalId: v.externalId ?? null,
    generationCode: v.generationCode, receptionStamp: v.receptionStamp ?? null, processedAt: isoTime(v.processedAt), eventDate: v.eventDate,
    totals: { subtotal: v.totals.subtotal, iva: v.totals.iva, total: v.totals.total, totalInWords: v.totals.totalInWords },
    mhResponse: v.mhResponse ? { code: v.mhResponse.code ?? null, message: v.mhResponse.message ?? null, observations: v.mhResponse.observations } : null,
    createdAt: isoTime(v.createdAt),
  };
}

const orNull = (x: unknown) => (x === undefined || x === null ? null : String(x));

/** An event from its GraphQL mapper (`toDocumentReturn`, `toSpecialOperation`) → the REST resource. */
export function serializeDteEvent(object: 'document_return' | 'special_operation', v: Gql): Record<string, unknown> {
  const fields =
    object === 'document_return'
      ? { ...commonFields(v), documentId: v.documentId, lines: (v.lines as Gql[]).map((l) => ({ numItem: l.numItem, quantity: String(l.quantity), description: orNull(l.description) })) }
      : {
          ...commonFields(v),
          lines: (v.lines as Gql[]).map((l) => ({
            documentType: l.documentType, documentNumber: orNull(l.documentNumber), rangeFrom: orNull(l.rangeFrom), rangeTo: orNull(l.rangeTo), issuedOn: orNull(l.issuedOn),
            quantity: l.quantity, description: l.description, noSujeta: orNull(l.noSujeta), exenta: orNull(l.exenta), gravada: orNull(l.gravada), referenceEvent: orNull(l.referenceEvent),
          })),
        };
  const { id, ...rest } = camelKeysToSnake(fields) as Gql;
  return { id, object, ...rest, status: String(v.status).toLowerCase() };
}

/** 200 once MH answered (sealed or rejected), 202 while it has not. */
export function dteEventStatus(v: Gql): number {
  return String(v.status).toLowerCase() === 'pending' ? 202 : 200;
}
