/** The pure mapping of CR, FEX and FSE JSON to the books' facts, in cents (formatted to exact decimal strings). */
import { typeFacts } from '../../../src/domain/fiscal/dte-type-facts.reader';
import { centsFromJson, formatCents } from '../../../src/domain/fiscal/cents.math';

const money = (c: number) => formatCents(c);

describe('FSE (14): the excluded subject of annex 5', () => {
  const cases: [string, Record<string, unknown>, string[]][] = [
    ['NIT of 14 digits → 1', { tipoDocumento: '36', numDocumento: '0614-010190-123-4' }, ['1', '06140101901234']],
    ['NIT of 9 digits (a DUI homologated) → 2', { tipoDocumento: '36', numDocumento: '012345678' }, ['2', '012345678']],
    ['DUI → 2, hyphen removed', { tipoDocumento: '13', numDocumento: '01234567-8' }, ['2', '012345678']],
    ['other (37) → 3, uppercase', { tipoDocumento: '37', numDocumento: 'ab-55' }, ['3', 'AB55']],
    ['passport (03) → 3', { tipoDocumento: '03', numDocumento: 'P1234567' }, ['3', 'P1234567']],
    ['resident card (02) → 3', { tipoDocumento: '02', numDocumento: '9988' }, ['3', '9988']],
    ['no number → empty', { tipoDocumento: '13', numDocumento: null }, ['', '']],
  ];
  it.each(cases)('%s', (_label, receptor, [idType, idNumber]) => {
    const f = typeFacts('14', { receptor: { ...receptor, nombre: 'Vendedor' }, resumen: { subTotal: 1234.56 } }, 0);
    expect(f.excludedSubject).toEqual({ idType, idNumber, name: 'Vendedor', amount: 123456 });
    expect([f.withholding, f.exports]).toEqual([null, null]);
  });
});

describe('FEX (11): goods and services of the taxed value', () => {
  const item = (tipoItem: number | undefined, ventaGravada: number) => ({ tipoItem, ventaGravada });
  const cases: [string, unknown[], number | undefined, string, string, string][] = [
    ['goods only, no discount', [item(1, 1000), item(3, 250.5)], 1, '1250.50', '1250.50', '0.00'],
    ['services only', [item(2, 300)], 2, '300.00', '0.00', '300.00'],
    ['mixed, discount shared in proportion', [item(1, 1000), item(2, 500)], 3, '1350.00', '900.00', '450.00'],
    ['a half cent rounds half up on the services side', [item(1, 0.01), item(2, 0.01)], 3, '0.01', '0.00', '0.01'],
    ['a third of a cent rounds down', [item(1, 0.01), item(2, 0.02)], 3, '0.02', '0.01', '0.01'],
    ['items without tipoItem follow emisor.tipoItemExpor', [item(undefined, 80)], 2, '80.00', '0.00', '80.00'],
    ['type-4 lines left out', [item(1, 100), item(4, 13)], 1, '100.00', '100.00', '0.00'],
  ];
  it.each(cases)('%s', (_label, cuerpoDocumento, tipoItemExpor, taxed, goods, services) => {
    const f = typeFacts('11', { cuerpoDocumento, emisor: { tipoItemExpor }, receptor: { codPais: 'gt' } }, centsFromJson(taxed));
    expect(f.exports && [f.exports.country, money(f.exports.goods), money(f.exports.services)]).toEqual(['GT', goods, services]);
    expect(money(f.exports!.goods + f.exports!.services)).toBe(taxed);
  });
});

describe('CR (07): amounts per CAT-006 code and the 13 % on each FSE', () => {
  it('sums 22, C4 and C9 apart; C4 lines relating an FSE keyed by its compact code', () => {
    const f = typeFacts('07', {
      cuerpoDocumento: [
        { tipoDte: '03', numeroDocumento: 'x', montoSujetoGrav: 1500, codigoRetencionMH: '22', ivaRetenido: 15 },
        { tipoDte: '03', numeroDocumento: 'y', montoSujetoGrav: 250.5, codigoRetencionMH: '22', ivaRetenido: 2.51 },
        { tipoDte: '14', numeroDocumento: 'd1b2c3d4-1111-4222-8333-444455556666', montoSujetoGrav: 280, codigoRetencionMH: 'C4', ivaRetenido: 36.4 },
        { tipoDte: '14', numeroDocumento: 'D1B2C3D4-1111-4222-8333-444455556666', montoSujetoGrav: 10, codigoRetencionMH: 'C4', ivaRetenido: 1.3 },
        { tipoDte: '03', numeroDocumento: 'z', montoSujetoGrav: 100, codigoRetencionMH: 'C4', ivaRetenido: 13 },
        { tipoDte: '01', numeroDocumento: 'w', montoSujetoGrav: 100, codigoRetencionMH: 'C9', ivaRetenido: 2 },
      ],
    }, 0);
    const w = f.withholding!;
    const show = (a: { subject: number; withheld: number }) => [money(a.subject), money(a.withheld)];
    expect([show(w.byCode['22']), show(w.byCode.C4), show(w.byCode.C9)]).toEqual([['1750.50', '17.51'], ['390.00', '50.70'], ['100.00', '2.00']]);
    expect(Object.fromEntries(Object.entries(w.excludedSubjectRetentions).map(([k, v]) => [k, money(v)]))).toEqual({ D1B2C3D4111142228333444455556666: '37.70' });
  });
});
