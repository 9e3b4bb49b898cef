import { SALES_ANNEX_DOC_TYPES, salesAnnexOf } from '../../../src/domain/fiscal';

describe('salesAnnexOf (F-07 sales annex routing of issued documents)', () => {
  it('CCF 03, NC 05 and ND 06 go to annex 1; FE 01 and FEX 11 to annex 2; other types to neither', () => {
    expect(['03', '05', '06'].map(salesAnnexOf)).toEqual(['f07_anexo1', 'f07_anexo1', 'f07_anexo1']);
    expect(['01', '11'].map(salesAnnexOf)).toEqual(['f07_anexo2', 'f07_anexo2']);
    expect(['04', '07', '08', '09', '14', '15'].map(salesAnnexOf)).toEqual([null, null, null, null, null, null]);
    expect([...SALES_ANNEX_DOC_TYPES.f07_anexo1]).toEqual(['03', '05', '06']);
  });
});
