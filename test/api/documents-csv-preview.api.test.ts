/**
 * The bulk-issuance CSV (ADR 0074): the template per type, and the preview that dry-runs every
 * document of a file, marking each bad row in Spanish, with nothing issued.
 */
import { parse } from 'csv-parse/sync';
import { request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let issuer: Issuer;

beforeAll(async () => {
  t = await startTestApp();
  issuer = await createIssuer(t.url, t.account.testKey, { nit: '06140303039875' });
});
afterAll(async () => {
  await t.stop();
});

async function counts() {
  const conn = t.app.services.deps.orm.em.getConnection();
  const q = async (sql: string) => ((await conn.execute(sql))[0] as { n: number }).n;
  return { documents: await q('select count(*)::int as n from documents'), counters: await q('select coalesce(sum(last_value), 0)::int as n from control_number_counters') };
}

const HEADER = 'id_externo,receptor_nombre,receptor_tipo_documento,receptor_numero_documento,tipo_item,descripcion,cantidad,unidad,precio_unitario,tributo';
const preview = (csv: string, type = '01') => request(t.url, 'POST', '/v1/documents/batch/csv-preview', { key: t.account.testKey, body: { emitter_id: issuer.emitterId, type, establishment: 'M001', point_of_sale: 'P001', csv } });

describe('GET /v1/documents/batch/csv-template', () => {
  it.each([['01', 'fe'], ['03', 'ccf'], ['04', 'nr'], ['05', 'nc'], ['06', 'nd'], ['07', 'cr'], ['08', 'cl'], ['09', 'dcl'], ['11', 'fex'], ['14', 'fse'], ['15', 'cd']])('type %s → a CSV with Spanish headers and example rows that preview clean', async (type, slug) => {
    const filename = `plantilla-emision-${slug}.csv`;
    const r = await request(t.url, 'GET', `/v1/documents/batch/csv-template?type=${type}`, { key: t.account.testKey });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename="${filename}"`);
    const rows = parse(r.text, { bom: true }) as string[][];
    expect(rows[0].slice(0, 4)).toEqual(['id_externo', 'establecimiento', 'punto_venta', 'receptor_nombre']);
    expect(rows).toHaveLength(type === '09' ? 3 : 4);
    const before = await counts();
    const p = await preview(r.text, type);
    expect(p.status).toBe(200);
    expect(p.body.documents.flatMap((d: { errors: unknown[] }) => d.errors)).toEqual([]);
    expect(p.body).toMatchObject({ document_count: 2, valid_documents: 2, invalid_rows: 0 });
    expect(p.body.documents[0].totals).not.toBeNull();
    expect(await counts()).toEqual(before);
  });

  it('a type that is not a DTE → 400 naming type', async () => {
    const r = await request(t.url, 'GET', '/v1/documents/batch/csv-template?type=02', { key: t.account.testKey });
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ path: 'type' });
  });
});

describe('POST /v1/documents/batch/csv-preview', () => {
  it('groups rows by id_externo, dry-runs each document and marks each bad row and column in Spanish; nothing issued', async () => {
    const before = await counts();
    const csv = [
      HEADER,
      'P-1,Juan Pérez,13,01234567-8,1,Café molido 500 g,2,59,5.65,gravada',
      'P-1,,,,2,Envío,1,59,3.00,exenta',
      'P-2,Ana López,13,01234567-8,1,Taza,dos,59,4.00,gravada',
      'P-2,,,,1,Plato,1,59,-1,gravada',
      'P-3,María Ruiz,13,01234567-8,1,Jarra,1,59,9.00,gravada',
      'P-3,Otra Persona,,,1,Vaso,1,59,2.00,gravada',
      ',,,,1,Suelta,1,59,1.00,gravada',
    ].join('\n');
    const r = await preview(csv);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ object: 'document_csv_preview', type: '01', document_count: 3, valid_documents: 1 });
    expect(r.body.file_sha256).toMatch(/^[0-9a-f]{64}$/);
    const [p1, p2, p3] = r.body.documents;
    expect(p1).toMatchObject({ external_id: 'P-1', rows: [2, 3], ok: true, totals: { total: '14.30' }, errors: [] });
    expect(p1.body).toMatchObject({ emitter_id: issuer.emitterId, type: '01', establishment: 'M001', point_of_sale: 'P001', external_id: 'P-1', receiver: { name: 'Juan Pérez' } });
    expect(p1.body.items).toHaveLength(2);
    expect(p2.ok).toBe(false);
    expect(p2.errors).toEqual(expect.arrayContaining([expect.objectContaining({ row: 4, column: 'cantidad' })]));
    expect(p3.errors).toEqual([expect.objectContaining({ row: 7, column: 'receptor_nombre', message: expect.stringMatching(/no coincide con la fila 6/) })]);
    const rows = Object.fromEntries(r.body.rows.map((x: any) => [x.row, x]));
    expect(rows[2]).toMatchObject({ ok: true, errors: [] });
    expect(rows[4]).toMatchObject({ ok: false, external_id: 'P-2' });
    expect(rows[4].errors[0].message).toMatch(/número|decimal|cantidad/i);
    expect(rows[8]).toMatchObject({ ok: false, external_id: null, errors: [{ column: 'id_externo', message: expect.stringMatching(/^Falta «id_externo»/) }] });
    expect(r.body.invalid_rows).toBe(3);
    expect(await counts()).toEqual(before);
  });

  it('a file saved with semicolons reads the same', async () => {
    const r = await preview([HEADER.replaceAll(',', ';'), 'S-1;Juan Pérez;13;01234567-8;1;Café;1;59;5.65;gravada'].join('\r\n'));
    expect(r.body).toMatchObject({ document_count: 1, valid_documents: 1 });
  });

  it('a CCF row without the receiver NRC is marked on its row, in Spanish', async () => {
    const r = await preview([HEADER, 'C-1,Distribuidora,36,06142010901010,1,Servicio,1,59,100.00,gravada'].join('\n'), '03');
    expect(r.body.valid_documents).toBe(0);
    expect(r.body.rows[0].errors.length).toBeGreaterThan(0);
    expect(r.body.rows[0].row).toBe(2);
    for (const e of r.body.rows[0].errors) expect(e.message).toMatch(/[áéíóúñ]|receptor|NRC|obligatori/i);
  });

  it('unknown headers or an unreadable file → 422 naming the row, nothing issued', async () => {
    const before = await counts();
    const bad = await preview('id_externo,precio,descripcion\nX,1,2');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: any) => e.message)).toEqual(expect.arrayContaining([expect.stringMatching(/^Fila 1, columna «precio»: Columna desconocida/), expect.stringMatching(/Falta la columna obligatoria «cantidad»/)]));
    const broken = await preview(`${HEADER}\n"P-1,sin cerrar`);
    expect(broken.status).toBe(422);
    expect(broken.body.detail).toMatch(/no es un CSV válido/);
    expect(await counts()).toEqual(before);
  });
});
