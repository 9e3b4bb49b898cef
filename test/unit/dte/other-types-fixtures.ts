/** Request bodies of NR, CR, CL, DCL, FEX, FSE and CD used by the engine tests (one realistic body each). */
import type { ExtendedDteType } from '../../../src/domain/dte/dte.types';
import { CCF_RECEIVER, type Body } from './dte-fixtures';

export const RELATED_FE = 'C1B2C3D4-1111-4222-8333-444455556666';
export const RELATED_FSE = 'D1B2C3D4-1111-4222-8333-444455556666';

const base = (type: ExtendedDteType): Body => ({ emitterId: 'emi_1', type, establishment: 'M001', pointOfSale: 'P001' });

export const FOREIGN_RECEIVER = {
  name: 'Importadora del Pacífico, S.A.',
  documentType: '37',
  documentNumber: 'GT-5523410',
  activityDescription: 'Comercio al por mayor de alimentos',
  country: 'GT',
  foreignAddress: '6a. Avenida 12-40, Zona 10, Ciudad de Guatemala',
  personType: '2',
  email: 'compras@importadora.gt',
  phone: '50222334455',
};

export const EXCLUDED_SELLER = {
  name: 'María Elena Ramírez',
  documentType: '13',
  documentNumber: '01234567-8',
  address: { department: '06', municipality: '23', district: '14', line: 'Mercado Central, puesto 45' },
  phone: '70001234',
};

export function otherBody(type: ExtendedDteType, overrides: Body = {}): Body {
  const bodies: Record<ExtendedDteType, Body> = {
    '04': {
      receiver: CCF_RECEIVER,
      goodsTitle: '04',
      items: [
        { type: '1', code: 'SKU-1', description: 'Cajas de bebidas (traslado a sucursal)', quantity: '20', unitCode: '59', unitPrice: '12.50', tax: 'gravada' },
        { type: '1', description: 'Material promocional', quantity: '5', unitCode: '59', unitPrice: '3.00', tax: 'exenta' },
      ],
    },
    '07': {
      receiver: CCF_RECEIVER,
      withholdings: [
        { relatedDocument: { type: '03', generationCode: RELATED_FE, issuedOn: '2026-03-02' }, taxableAmount: '1500.00', code: '22', description: 'CCF de suministros' },
      ],
    },
    '08': {
      receiver: CCF_RECEIVER,
      settledDocuments: [
        { relatedDocument: { type: '03', generationCode: RELATED_FE, issuedOn: '2026-03-02' }, gravada: '400.00', perception: '4.00' },
        { relatedDocument: { type: '01', generationCode: '150', issuedOn: '2026-03-03' }, gravada: '200.00', exenta: '50.00' },
      ],
    },
    '09': {
      receiver: { ...CCF_RECEIVER, establishmentType: '01' },
      settlement: {
        periodStart: '2026-03-01', periodEnd: '2026-03-07', code: 'LIQ-2026-010', documentCount: 42, operationsAmount: '11300.00',
        commission: '250.00', commissionPercent: '2.21', responsible: { name: 'Ana López', documentNumber: '01234567-8' },
      },
    },
    '11': {
      receiver: FOREIGN_RECEIVER,
      items: [
        { type: '1', code: 'CAFE-69', description: 'Café oro lavado, sacos de 69 kg', quantity: '100', unitCode: '59', unitPrice: '245.50' },
        { type: '1', description: 'Café tostado molido', quantity: '40', unitCode: '59', unitPrice: '18.75', discount: '30.00' },
      ],
      export: { customsOffice: '02', regime: '1000.000', regimeType: 'EX-1', incoterms: '09', freight: '350.00', insurance: '120.00' },
    },
    '14': {
      receiver: EXCLUDED_SELLER,
      items: [
        { type: '1', description: 'Quintales de maíz', quantity: '10', unitCode: '59', unitPrice: '25.00' },
        { type: '2', description: 'Acarreo', quantity: '1', unitCode: '99', unitPrice: '30.00' },
      ],
      withholding: { renta: '10' },
    },
    '15': {
      // The donor: a company giving cash and used laptops to the issuer, the donee.
      receiver: { name: 'Distribuidora El Roble, S.A. de C.V.', documentType: '36', documentNumber: '06142010901010', email: 'contabilidad@elroble.com.sv' },
      items: [
        { donationType: '1', description: 'Donación en efectivo para el programa de becas', quantity: '1', unitCode: '99', unitPrice: '1500.00' },
        { donationType: '2', description: 'Computadoras portátiles usadas', quantity: '3', unitCode: '59', unitPrice: '400.00', depreciation: '300.00' },
      ],
      associatedDocuments: [{ code: '1', identification: 'Resolución DGII 12-2025', description: 'Autorización como entidad donataria' }],
    },
  };
  return { ...base(type), ...bodies[type], ...overrides };
}
