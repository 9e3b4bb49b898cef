/**
 * An independent reader of the F-07 upload files, written from MH's manual rules (F-07 doc §2–§3):
 * `;` separator, no header, fixed column count per annex, DD/MM/AAAA dates, amounts with a decimal
 * point and 2 decimals never blank, no negatives (except annex 2), NIT 14 digits or NRC without
 * leading zeros, DUI 9 digits, never both, no hyphens in identifiers, the annex number last (none
 * in the anulados file). Every annex generated from a mixed ledger must pass it.
 */
import { generateAllForBench, writeAnnexCsv, type ReportType } from '../../../src/domain/fiscal/index';
import { DUI_RECEIVER, PURCHASE_BODY, RELATED_CCF, item, ledgerDoc, ledgerRecord, sealOf } from './fiscal-fixtures';

const col = (letter: string) => letter.charCodeAt(0) - 65;
const range = (from: string, to: string) => Array.from({ length: col(to) - col(from) + 1 }, (_, i) => col(from) + i);

interface AnnexRule {
  columns: number;
  date: number | null;
  /** Dates must fall in the declared period. */
  dateInPeriod: boolean;
  amounts: number[];
  negativesAllowed: boolean;
  nit: number | null;
  dui: number | null;
  annexNumber: string | null;
  /** Columns that hold DTE identifiers (never hyphens). */
  noHyphens: number[];
}

const RULES: Record<string, AnnexRule> = {
  f07_anexo1: { columns: 20, date: col('A'), dateInPeriod: true, amounts: range('J', 'P'), negativesAllowed: false, nit: col('H'), dui: col('Q'), annexNumber: '1', noHyphens: [col('D'), col('E'), col('F')] },
  f07_anexo2: { columns: 23, date: col('A'), dateInPeriod: false, amounts: range('K', 'T'), negativesAllowed: true, nit: null, dui: null, annexNumber: '2', noHyphens: [col('H'), col('I')] },
  f07_anexo3: { columns: 21, date: col('A'), dateInPeriod: false, amounts: range('G', 'O'), negativesAllowed: false, nit: col('E'), dui: col('P'), annexNumber: '3', noHyphens: [col('D')] },
  f07_anexo4: { columns: 15, date: col('C'), dateInPeriod: true, amounts: range('H', 'I'), negativesAllowed: false, nit: col('A'), dui: col('N'), annexNumber: '4', noHyphens: [col('E'), col('F'), col('G'), col('J'), col('K'), col('L')] },
  f07_anexo5: { columns: 13, date: col('D'), dateInPeriod: true, amounts: range('G', 'H'), negativesAllowed: false, nit: null, dui: null, annexNumber: '5', noHyphens: [col('B'), col('E'), col('F')] },
  f07_anexo7: { columns: 9, date: col('B'), dateInPeriod: true, amounts: range('F', 'G'), negativesAllowed: false, nit: col('A'), dui: col('H'), annexNumber: '7', noHyphens: [col('D'), col('E')] },
  f07_anexo8: { columns: 9, date: col('B'), dateInPeriod: true, amounts: range('F', 'G'), negativesAllowed: false, nit: col('A'), dui: col('H'), annexNumber: '8', noHyphens: [col('D'), col('E')] },
  f07_anexo9: { columns: 10, date: col('B'), dateInPeriod: true, amounts: range('G', 'H'), negativesAllowed: false, nit: col('A'), dui: col('I'), annexNumber: '9', noHyphens: [col('D'), col('E'), col('F')] },
  f07_anexo10: { columns: 10, date: col('B'), dateInPeriod: true, amounts: range('G', 'H'), negativesAllowed: false, nit: col('A'), dui: col('I'), annexNumber: '10', noHyphens: [col('D'), col('E'), col('F')] },
  f07_anexo12: { columns: 10, date: col('B'), dateInPeriod: true, amounts: range('G', 'H'), negativesAllowed: false, nit: col('A'), dui: col('I'), annexNumber: '12', noHyphens: [col('D'), col('E'), col('F')] },
  f07_anulados: { columns: 10, date: null, dateInPeriod: false, amounts: [], negativesAllowed: false, nit: null, dui: null, annexNumber: null, noHyphens: [col('A'), col('G')] },
};

function realDate(text: string): boolean {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1])));
  return d.getUTCDate() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1;
}

/** Returns the problems MH's portal would report, one string per problem. */
function readAnnexFile(type: string, bytes: Buffer, period: string): { lines: number; problems: string[] } {
  const rule = RULES[type];
  const text = bytes.toString('utf8');
  const problems: string[] = [];
  if (text.length > 0 && !text.endsWith('\r\n')) problems.push('el archivo no termina en CRLF');
  const lines = text.split('\r\n').slice(0, -1);
  const [year, month] = period.split('-');
  lines.forEach((line, i) => {
    const at = `línea ${i + 1}`;
    if (line.includes('\n') || line.includes('"')) problems.push(`${at}: salto de línea o comillas`);
    const f = line.split(';');
    if (f.length !== rule.columns) { problems.push(`${at}: ${f.length} columnas, se esperaban ${rule.columns}`); return; }
    if (rule.date !== null) {
      if (!realDate(f[rule.date])) problems.push(`${at}: fecha "${f[rule.date]}" no es DD/MM/AAAA`);
      else if (rule.dateInPeriod && f[rule.date].slice(3) !== `${month}/${year}`) problems.push(`${at}: fecha fuera del período`);
    }
    for (const a of rule.amounts) {
      if (f[a] === '') problems.push(`${at}: monto en blanco en ${String.fromCharCode(65 + a)}`);
      else if (!/^-?\d+\.\d{2}$/.test(f[a])) problems.push(`${at}: monto "${f[a]}" sin 2 decimales`);
      else if (f[a].startsWith('-') && !rule.negativesAllowed) problems.push(`${at}: monto negativo en ${String.fromCharCode(65 + a)}`);
    }
    if (rule.nit !== null && f[rule.nit] !== '' && !/^(\d{14}|[1-9]\d{0,7})$/.test(f[rule.nit])) problems.push(`${at}: NIT/NRC "${f[rule.nit]}"`);
    if (rule.dui !== null && f[rule.dui] !== '' && !/^\d{9}$/.test(f[rule.dui])) problems.push(`${at}: DUI "${f[rule.dui]}"`);
    if (rule.nit !== null && rule.dui !== null && f[rule.nit] !== '' && f[rule.dui] !== '') problems.push(`${at}: NIT/NRC y DUI a la vez`);
    for (const c of rule.noHyphens) if (f[c].includes('-')) problems.push(`${at}: guiones en ${String.fromCharCode(65 + c)}`);
    if (rule.annexNumber !== null && f[f.length - 1] !== rule.annexNumber) problems.push(`${at}: número de anexo "${f[f.length - 1]}"`);
    if (type === 'f07_anulados') {
      if (!['1', '2', '4'].includes(f[1])) problems.push(`${at}: clase ${f[1]}`);
      if (!['A', 'X', 'D'].includes(f[5])) problems.push(`${at}: tipo de detalle ${f[5]}`);
      if (f[1] === '4' && !/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/.test(f[9])) problems.push(`${at}: código de generación de 36`);
    }
  });
  return { lines: lines.length, problems };
}

const base = { version: 1, accountingDate: '2026-03-20', issueDate: '2026-03-15' };
const DOCS = [
  ledgerDoc({ type: '01', n: 1, at: '2026-03-10T15:00:00Z' }),
  ledgerDoc({ type: '01', n: 2, at: '2026-03-10T16:00:00Z', body: { items: [item({ tax: 'exenta' }), item({ tax: 'no_sujeta' })] } }),
  ledgerDoc({ type: '01', n: 3, at: '2026-02-10T16:00:00Z', status: 'voided', voidedAt: '2026-03-02T16:00:00Z' }),
  ledgerDoc({ type: '03', n: 4, at: '2026-03-11T15:00:00Z', largeTaxpayer: true, body: { perception: true, items: [item({ unitPrice: '150.00' })] } }),
  ledgerDoc({ type: '05', n: 5, at: '2026-03-12T15:00:00Z', body: { receiver: DUI_RECEIVER, items: [item({ relatedDocument: RELATED_CCF })] } }),
  ledgerDoc({ type: '06', n: 6, at: '2026-03-13T15:00:00Z', body: { items: [item({ relatedDocument: RELATED_CCF })] } }),
  ledgerDoc({ type: '03', n: 7, at: '2026-03-14T15:00:00Z', status: 'voided', voidedAt: '2026-03-15T15:00:00Z' }),
  ledgerDoc({ type: '03', n: 8, at: '2026-03-14T15:00:00Z', status: 'contingency' }),
  ledgerDoc({ type: '08', n: 9, at: '2026-03-16T15:00:00Z' }), // settles a DTE (2026-03-02) and a paper FE
];
const RECORDS = [
  ledgerRecord('purchases', PURCHASE_BODY),
  ledgerRecord('purchases', { ...base, externalId: 'FSE', docClass: '4', docType: '14', generationCode: 'D0000000-0000-4000-8000-000000000005', seal: sealOf(1), counterpart: { name: 'Pérez; Juan', dui: '012345678' }, amounts: { operation_amount: '10' } }),
  ledgerRecord('withholdings-received', { ...base, externalId: 'R7', docClass: '4', docType: '07', generationCode: 'D0000000-0000-4000-8000-000000000007', counterpart: { nit: '06140101901234' }, amounts: { subject_amount: '100', withheld_amount: '1' }, attributes: { kind: 'retention_1' } }),
  ledgerRecord('withholdings-received', { ...base, externalId: 'R8', docClass: '3', docType: '12', counterpart: { nit: '06140108140066' }, amounts: { subject_amount: '100', perceived_amount: '1' }, attributes: { kind: 'perception_1', document_number: '4-1' } }), // printed numbers lose their hyphens
  ledgerRecord('withholdings-made', { ...base, externalId: 'M10', docClass: '4', docType: '07', generationCode: 'D0000000-0000-4000-8000-000000000010', controlNumber: 'DTE-07-M001P001-000000000000010', seal: sealOf(10), counterpart: { dui: '012345678' }, amounts: { subject_amount: '100', withheld_amount: '1' }, attributes: { kind: 'retention_1' } }),
  ledgerRecord('withholdings-made', { ...base, externalId: 'M12', docClass: '4', docType: '07', generationCode: 'D0000000-0000-4000-8000-000000000012', controlNumber: 'DTE-07-M001P001-000000000000012', seal: sealOf(12), counterpart: { nit: '06140101901234' }, amounts: { subject_amount: '100', withheld_amount: '13' }, attributes: { kind: 'retention_13' } }),
  ledgerRecord('external-sales', { ...base, externalId: 'X1', docClass: '4', docType: '03', generationCode: 'D0000000-0000-4000-8000-000000000011', controlNumber: 'DTE-03-M002P001-000000000000011', seal: sealOf(11), counterpart: { name: 'Cliente', nrc: '00012' }, amounts: { taxed: '10', vat_debit: '1.30', vat_perceived: '0.10' }, attributes: { operation_type: '1', income_type: '3' } }),
];

describe('F-07 upload files read back with MH’s rules', () => {
  const { reports, files } = generateAllForBench(DOCS, RECORDS, '2026-03');
  const annexes = Object.keys(RULES) as ReportType[];
  const expectedLines: Record<string, number> = {
    f07_anexo1: 5, f07_anexo2: 2, f07_anexo3: 1, f07_anexo4: 2, f07_anexo5: 1, f07_anexo7: 1, f07_anexo8: 1, f07_anexo9: 2, f07_anexo10: 1, f07_anexo12: 1, f07_anulados: 2,
  };
  it.each(annexes)('%s', (type) => {
    expect(readAnnexFile(type, files[type], '2026-03')).toEqual({ lines: expectedLines[type], problems: [] });
    expect(files[type].toString('utf8').split('\r\n')[0]).toBe(reports[type].rows[0].join(';'));
  });

  it('the reader catches what MH refuses', () => {
    const bad = Buffer.from('2026-03-10;4;03;DTE-03;x;y;;123;N;;0;1;1.3;0.00;0.00;-1.00;012345678;1;3;2\r\n');
    expect(readAnnexFile('f07_anexo1', bad, '2026-03').problems).toEqual([
      'línea 1: fecha "2026-03-10" no es DD/MM/AAAA',
      'línea 1: monto en blanco en J',
      'línea 1: monto "0" sin 2 decimales',
      'línea 1: monto "1" sin 2 decimales',
      'línea 1: monto "1.3" sin 2 decimales',
      'línea 1: monto negativo en P',
      'línea 1: NIT/NRC y DUI a la vez',
      'línea 1: guiones en D',
      'línea 1: número de anexo "2"',
    ]);
  });
});

describe('annex CSV writer options (§10 Q1, Q2)', () => {
  const columns = [
    { key: 'issue_date', label: 'Fecha', kind: 'date' as const },
    { key: 'name', label: 'Nombre', kind: 'text' as const },
    { key: 'total', label: 'Total', kind: 'amount' as const },
  ];
  const report = { columns, rows: [['01/03/2026', 'PEÑA “Ñandú” S.A.', '1.00'], ['02/03/2026', 'A;B"C', '2.00']] };
  const cases: [string, Parameters<typeof writeAnnexCsv>[1], string][] = [
    ['default: utf-8, CRLF, no quotes (unsafe characters removed)', { encoding: 'utf-8', eol: 'crlf', quoting: 'none' },
      Buffer.from('01/03/2026;PEÑA “Ñandú” S.A.;1.00\r\n02/03/2026;A B C;2.00\r\n', 'utf8').toString('hex')],
    ['LF and minimal quoting', { encoding: 'utf-8', eol: 'lf', quoting: 'minimal' },
      Buffer.from('01/03/2026;PEÑA “Ñandú” S.A.;1.00\n02/03/2026;"A;B""C";2.00\n', 'utf8').toString('hex')],
    ['windows-1252 and every field quoted', { encoding: 'windows-1252', eol: 'crlf', quoting: 'all' },
      '"01/03/2026";"PE\xd1A \x93\xd1and\xfa\x94 S.A.";"1.00"\r\n"02/03/2026";"A;B""C";"2.00"\r\n'.split('').map((ch) => ch.charCodeAt(0).toString(16).padStart(2, '0')).join('')],
  ];
  it.each(cases)('%s', (_label, options, hex) => {
    expect(writeAnnexCsv(report, options).toString('hex')).toBe(hex);
  });

  it('an empty annex is an empty file', () => {
    expect(writeAnnexCsv({ columns: [], rows: [] }, { encoding: 'utf-8', eol: 'crlf', quoting: 'none' }).length).toBe(0);
  });
});
