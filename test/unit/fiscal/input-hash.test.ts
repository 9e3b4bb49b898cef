import { computeInputHash, documentFingerprint, reportInputRows, type LedgerDocument } from '../../../src/domain/fiscal/index';
import { PURCHASE_BODY, ledgerDoc, ledgerRecord } from './fiscal-fixtures';

const A = ledgerDoc({ type: '03', n: 1, at: '2026-03-10T16:45:30Z' });
const B = ledgerDoc({ type: '01', n: 2, at: '2026-03-11T16:45:30Z' });
const R = ledgerRecord('purchases', PURCHASE_BODY);
const RULES = 'f07-v14/f07_anexo1@2026.1';
const PARAMS = { total: 'without_debits', encoding: 'utf-8' };
const BASE = computeInputHash([A, B, R], RULES, PARAMS);

describe('computeInputHash', () => {
  const same: [string, string][] = [
    ['same inputs again', computeInputHash([A, B, R], RULES, PARAMS)],
    ['rows in another order', computeInputHash([R, B, A], RULES, PARAMS)],
    ['params keys in another order', computeInputHash([A, B, R], RULES, { encoding: 'utf-8', total: 'without_debits' })],
    ['a deep copy of the inputs', computeInputHash(JSON.parse(JSON.stringify([A, B, R])), RULES, PARAMS)],
  ];
  it.each(same)('unchanged: %s', (_label, hash) => expect(hash).toBe(BASE));

  const voided: LedgerDocument = { ...A, status: 'voided', voidedAt: '2026-03-20T10:00:00Z' };
  const changed: [string, string][] = [
    ['a document changes status', computeInputHash([voided, B, R], RULES, PARAMS)],
    ['a fiscal tag changes', computeInputHash([{ ...A, fiscalTags: { ...A.fiscalTags, freeZone: true } }, B, R], RULES, PARAMS)],
    ['a record amount changes', computeInputHash([A, B, ledgerRecord('purchases', { ...PURCHASE_BODY, amounts: { taxed_internal: '100.01' } })], RULES, PARAMS)],
    ['a row is missing', computeInputHash([A, B], RULES, PARAMS)],
    ['the rules version changes', computeInputHash([A, B, R], 'f07-v14/f07_anexo1@2026.4', PARAMS)],
    ['a param changes', computeInputHash([A, B, R], RULES, { ...PARAMS, total: 'with_debits' })],
    ['the income fallback changes', computeInputHash([A, B, R], RULES, { ...PARAMS, income: 'blank' })],
  ];
  it.each(changed)('changes: %s', (_label, hash) => {
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toBe(BASE);
  });

  it('reportInputRows: documents issued or voided in the period, and the period’s records', () => {
    const lateVoid = { ...ledgerDoc({ type: '01', n: 3, at: '2026-02-11T16:45:30Z' }), status: 'voided' as const, voidedAt: '2026-03-02T10:00:00Z' };
    const february = ledgerDoc({ type: '01', n: 4, at: '2026-02-11T16:45:30Z' });
    const aprilRecord = ledgerRecord('purchases', { ...PURCHASE_BODY, externalId: 'P-APR', accountingDate: '2026-04-01' });
    const rows = reportInputRows({ period: '2026-03', documents: [A, lateVoid, february], records: [R, aprilRecord] });
    expect(rows.map((r) => r.id)).toEqual(['doc_1', 'doc_3', 'rec_P-1']);
  });

  it('a document fingerprint carries what the books read from the JSON, and changes with it', () => {
    const fp = documentFingerprint(A);
    expect(fp.facts).toEqual({
      type: '03', issuedOn: '2026-03-10', issuedTime: '10:45:30', controlNumber: 'DTE-03-M001P001-000000000000001', generationCode: 'A0000000-0000-4000-8000-000000000001',
      pointOfSale: 'M001P001', exempt: 0, nonSubject: 0, taxed: 1000, vat: 130, perceived: 0,
      receiver: { nit: '06140101901234', nrc: '765432', dui: null, name: 'Cliente Corporativo, S.A. de C.V.' }, thirdParty: null,
      inferredIncomeCodes: { operationType: '1', incomeType: '3' },
      typeFacts: { withholding: null, exports: null, excludedSubject: null, settlement: null },
    });
    const json = JSON.parse(JSON.stringify(A.json));
    json.resumen.totalGravada = 11;
    const changedDoc = { ...A, json };
    expect(computeInputHash([documentFingerprint(changedDoc)], RULES, PARAMS)).not.toBe(computeInputHash([fp], RULES, PARAMS));
  });

  it('the item types an inferred income type is read from are part of the fingerprint', () => {
    const json = JSON.parse(JSON.stringify(A.json));
    json.cuerpoDocumento[0].tipoItem = 2;
    const services = documentFingerprint({ ...A, json });
    expect((services.facts as { inferredIncomeCodes: unknown }).inferredIncomeCodes).toEqual({ operationType: '1', incomeType: '2' });
    expect(computeInputHash([services], RULES, PARAMS)).not.toBe(computeInputHash([documentFingerprint(A)], RULES, PARAMS));
  });
});
