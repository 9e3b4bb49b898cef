import { issuedLinesOf, type DocumentItemView } from '../../../src/domain/documents';
import { ledgerDoc } from '../fiscal/fiscal-fixtures';

const AT = '2026-03-02T15:00:00Z';
const NONE = {
  code: null, quantity: null, unitCode: null, unitPrice: null, discount: null, tax: null, nonSubjectAmount: null, exemptAmount: null, taxedAmount: null,
  nonTaxedAmount: null, iva: null, taxes: [], relatedDocument: null, relatedDocumentType: null, relatedDocumentIssuedOn: null, withholdingCode: null,
  withheld: null, donationType: null, depreciation: null,
} satisfies Partial<DocumentItemView>;
const sale = (v: Partial<DocumentItemView>): Partial<DocumentItemView> => ({ ...NONE, nonSubjectAmount: '0', exemptAmount: '0', taxedAmount: '0', nonTaxedAmount: '0', discount: '0', ...v });

const FE_BODY = {
  items: [
    { type: '1', code: 'CAF-500', description: 'Café molido 500 g', quantity: '2', unitCode: '59', unitPrice: '5.65', discount: '0.30', tax: 'gravada' },
    { type: '2', description: 'Envío', quantity: '1', unitCode: '59', unitPrice: '3.00', tax: 'exenta' },
    { type: '2', description: 'Propina', quantity: '1', unitCode: '99', unitPrice: '1.50', tax: 'no_sujeta' },
  ],
  payment: { condition: '2', methods: [{ code: '05', amount: '15.50', reference: 'Transferencia 123', term: '02', period: 30 }] },
};

describe('issuedLinesOf: the lines and payment terms of the JSON as signed', () => {
  const rows: [label: string, json: () => unknown, expected: { items: Partial<DocumentItemView>[]; payment: unknown }][] = [
    ['FE: taxed (IVA inside, with discount), exempt and non-subject lines, on credit', () => ledgerDoc({ type: '01', n: 1, at: AT, body: FE_BODY }).json, {
      items: [
        sale({ number: 1, type: '1', code: 'CAF-500', description: 'Café molido 500 g', quantity: '2', unitCode: '59', unitPrice: '5.65', discount: '0.3', tax: 'gravada', taxedAmount: '11', iva: '1.26548673', total: '11' }),
        sale({ number: 2, type: '2', description: 'Envío', quantity: '1', unitCode: '59', unitPrice: '3', tax: 'exenta', exemptAmount: '3', iva: '0', total: '3' }),
        sale({ number: 3, type: '2', description: 'Propina', quantity: '1', unitCode: '99', unitPrice: '1.5', tax: 'no_sujeta', nonSubjectAmount: '1.5', iva: '0', total: '1.5' }),
      ],
      payment: { condition: '2', methods: [{ code: '05', amount: '15.50', reference: 'Transferencia 123', term: '02', period: 30 }] },
    }],
    ['CCF: IVA as tributo 20, paid cash', () => ledgerDoc({ type: '03', n: 2, at: AT }).json, {
      items: [sale({ number: 1, type: '1', description: 'Producto', quantity: '1', unitCode: '59', unitPrice: '10', tax: 'gravada', taxedAmount: '10', taxes: ['20'], total: '10' })],
      payment: { condition: '1', methods: [{ code: '01', amount: '11.30', reference: null, term: null, period: null }] },
    }],
    ['CR: the withheld document and amount, no payment', () => JSON.stringify(ledgerDoc({ type: '07', n: 3, at: AT }).json), {
      items: [{ ...NONE, number: 1, type: null, description: 'CCF de suministros', total: '1500', relatedDocument: 'C1B2C3D4-1111-4222-8333-444455556666', relatedDocumentType: '03', relatedDocumentIssuedOn: '2026-03-02', withholdingCode: '22', withheld: '15' }],
      payment: null,
    }],
    ['FSE: purchases without a type of sale', () => ledgerDoc({ type: '14', n: 4, at: AT }).json, {
      items: [
        { ...NONE, number: 1, type: '1', description: 'Quintales de maíz', quantity: '10', unitCode: '59', unitPrice: '25', discount: '0', total: '250' },
        { ...NONE, number: 2, type: '2', description: 'Acarreo', quantity: '1', unitCode: '99', unitPrice: '30', discount: '0', total: '30' },
      ],
      payment: { condition: '1', methods: [{ code: '01', amount: '252.00', reference: null, term: null, period: null }] },
    }],
    ['CD: donations with their value and depreciation, payment without a condition', () => ledgerDoc({ type: '15', n: 5, at: AT }).json, {
      items: [
        { ...NONE, number: 1, type: null, description: 'Donación en efectivo para el programa de becas', quantity: '1', unitCode: '99', unitPrice: '1500', total: '1500', donationType: '1', depreciation: '0' },
        { ...NONE, number: 2, type: null, description: 'Computadoras portátiles usadas', quantity: '3', unitCode: '59', unitPrice: '400', total: '900', donationType: '2', depreciation: '300' },
      ],
      payment: { condition: null, methods: [{ code: '01', amount: '1500.00', reference: null, term: null, period: null }] },
    }],
    ['DCL: one settlement, no lines', () => ({ cuerpoDocumento: { subTotal: 100 }, resumen: null }), { items: [], payment: null }],
    ['text that is not JSON', () => 'no es JSON', { items: [], payment: null }],
  ];
  it.each(rows)('%s', (_label, json, expected) => {
    const got = issuedLinesOf(json());
    expect(got.payment).toEqual(expected.payment);
    expect(got.items).toHaveLength(expected.items.length);
    got.items.forEach((item, i) => expect(item).toEqual(expected.items[i]));
  });
});
