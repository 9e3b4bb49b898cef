import { documentCodeTerms, receiverSearchText } from '../../../src/domain/documents';

describe('documentCodeTerms: the stored form of a code typed with or without its dashes', () => {
  const rows: [label: string, q: string, expected: ReturnType<typeof documentCodeTerms>][] = [
    ['a control number as stored', 'DTE-01-M001P001-000000000000123',
      { controlNumber: 'DTE-01-M001P001-000000000000123', generationCode: 'DTE-01-M001P001-000000000000123', receptionStamp: 'DTE01M001P001000000000000123' }],
    ['a control number without dashes, lower case', 'dte01m001p001000000000000123',
      { controlNumber: 'DTE-01-M001P001-000000000000123', generationCode: 'DTE01M001P001000000000000123', receptionStamp: 'DTE01M001P001000000000000123' }],
    ['a control number with spaces', ' DTE 03 M001P002 000000000000004 ',
      { controlNumber: 'DTE-03-M001P002-000000000000004', generationCode: 'DTE 03 M001P002 000000000000004', receptionStamp: 'DTE03M001P002000000000000004' }],
    ['a generation code without dashes', '0a1b2c3d4e5f60718293a4b5c6d7e8f9',
      { controlNumber: '0A1B2C3D4E5F60718293A4B5C6D7E8F9', generationCode: '0A1B2C3D-4E5F-6071-8293-A4B5C6D7E8F9', receptionStamp: '0A1B2C3D4E5F60718293A4B5C6D7E8F9' }],
    ['a generation code with dashes, lower case', '0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9',
      { controlNumber: '0A1B2C3D-4E5F-6071-8293-A4B5C6D7E8F9', generationCode: '0A1B2C3D-4E5F-6071-8293-A4B5C6D7E8F9', receptionStamp: '0A1B2C3D4E5F60718293A4B5C6D7E8F9' }],
    ['a reception stamp', '2026aB12cd34EF56gh78IJ90kl12MN34op56QR78',
      { controlNumber: '2026AB12CD34EF56GH78IJ90KL12MN34OP56QR78', generationCode: '2026AB12CD34EF56GH78IJ90KL12MN34OP56QR78', receptionStamp: '2026AB12CD34EF56GH78IJ90KL12MN34OP56QR78' }],
    ['a name', 'María', { controlNumber: 'MARÍA', generationCode: 'MARÍA', receptionStamp: 'MARA' }],
    ['only separators', '--', { controlNumber: '--', generationCode: '--', receptionStamp: '--' }],
  ];
  it.each(rows)('%s', (_label, q, expected) => {
    expect(documentCodeTerms(q)).toEqual(expected);
  });
});

describe('receiverSearchText: a number typed in groups is joined, a name is left as typed', () => {
  const rows: [label: string, q: string, expected: string][] = [
    ['a NIT with dashes (the database drops them)', '0614-010190-101-9', '0614-010190-101-9'],
    ['a NIT in groups with spaces', '0614 010190 101 9', '06140101901019'],
    ['a DUI with dots', '04.567.890-1', '04567890-1'],
    ['a name with spaces', ' María José ', 'María José'],
    ['a name and a number', 'López 0614', 'López 0614'],
  ];
  it.each(rows)('%s', (_label, q, expected) => {
    expect(receiverSearchText(q)).toBe(expected);
  });
});
