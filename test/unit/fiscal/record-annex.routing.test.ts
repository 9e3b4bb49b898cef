import { recordAnnexOf, recordCountsNegative, type FiscalResource } from '../../../src/domain/fiscal';

describe('recordAnnexOf (F-07 annex of a fiscal record, as the annex generators select records)', () => {
  const CASES: [FiscalResource, string | undefined, string | undefined, string][] = [
    ['purchases', '03', undefined, 'f07_anexo3'],
    ['purchases', '05', undefined, 'f07_anexo3'],
    ['purchases', '12', undefined, 'f07_anexo3'],
    ['purchases', '13', undefined, 'f07_anexo3'],
    ['purchases', '14', undefined, 'f07_anexo5'],
    ['withholdings-received', '07', 'retention_1', 'f07_anexo7'],
    ['withholdings-received', '03', 'perception_1', 'f07_anexo8'],
    ['withholdings-received', '07', undefined, ''],
    ['withholdings-made', '07', 'retention_1', 'f07_anexo10'],
    ['withholdings-made', '07', 'retention_13', 'f07_anexo12'],
    ['external-sales', '03', undefined, 'f07_anexo1'],
    ['external-sales', '05', undefined, 'f07_anexo1'],
    ['external-sales', '06', undefined, 'f07_anexo1'],
    ['external-sales', '01', undefined, 'f07_anexo2'],
    ['external-sales', '11', undefined, 'f07_anexo2'],
    ['external-sales', '14', undefined, ''],
    ['external-sales', undefined, undefined, ''],
  ];
  it.each(CASES)('%s type %s kind %s → %s', (resource, docType, kind, annex) => {
    expect(recordAnnexOf(resource, { docType, attributes: kind ? { kind } : {} })).toBe(annex);
  });
});

describe('recordCountsNegative (credit notes subtract in the books)', () => {
  const CASES: [FiscalResource, string | undefined, boolean][] = [
    ['purchases', '05', true],
    ['purchases', '03', false],
    ['purchases', '06', false],
    ['external-sales', '05', true],
    ['external-sales', '01', false],
    ['withholdings-received', '05', false],
    ['withholdings-made', '05', false],
    ['purchases', undefined, false],
  ];
  it.each(CASES)('%s type %s → %s', (resource, docType, negative) => {
    expect(recordCountsNegative(resource, docType)).toBe(negative);
  });
});
