import { z } from 'zod';
import { documentTotalsView, mhResponseView } from '../documents/document-view';
import { DTE_EVENT_STATUSES } from './dte-event-state-machine';

/**
 * A 2026 event (return, special operations) as the API shows it — THE declaration of the DteEvent
 * output (ADR 0062, ADR 0063). GraphQL's `DteEvent` interface and its `DocumentReturn` and
 * `SpecialOperation` types (src/graphql/events/dte-event.types.ts) and REST's `document_return` and
 * `special_operation` resources with their OpenAPI schemas (rest-adapter/resources/dte-event.resource.ts)
 * are derived from these views; `test/unit/views/dte-event-view-parity.test.ts` compares them.
 */
export const dteEventVoidView = z
  .object({
    reasonType: z.string().meta({ gqlDescription: '"1" error en la información, "2" rescindir la operación, "3" otro (CAT-024).' }),
    reason: z.string().nullable(),
    receptionStamp: z.string().nullable().meta({ gqlDescription: 'Sello del MH del evento de invalidación.' }),
    status: z.string().meta({ gqlDescription: 'pending, sealed o rejected.' }),
    mhResponse: mhResponseView.nullable().meta({
      gqlDescription: 'La respuesta del MH al evento de invalidación (null mientras está pendiente).',
      restDescription: 'La respuesta del MH al evento de invalidación (null mientras está pendiente)',
    }),
  })
  .meta({ id: 'DteEventVoid' });

/** The fields every event shows (GraphQL's `DteEvent` interface). */
export const dteEventView = z.object({
  id: z.string().meta({ gql: 'ID' }),
  emitterId: z.string().meta({ gql: 'ID' }),
  environment: z.enum(['00', '01']).meta({ gql: 'String' }),
  type: z.string().meta({ gqlDescription: 'CAT-002: 18 retorno, 17 operaciones especiales.', restDescription: 'CAT-002: 18 retorno, 17 operaciones especiales' }),
  status: z.enum(DTE_EVENT_STATUSES).meta({
    gqlEnum: 'DteEventStatus',
    restDescription: 'pending: el MH aún no responde (202); sealed: sellado (200); rejected: rechazado, respuesta en mh_response (200); voided: sellado y luego invalidado (void)',
  }),
  externalId: z.string().nullable(),
  generationCode: z.string(),
  receptionStamp: z.string().nullable().meta({ gqlDescription: 'Sello de recepción del MH.' }),
  processedAt: z.date().nullable(),
  eventDate: z.string().meta({ gqlDescription: 'Fecha del evento (yyyy-MM-dd, El Salvador).', restDescription: 'yyyy-MM-dd (El Salvador)' }),
  totals: documentTotalsView,
  mhResponse: mhResponseView.nullable(),
  createdAt: z.date(),
  voidedAt: z.date().nullable().meta({ gqlDescription: 'Cuando el MH selló la invalidación del evento.', restDescription: 'Cuando el MH selló la invalidación del evento' }),
  void: dteEventVoidView.nullable().meta({
    gqlDescription: 'La última invalidación pedida del evento (null si nunca se pidió).',
    restDescription: 'La última invalidación pedida del evento (null si nunca se pidió)',
  }),
});

export const documentReturnLineView = z
  .object({
    numItem: z.int().meta({ gqlDescription: 'Número de línea del documento original.' }),
    quantity: z.string().meta({ gqlDescription: 'Cantidad devuelta.' }),
    description: z.string().nullable(),
  })
  .meta({ id: 'DocumentReturnLine' });

export const documentReturnView = dteEventView.extend({
  documentId: z.string().meta({ gql: 'ID', gqlDescription: 'El documento sobre el que se hace el retorno.' }),
  lines: z.array(documentReturnLineView),
});

export const specialOperationLineView = z
  .object({
    documentType: z.string().meta({ gqlDescription: 'CAT-023: 02 factura de venta simplificada, 97 comprobante de control interno.' }),
    documentNumber: z.string().nullable(),
    rangeFrom: z.string().nullable(),
    rangeTo: z.string().nullable(),
    issuedOn: z.string().nullable(),
    quantity: z.int(),
    description: z.string(),
    noSujeta: z.string().nullable(),
    exenta: z.string().nullable(),
    gravada: z.string().nullable(),
    referenceEvent: z.string().nullable(),
  })
  .meta({ id: 'SpecialOperationLine' });

export const specialOperationView = dteEventView.extend({
  lines: z.array(specialOperationLineView),
});

export type DteEventVoidView = z.infer<typeof dteEventVoidView>;
export type DocumentReturnView = z.infer<typeof documentReturnView>;
export type SpecialOperationView = z.infer<typeof specialOperationView>;

/** An event as the services hand it to the doors: a return or a special-operations event, by `kind`. */
export type DteEventView = (DocumentReturnView & { kind: 'return' }) | (SpecialOperationView & { kind: 'special_operation'; documentId: null });
