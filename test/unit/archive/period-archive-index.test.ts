import { archiveEntryNames, archiveIndexHeader, archiveIndexLine, periodBounds, type ArchiveIndexDocument } from '../../../src/domain/archive/period-archive-index';

const base: ArchiveIndexDocument = {
  type: '01',
  controlNumber: 'DTE-01-M001P001-000000000000001',
  generationCode: '0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0',
  receptionStamp: '2026A1B2C3D4E5F6',
  issueDate: '2026-11-03',
  receiverName: 'Cliente Uno',
  receiverId: '06141234567890',
  totalTaxable: '100.00',
  totalTax: '13.00',
  totalToPay: '113.00',
  status: 'processed',
};

describe('period archive index', () => {
  it('starts with a BOM and the Spanish headers', () => {
    expect(archiveIndexHeader()).toBe('\uFEFFTipo de documento,Número de control,Código de generación,Sello de recepción,Fecha de emisión,Receptor,Documento del receptor,Total gravado,IVA,Total a pagar,Estado\r\n');
  });

  it.each([
    { label: 'plain document', doc: base, expected: '01,DTE-01-M001P001-000000000000001,0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0,2026A1B2C3D4E5F6,2026-11-03,Cliente Uno,06141234567890,100.00,13.00,113.00,processed\r\n' },
    { label: 'formula receiver neutralised and quoted', doc: { ...base, receiverName: '=HYPERLINK("http://x")' }, expected: `01,DTE-01-M001P001-000000000000001,0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0,2026A1B2C3D4E5F6,2026-11-03,"'=HYPERLINK(""http://x"")",06141234567890,100.00,13.00,113.00,processed\r\n` },
    { label: 'negative amount kept as a number', doc: { ...base, type: '05', totalToPay: '-5.00' }, expected: '05,DTE-01-M001P001-000000000000001,0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0,2026A1B2C3D4E5F6,2026-11-03,Cliente Uno,06141234567890,100.00,13.00,-5.00,processed\r\n' },
    { label: 'no stamp nor receiver', doc: { ...base, receptionStamp: null, receiverName: null, receiverId: null, status: 'invalidated' }, expected: '01,DTE-01-M001P001-000000000000001,0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0,,2026-11-03,,,100.00,13.00,113.00,invalidated\r\n' },
  ])('$label', ({ doc, expected }) => {
    expect(archiveIndexLine(doc)).toBe(expected);
  });

  it.each([
    { label: 'November', period: '2026-11', expected: { from: '2026-11-01', to: '2026-11-30' } },
    { label: 'leap February', period: '2028-02', expected: { from: '2028-02-01', to: '2028-02-29' } },
    { label: 'month 13', period: '2026-13', expected: null },
    { label: 'day given', period: '2026-11-01', expected: null },
    { label: 'empty', period: '', expected: null },
  ])('period bounds: $label', ({ period, expected }) => {
    expect(periodBounds(period)).toEqual(expected);
  });

  it('names entries by type and generation code', () => {
    expect(archiveEntryNames.signedJson(base)).toBe('documentos/01/0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0.json');
    expect(archiveEntryNames.pdf(base)).toBe('documentos/01/0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0.pdf');
    expect(archiveEntryNames.event('invalidacion', 'inv_1')).toBe('eventos/invalidacion/inv_1.json');
  });
});
