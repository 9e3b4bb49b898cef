import { z } from 'zod';

/**
 * The declaration of a document's lines and payment terms as issued (ADR 0041, ADR 0062): the GraphQL
 * `DocumentItem` / `DocumentPayment` types and the REST `items` / `payment` are derived from it;
 * document-lines.ts reads them out of the signed JSON.
 */
const dec = 'Decimal (hasta 8 decimales en las líneas)';

export const LINE_TAXES = ['gravada', 'exenta', 'no_sujeta', 'no_gravado'] as const;

export const documentItemView = z.object({
  number: z.number().int().meta({ gqlDescription: 'numItem: número de la línea (1 la primera).', restDescription: 'numItem: número de la línea (1 la primera)' }),
  type: z.string().nullable().meta({ gqlDescription: 'tipoItem, CAT-011 (1 bien, 2 servicio…).', restDescription: 'tipoItem, CAT-011 (1 bien, 2 servicio…)' }),
  code: z.string().nullable(),
  description: z.string().nullable(),
  quantity: z.string().nullable().meta({ gqlDescription: 'Cantidad (decimal).', restDescription: dec }),
  unitCode: z.string().nullable().meta({ gqlDescription: 'uniMedida, CAT-014.', restDescription: 'uniMedida, CAT-014' }),
  unitPrice: z.string().nullable().meta({ gqlDescription: 'Precio unitario (FE: con IVA; CCF, NC, ND: sin IVA). Decimal de hasta 8 decimales.', restDescription: 'FE: con IVA; CCF, NC, ND: sin IVA' }),
  discount: z.string().nullable().meta({ restDescription: dec }),
  tax: z.enum(LINE_TAXES).nullable().meta({
    gql: 'String',
    gqlDescription: 'Tipo de venta: gravada, exenta, no_sujeta o no_gravado; null si la línea no lleva monto de venta.',
    restDescription: 'Tipo de venta; null si la línea no lleva monto de venta',
  }),
  nonSubjectAmount: z.string().nullable().meta({ gqlDescription: 'ventaNoSuj.', restDescription: 'ventaNoSuj' }),
  exemptAmount: z.string().nullable().meta({ gqlDescription: 'ventaExenta.', restDescription: 'ventaExenta' }),
  taxedAmount: z.string().nullable().meta({ gqlDescription: 'ventaGravada.', restDescription: 'ventaGravada' }),
  nonTaxedAmount: z.string().nullable().meta({ gqlDescription: 'noGravado.', restDescription: 'noGravado' }),
  iva: z.string().nullable().meta({ gqlDescription: 'ivaItem (FE, CL).', restDescription: 'ivaItem (FE, CL)' }),
  taxes: z.array(z.string()).meta({ gqlDescription: 'tributos, CAT-015.', restDescription: 'tributos, CAT-015' }),
  total: z.string().meta({
    gqlDescription: 'Total de la línea: sus columnas de venta sumadas (FSE: compra; CD: valor; CR: monto sujeto).',
    restDescription: 'Total de la línea: sus columnas de venta sumadas (FSE: compra; CD: valor; CR: monto sujeto)',
  }),
  relatedDocument: z.string().nullable().meta({ gqlDescription: 'numeroDocumento: el documento relacionado.', restDescription: 'numeroDocumento' }),
  relatedDocumentType: z.string().nullable().meta({ gqlDescription: 'CR y CL: tipo CAT-002 del documento relacionado.', restDescription: 'CR y CL: tipo CAT-002 del documento relacionado' }),
  relatedDocumentIssuedOn: z.string().nullable().meta({ gqlDescription: 'CR y CL: fecha de emisión del documento relacionado.', restDescription: 'CR y CL: fecha de emisión del documento relacionado' }),
  withholdingCode: z.string().nullable().meta({ gqlDescription: 'CR: codigoRetencionMH.', restDescription: 'CR: codigoRetencionMH' }),
  withheld: z.string().nullable().meta({ gqlDescription: 'CR: ivaRetenido.', restDescription: 'CR: ivaRetenido' }),
  donationType: z.string().nullable().meta({ gqlDescription: 'CD: tipoDonacion.', restDescription: 'CD: tipoDonacion' }),
  depreciation: z.string().nullable().meta({ gqlDescription: 'CD: tipoDepreciacion.', restDescription: 'CD: tipoDepreciacion' }),
});

export const documentPaymentMethodView = z.object({
  code: z.string().meta({ gqlDescription: 'CAT-017.', restDescription: 'CAT-017' }),
  amount: z.string().meta({ restDescription: 'Decimal con 2 decimales' }),
  reference: z.string().nullable(),
  term: z.string().nullable().meta({ gqlDescription: 'CAT-018.', restDescription: 'CAT-018' }),
  period: z.number().int().nullable(),
});

export const documentPaymentView = z.object({
  condition: z.string().nullable().meta({
    gqlDescription: 'condicionOperacion, CAT-016: 1 contado, 2 a crédito, 3 otro.',
    restDescription: 'condicionOperacion, CAT-016: 1 contado, 2 a crédito, 3 otro',
  }),
  methods: z.array(documentPaymentMethodView.meta({ id: 'DocumentPaymentMethod' })),
});

export type DocumentItemView = z.infer<typeof documentItemView>;
export type DocumentPaymentMethodView = z.infer<typeof documentPaymentMethodView>;
export type DocumentPaymentView = z.infer<typeof documentPaymentView>;
