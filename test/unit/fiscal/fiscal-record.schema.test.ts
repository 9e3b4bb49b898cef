import { compareVersions, parseFiscalRecord, recordContentHash, type FiscalRecord, type FiscalResource } from '../../../src/domain/fiscal/index';
import { PURCHASE_BODY, sealOf, type Body } from './fiscal-fixtures';

type Errs = { path: string; code: string }[];

function errorsOf(resource: FiscalResource, b: unknown): Errs {
  const r = parseFiscalRecord(resource, b);
  if (r.ok) return [];
  return r.errors.map(({ path, code }) => ({ path, code }));
}

function valueOf(resource: FiscalResource, b: unknown): FiscalRecord {
  const r = parseFiscalRecord(resource, b);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

const base = { externalId: 'X-1', version: 1, accountingDate: '2026-03-20', issueDate: '2026-03-15' };
const dte = (type: string, n = 1) => ({
  docClass: '4', docType: type, generationCode: `C0000000-0000-4000-8000-00000000000${n}`,
  controlNumber: `DTE-${type}-M001P001-00000000000000${n}`, seal: sealOf(n),
});
const printed = { docClass: '1', attributes: { document_number: '1542', series: '21SD000C', resolution: '15041-RES-CR-2021' } };

const VALID: [string, FiscalResource, Body][] = [
  ['purchase CCF (DTE) with the quartet', 'purchases', PURCHASE_BODY],
  ['purchase NC (DTE) without classification', 'purchases', { ...base, ...dte('05'), counterpart: { name: 'P', nrc: '123' }, amounts: { taxed_internal: '10.00', vat_credit: '1.30' } }],
  ['purchase printed CCF', 'purchases', { ...base, docClass: '1', docType: '03', attributes: { document_number: '000154' }, counterpart: { name: 'P', nit: '06140101901234' } }],
  ['purchase DUCA (class 3, tipo 12) without supplier id', 'purchases', { ...base, docClass: '3', docType: '12', attributes: { document_number: '4-123456' }, counterpart: { name: 'Dirección General de Tesorería' }, amounts: { taxed_import_goods: '1000.00', vat_credit: '130.00' } }],
  ['purchase mandamiento (13)', 'purchases', { ...base, docClass: '3', docType: '13', attributes: { document_number: 'M-77' }, counterpart: { name: 'DGT', nit: '06140108140066' }, amounts: { taxed_import_services: '200', vat_credit: '26' } }],
  ['purchase from sujeto excluido (14) with other id', 'purchases', { ...base, ...dte('14'), counterpart: { name: 'Juan Pérez' }, amounts: { operation_amount: '280.00', vat_withheld: '0' }, attributes: { other_id_number: 'A1234567' } }],
  ['purchase classification 9 in all four', 'purchases', { ...PURCHASE_BODY, attributes: { operation_type: '9', classification: '9', sector: '9', cost_type: '9' } }],
  ['purchase costo industria 6', 'purchases', { ...PURCHASE_BODY, attributes: { operation_type: '4', classification: '1', sector: '1', cost_type: '6' } }],
  ['retention received (CR 07)', 'withholdings-received', { ...base, ...dte('07'), counterpart: { nit: '06140101901234' }, amounts: { subject_amount: '1000.00', withheld_amount: '10.00' }, attributes: { kind: 'retention_1' } }],
  ['perception received on a DUCA', 'withholdings-received', { ...base, docClass: '3', docType: '12', counterpart: { nit: '06140108140066' }, amounts: { subject_amount: '500', perceived_amount: '5' }, attributes: { kind: 'perception_1', document_number: '4-55' } }],
  ['perception received printed CCF', 'withholdings-received', { ...base, docType: '03', counterpart: { dui: '01234567-8' }, amounts: { subject_amount: '500', perceived_amount: '5' }, ...printed, attributes: { kind: 'perception_1', document_number: '77', series: '21SD000C' } }],
  ['external CCF (DTE)', 'external-sales', { ...base, ...dte('03'), counterpart: { name: 'Cliente', nrc: '765432' }, amounts: { taxed: '100', vat_debit: '13', vat_perceived: '1' }, attributes: { operation_type: '1', income_type: '3' } }],
  ['external FE day range (DTE)', 'external-sales', { ...base, docClass: '4', docType: '01', generationCode: 'C0000000-0000-4000-8000-000000000001', attributes: { last_generation_code: 'C0000000000040008000000000000009' }, amounts: { taxed: '113.00' } }],
  ['external printed factura range', 'external-sales', { ...base, docType: '01', ...printed, attributes: { ...printed.attributes, last_document_number: '1600' }, amounts: { exempt: '10' } }],
  ['external FEX', 'external-sales', { ...base, ...dte('11'), amounts: { exports_outside_central_america: '5000' } }],
  ['retention made 1 %', 'withholdings-made', { ...base, ...dte('07'), counterpart: { nit: '06140101901234', name: 'Proveedor' }, amounts: { subject_amount: '200', withheld_amount: '2' }, attributes: { kind: 'retention_1' } }],
  ['retention made 13 % printed', 'withholdings-made', { ...base, docType: '07', ...printed, counterpart: { dui: '012345678' }, amounts: { subject_amount: '100', withheld_amount: '13' }, attributes: { ...printed.attributes, kind: 'retention_13' } }],
];

/** issue_date, doc_class and doc_type are optional (spec): their absence never refuses a record. */
const WITHOUT_OPTIONAL: [string, FiscalResource, Body][] = [
  ['purchase with none of the three', 'purchases', { externalId: 'P-9', version: 1, accountingDate: '2026-03-20', counterpart: { name: 'P', nrc: '12' }, amounts: { taxed_internal: '10.00', vat_credit: '1.30' } }],
  ['purchase DTE without class or type', 'purchases', { ...base, issueDate: undefined, generationCode: 'C0000000-0000-4000-8000-000000000001', counterpart: { name: 'P', nrc: '12' } }],
  ['purchase DUCA type without class (supplier id optional as for class 3)', 'purchases', { ...base, docType: '12', counterpart: { name: 'DGT' }, amounts: { taxed_import_goods: '1' } }],
  ['external sale without the three', 'external-sales', { externalId: 'V-9', version: 1, accountingDate: '2026-03-20', amounts: { taxed: '113.00' } }],
  ['received retention without class or type', 'withholdings-received', { externalId: 'R-9', version: 1, accountingDate: '2026-03-20', counterpart: { nit: '06140101901234' }, amounts: { subject_amount: '1', withheld_amount: '0.01' }, attributes: { kind: 'retention_1' } }],
  ['retention made without class or type', 'withholdings-made', { externalId: 'M-9', version: 1, accountingDate: '2026-03-20', counterpart: { nit: '06140101901234' }, amounts: { subject_amount: '1', withheld_amount: '0.01' }, attributes: { kind: 'retention_1' } }],
];

describe('parseFiscalRecord — issue_date, doc_class and doc_type are optional', () => {
  it.each(WITHOUT_OPTIONAL)('%s', (_label, resource, b) => {
    expect(errorsOf(resource, b)).toEqual([]);
    // Stored as given: nothing derived into the record itself.
    const v = valueOf(resource, b);
    expect([v.issueDate, v.docClass, v.docType]).toEqual([b.issueDate, b.docClass, b.docType]);
  });
});

describe('parseFiscalRecord — valid records per resource', () => {
  it.each(VALID)('%s', (_label, resource, b) => {
    expect(errorsOf(resource, b)).toEqual([]);
  });
});

const INVALID: [string, FiscalResource, Body, Errs][] = [
  ['unknown top-level field', 'purchases', { ...PURCHASE_BODY, foo: 1 }, [{ path: 'foo', code: 'unknown_field' }]],
  ['missing externalId and version', 'purchases', { ...PURCHASE_BODY, externalId: undefined, version: undefined }, [{ path: 'externalId', code: 'required' }, { path: 'version', code: 'required' }]],
  ['version 0', 'purchases', { ...PURCHASE_BODY, version: 0 }, [{ path: 'version', code: 'out_of_range' }]],
  ['source outside the list', 'purchases', { ...PURCHASE_BODY, source: 'api' }, [{ path: 'source', code: 'invalid_value' }]],
  ['impossible date', 'purchases', { ...PURCHASE_BODY, accountingDate: '2026-02-30' }, [{ path: 'accountingDate', code: 'invalid_format' }]],
  ['doc class 5', 'purchases', { ...PURCHASE_BODY, docClass: '5' }, [{ path: 'docClass', code: 'invalid_value' }]],
  ['doc type not in CAT-002', 'purchases', { ...PURCHASE_BODY, docType: '99' }, [{ path: 'docType', code: 'unknown_catalog_code' }]],
  ['bad NIT', 'purchases', { ...PURCHASE_BODY, counterpart: { name: 'P', nit: '0614-01' } }, [{ path: 'counterpart.nit', code: 'invalid_format' }]],
  ['bad NRC', 'purchases', { ...PURCHASE_BODY, counterpart: { name: 'P', nrc: '1' } }, [{ path: 'counterpart.nrc', code: 'invalid_format' }]],
  ['bad DUI', 'purchases', { ...PURCHASE_BODY, counterpart: { name: 'P', dui: '1234-5' } }, [{ path: 'counterpart.dui', code: 'invalid_format' }]],
  ['unknown country', 'purchases', { ...PURCHASE_BODY, counterpart: { name: 'P', nit: '06140101901234', countryCode: 'XX' } }, [{ path: 'counterpart.countryCode', code: 'unknown_catalog_code' }]],
  ['bad generation code', 'purchases', { ...PURCHASE_BODY, generationCode: 'ABC' }, [{ path: 'generationCode', code: 'invalid_format' }]],
  ['bad control number', 'purchases', { ...PURCHASE_BODY, controlNumber: 'DTE-03-123' }, [{ path: 'controlNumber', code: 'invalid_format' }]],
  ['bad seal', 'purchases', { ...PURCHASE_BODY, seal: 'short' }, [{ path: 'seal', code: 'invalid_format' }]],
  ['amount with comma', 'purchases', { ...PURCHASE_BODY, amounts: { taxed_internal: '1,000.00' } }, [{ path: 'amounts.taxed_internal', code: 'invalid_format' }]],
  ['amount with 9 decimals', 'purchases', { ...PURCHASE_BODY, amounts: { taxed_internal: '1.123456789' } }, [{ path: 'amounts.taxed_internal', code: 'invalid_format' }]],
  ['negative amount (MH forbids)', 'purchases', { ...PURCHASE_BODY, amounts: { taxed_internal: '-5.00' } }, [{ path: 'amounts.taxed_internal', code: 'out_of_range' }]],
  ['amount as a number', 'purchases', { ...PURCHASE_BODY, amounts: { taxed_internal: 5 } }, [{ path: 'amounts.taxed_internal', code: 'invalid_type' }]],
  ['unknown amount key', 'purchases', { ...PURCHASE_BODY, amounts: { taxed: '1' } }, [{ path: 'amounts.taxed', code: 'unknown_field' }]],
  ['import key on a CCF', 'purchases', { ...PURCHASE_BODY, amounts: { taxed_import_goods: '1' } }, [{ path: 'amounts.taxed_import_goods', code: 'invalid_combination' }]],
  ['internal key on a DUCA', 'purchases', { ...PURCHASE_BODY, ...{ docClass: '3', docType: '12', generationCode: undefined, controlNumber: undefined, seal: undefined }, attributes: { document_number: '4-1' }, amounts: { taxed_internal: '1' } }, [{ path: 'amounts.taxed_internal', code: 'invalid_combination' }]],
  ['FSE without operation amount', 'purchases', { ...PURCHASE_BODY, docType: '14', controlNumber: 'DTE-14-M001P001-000000000000007', amounts: {}, attributes: {} }, [{ path: 'amounts.operation_amount', code: 'required' }]],
  ['unknown attribute', 'purchases', { ...PURCHASE_BODY, attributes: { origin: 'x' } }, [{ path: 'attributes.origin', code: 'unknown_field' }]],
  ['other id outside tipo 14', 'purchases', { ...PURCHASE_BODY, attributes: { other_id_number: 'A1' } }, [{ path: 'attributes.other_id_number', code: 'invalid_combination' }]],
  ['partial quartet', 'purchases', { ...PURCHASE_BODY, attributes: { operation_type: '1', classification: '2' } }, [{ path: 'attributes.sector', code: 'required' }, { path: 'attributes.cost_type', code: 'required' }]],
  ['quartet code outside the list', 'purchases', { ...PURCHASE_BODY, attributes: { operation_type: '5', classification: '2', sector: '2', cost_type: '2' } }, [{ path: 'attributes.operation_type', code: 'unknown_catalog_code' }]],
  ['gasto with cost type 4', 'purchases', { ...PURCHASE_BODY, attributes: { operation_type: '1', classification: '2', sector: '2', cost_type: '4' } }, [{ path: 'attributes.cost_type', code: 'invalid_combination' }]],
  ['costo with cost type 6 outside industry', 'purchases', { ...PURCHASE_BODY, attributes: { operation_type: '1', classification: '1', sector: '2', cost_type: '6' } }, [{ path: 'attributes.cost_type', code: 'invalid_combination' }]],
  ['code 8 not in all four', 'purchases', { ...PURCHASE_BODY, attributes: { operation_type: '8', classification: '1', sector: '2', cost_type: '4' } }, [{ path: 'attributes.operation_type', code: 'invalid_combination' }]],
  ['DTE without generation code', 'purchases', { ...PURCHASE_BODY, generationCode: undefined }, [{ path: 'generationCode', code: 'required' }]],
  ['control number of another type', 'purchases', { ...PURCHASE_BODY, controlNumber: 'DTE-05-M001P001-000000000000007' }, [{ path: 'controlNumber', code: 'invalid_combination' }]],
  ['DTE with a printed number', 'purchases', { ...PURCHASE_BODY, attributes: { document_number: '1' } }, [{ path: 'attributes.document_number', code: 'invalid_combination' }]],
  ['printed with a seal and no number', 'purchases', { ...PURCHASE_BODY, docClass: '1', generationCode: undefined, controlNumber: undefined, attributes: {} }, [{ path: 'seal', code: 'invalid_combination' }, { path: 'attributes.document_number', code: 'required' }]],
  ['class 3 with a CCF type', 'purchases', { ...PURCHASE_BODY, docClass: '3', generationCode: undefined, controlNumber: undefined, seal: undefined, attributes: { document_number: '1' } }, [{ path: 'docType', code: 'invalid_combination' }]],
  ['FE is not a purchase type', 'purchases', { ...PURCHASE_BODY, docType: '01', controlNumber: undefined }, [{ path: 'docType', code: 'invalid_combination' }]],
  ['issue date after accounting date', 'purchases', { ...PURCHASE_BODY, issueDate: '2026-03-13' }, [{ path: 'issueDate', code: 'invalid_combination' }]],
  ['without class, a type the resource does not take', 'purchases', { ...base, issueDate: undefined, docType: '01', counterpart: { name: 'P', nrc: '12' } }, [{ path: 'docType', code: 'invalid_combination' }]],
  ['without class, a control number of another type', 'purchases', { ...base, docType: '05', controlNumber: 'DTE-03-M001P001-000000000000007', counterpart: { name: 'P', nrc: '12' } }, [{ path: 'controlNumber', code: 'invalid_combination' }]],
  ['supplier without any id', 'purchases', { ...PURCHASE_BODY, counterpart: { name: 'P' } }, [{ path: 'counterpart.nit', code: 'required' }]],
  ['supplier missing', 'purchases', { ...PURCHASE_BODY, counterpart: undefined }, [{ path: 'counterpart', code: 'required' }]],
  ['received without kind', 'withholdings-received', { ...base, ...dte('07'), counterpart: { nit: '06140101901234' }, amounts: { subject_amount: '1', withheld_amount: '0.01' } }, [{ path: 'attributes.kind', code: 'required' }]],
  ['received kind unknown', 'withholdings-received', { ...base, ...dte('07'), counterpart: { nit: '06140101901234' }, amounts: { subject_amount: '1' }, attributes: { kind: 'advance_2' } }, [{ path: 'attributes.kind', code: 'invalid_value' }]],
  ['retention received on a CCF', 'withholdings-received', { ...base, ...dte('03'), counterpart: { nit: '06140101901234' }, amounts: { subject_amount: '1', withheld_amount: '0.01' }, attributes: { kind: 'retention_1' } }, [{ path: 'docType', code: 'invalid_combination' }]],
  ['perception amount key on a retention', 'withholdings-received', { ...base, ...dte('07'), counterpart: { nit: '06140101901234' }, amounts: { subject_amount: '1', perceived_amount: '0.01' }, attributes: { kind: 'retention_1' } }, [{ path: 'amounts.perceived_amount', code: 'invalid_combination' }, { path: 'amounts.withheld_amount', code: 'required' }]],
  ['agent identified only by NRC', 'withholdings-received', { ...base, ...dte('07'), counterpart: { nrc: '123' }, amounts: { subject_amount: '1', withheld_amount: '0.01' }, attributes: { kind: 'retention_1' } }, [{ path: 'counterpart.nit', code: 'required' }]],
  ['printed retention without series', 'withholdings-received', { ...base, docClass: '1', docType: '07', counterpart: { nit: '06140101901234' }, amounts: { subject_amount: '1', withheld_amount: '0.01' }, attributes: { kind: 'retention_1', document_number: '5' } }, [{ path: 'attributes.series', code: 'required' }]],
  ['external CCF without control number', 'external-sales', { ...base, ...dte('03'), controlNumber: undefined, counterpart: { name: 'C', nrc: '12' } }, [{ path: 'controlNumber', code: 'required' }]],
  ['external CCF without customer', 'external-sales', { ...base, ...dte('03') }, [{ path: 'counterpart', code: 'required' }]],
  ['VAT debit on an FE', 'external-sales', { ...base, ...dte('01'), amounts: { vat_debit: '1' } }, [{ path: 'amounts.vat_debit', code: 'invalid_combination' }]],
  ['range end on a CCF', 'external-sales', { ...base, ...dte('03'), counterpart: { name: 'C', nrc: '12' }, attributes: { last_generation_code: 'C0000000-0000-4000-8000-000000000009' } }, [{ path: 'attributes.last_generation_code', code: 'invalid_combination' }]],
  ['bad range end code', 'external-sales', { ...base, ...dte('01'), attributes: { last_generation_code: 'nope' } }, [{ path: 'attributes.last_generation_code', code: 'invalid_format' }]],
  ['income type without operation type', 'external-sales', { ...base, ...dte('01'), attributes: { income_type: '3' } }, [{ path: 'attributes.operation_type', code: 'required' }]],
  ['income code 11 does not exist', 'external-sales', { ...base, ...dte('01'), attributes: { operation_type: '1', income_type: '11' } }, [{ path: 'attributes.income_type', code: 'unknown_catalog_code' }]],
  ['income code 12 with 3', 'external-sales', { ...base, ...dte('01'), attributes: { operation_type: '12', income_type: '3' } }, [{ path: 'attributes.income_type', code: 'invalid_combination' }]],
  ['printed sale without resolution', 'external-sales', { ...base, docClass: '2', docType: '01', attributes: { document_number: '1', series: 'A' } }, [{ path: 'attributes.resolution', code: 'required' }]],
  ['made 13 % on a CCF', 'withholdings-made', { ...base, ...dte('03'), counterpart: { nit: '06140101901234' }, amounts: { subject_amount: '1', withheld_amount: '0.13' }, attributes: { kind: 'retention_13' } }, [{ path: 'docType', code: 'invalid_combination' }]],
  ['made without withheld amount', 'withholdings-made', { ...base, ...dte('07'), counterpart: { nit: '06140101901234' }, amounts: { subject_amount: '1' }, attributes: { kind: 'retention_1' } }, [{ path: 'amounts.withheld_amount', code: 'required' }]],
  ['made with class 3', 'withholdings-made', { ...base, docClass: '3', docType: '07', counterpart: { nit: '06140101901234' }, amounts: { subject_amount: '1', withheld_amount: '0.01' }, attributes: { kind: 'retention_1', document_number: '1' } }, [{ path: 'docClass', code: 'invalid_combination' }]],
];

describe('parseFiscalRecord — refusals', () => {
  it.each(INVALID)('%s', (_label, resource, b, expected) => {
    expect(errorsOf(resource, b)).toEqual(expected);
  });

  it('messages are Spanish', () => {
    const r = parseFiscalRecord('purchases', { ...PURCHASE_BODY, attributes: { operation_type: '1', classification: '2', sector: '2', cost_type: '4' } });
    expect(r).toEqual({ ok: false, errors: [{ path: 'attributes.cost_type', code: 'invalid_combination', message: 'Combinación no permitida por el MH: un gasto admite los tipos 1, 2 o 3.' }] });
  });
});

describe('parseFiscalRecord — normalisation', () => {
  it('identifiers without dashes, codes uppercase, defaults filled', () => {
    const v = valueOf('purchases', {
      ...PURCHASE_BODY, generationCode: 'b0000000000040008000000000000001', controlNumber: 'dte03m001p001000000000000007', seal: sealOf(501).toLowerCase(),
    });
    expect({ ...v, amounts: undefined, attributes: undefined }).toEqual({
      externalId: 'P-1', version: 1, source: 'erp', accountingDate: '2026-03-12', issueDate: '2026-03-10', docClass: '4', docType: '03',
      generationCode: 'B0000000-0000-4000-8000-000000000001', controlNumber: 'DTE-03-M001P001-000000000000007', seal: sealOf(501),
      counterpart: { name: 'Proveedor Uno, S.A. de C.V.', nit: '06140101901234', nrc: '123456' }, excludeFromBooks: false,
      amounts: undefined, attributes: undefined,
    });
  });

  it('a DUI with its dash becomes 9 digits', () => {
    expect(valueOf('purchases', { ...PURCHASE_BODY, counterpart: { name: 'P', dui: '01234567-8' } }).counterpart).toEqual({ name: 'P', dui: '012345678' });
  });
});

describe('recordContentHash / compareVersions', () => {
  const v1 = valueOf('purchases', PURCHASE_BODY);
  const cases: [string, FiscalRecord | null, FiscalRecord, string][] = [
    ['nothing stored', null, v1, 'created'],
    ['same version, same content', v1, valueOf('purchases', PURCHASE_BODY), 'unchanged'],
    ['same version, same amounts written differently', v1, valueOf('purchases', { ...PURCHASE_BODY, amounts: { taxed_internal: '100', vat_credit: '13.0', exempt_internal: '05.50' } }), 'unchanged'],
    ['same version, keys in another order', v1, valueOf('purchases', { ...PURCHASE_BODY, amounts: { exempt_internal: '5.50', vat_credit: '13.00', taxed_internal: '100.00' } }), 'unchanged'],
    ['same version, other content', v1, valueOf('purchases', { ...PURCHASE_BODY, amounts: { taxed_internal: '101.00' } }), 'conflict'],
    ['higher version', v1, valueOf('purchases', { ...PURCHASE_BODY, version: 2 }), 'updated'],
    ['lower version', valueOf('purchases', { ...PURCHASE_BODY, version: 3 }), v1, 'conflict'],
  ];
  it.each(cases)('%s', (_label, existing, incoming, expected) => {
    expect(compareVersions(existing, incoming)).toBe(expected);
  });

  it('the hash is a SHA-256 hex string that ignores the version', () => {
    expect(recordContentHash(v1)).toMatch(/^[0-9a-f]{64}$/);
    expect(recordContentHash(valueOf('purchases', { ...PURCHASE_BODY, version: 9 }))).toBe(recordContentHash(v1));
  });
});
