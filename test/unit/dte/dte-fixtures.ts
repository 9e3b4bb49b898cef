/** Shared fixtures of the DTE engine tests: a build context and request bodies per type. */
import type { BuildContext } from '../../../src/domain/dte/builders/build-context';
import type { AnyDteType, DteType } from '../../../src/domain/dte/dte.types';

export const GENERATION_CODE = 'A1B2C3D4-1111-4222-8333-444455556666';
export const RELATED_CCF = 'B1B2C3D4-1111-4222-8333-444455556666';

export function makeContext(type: AnyDteType, overrides: Partial<BuildContext> = {}): BuildContext {
  const address = { department: '06', municipality: '23', district: '14', line: 'Col. Escalón, Paseo General Escalón 123' };
  return {
    environment: '00',
    generationCode: GENERATION_CODE,
    controlNumber: `DTE-${type}-M001P001-000000000000001`,
    issuedAt: new Date('2026-03-10T16:45:30Z'),
    emitter: {
      nit: '06142803901121',
      nrc: '1234567',
      name: 'Empresa Demo, S.A. de C.V.',
      tradeName: 'Demo',
      economicActivity: '62010',
      phone: '22223333',
      email: 'facturas@demo.com.sv',
      address,
      isLargeTaxpayer: false,
    },
    establishment: { code: 'M001', type: '02', address, phone: null, email: null },
    pointOfSale: { code: 'P001' },
    contingency: null,
    relatedDocuments: type === '05' || type === '06' ? [{ type: '03', generationType: 2, number: RELATED_CCF, issuedOn: '2026-02-01' }] : [],
    feReceiverThreshold: '25000.00',
    ...overrides,
  };
}

export const CCF_RECEIVER = {
  name: 'Cliente Corporativo, S.A. de C.V.',
  documentType: '36',
  documentNumber: '06140101901234',
  nrc: '765432',
  economicActivity: '46900',
  address: { department: '05', municipality: '25', district: '11', line: 'Zona Industrial, Bodega 4' },
  email: 'compras@cliente.com.sv',
  phone: '25556666',
};

export type Body = Record<string, unknown>;

export function item(overrides: Body = {}): Body {
  return { type: '1', description: 'Producto', quantity: '1', unitCode: '59', unitPrice: '10.00', tax: 'gravada', ...overrides };
}

/** A minimal valid body of each type. */
export function body(type: DteType, overrides: Body = {}): Body {
  const base: Body = { emitterId: 'emi_1', type, establishment: 'M001', pointOfSale: 'P001', items: [item()] };
  if (type !== '01') base.receiver = CCF_RECEIVER;
  if (type === '05' || type === '06') {
    base.relatedDocuments = [{ type: '03', generationCode: RELATED_CCF, issuedOn: '2026-02-01' }];
    base.items = [item({ relatedDocument: RELATED_CCF })];
  }
  return { ...base, ...overrides };
}
