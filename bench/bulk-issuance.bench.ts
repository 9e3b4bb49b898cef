/**
 * Bulk issuance from a CSV file (ADR 0074), through REST on PostgreSQL with the in-process MH
 * simulator: a file of 1,000 FE documents of 3 lines each (3,000 rows) is previewed —
 * POST /v1/documents/batch/csv-preview dry-runs every document — then issued as the panel does,
 * 10 sequential POST /v1/documents/batch of 100 with keys from the file's hash. Targets: validated
 * ≤ 10 s, issued (every document answered 202, signed and numbered) ≤ 60 s; the time until MH
 * processed them all is reported beside it. The same file is then sent again: nothing new.
 */
import { createHash } from 'node:crypto';
import { benchApp, benchDatabase } from './bench-support';
import { createIssuer } from '../test/support/issuer';

const DOCUMENTS = Number(process.env.BENCH_BULK_DOCUMENTS ?? 1000);
const LINES = 3;
const BATCH = 100;

const HEADER = 'id_externo,receptor_nombre,receptor_tipo_documento,receptor_numero_documento,receptor_correo,tipo_item,codigo,descripcion,cantidad,unidad,precio_unitario,descuento,tributo';

function file(): string {
  const rows = [HEADER];
  for (let d = 0; d < DOCUMENTS; d++) {
    for (let l = 0; l < LINES; l++) {
      const head = l === 0 ? `Cliente ${d + 1},13,01234567-8,cliente${d + 1}@example.com` : ',,,';
      rows.push(`PEDIDO-${String(d + 1).padStart(5, '0')},${head},1,SKU-${l},Producto ${l + 1},${l + 1},59,${(l + 1) * 2}.35,${l === 2 ? '0.10' : ''},${l === 1 ? 'exenta' : 'gravada'}`);
    }
  }
  return `${rows.join('\n')}\n`;
}

export default async function bulkIssuance(): Promise<Record<string, unknown>> {
  const db = await benchDatabase('bulk_issuance');
  const app = await benchApp(db.url, { RATE_LIMIT_PER_MINUTE: '0' });
  try {
    const account = await app.services.createAccount.execute({ name: 'Bench masivo' });
    const key = account.keys.test.key;
    const issuer = await createIssuer(app.url!, key, { nit: '06149090909090' });
    const csv = file();
    const post = async (path: string, body: unknown, idem: string) => {
      const res = await fetch(`${app.url}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'Idempotency-Key': idem }, body: JSON.stringify(body) });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
      return { body: JSON.parse(text), replayed: res.headers.get('idempotency-replayed') === 'true' };
    };

    const t0 = performance.now();
    const preview = (await post('/v1/documents/batch/csv-preview', { emitter_id: issuer.emitterId, type: '01', establishment: 'M001', point_of_sale: 'P001', csv }, `p-${Math.random()}`)).body as {
      file_sha256: string; valid_documents: number; documents: { ok: boolean; body: Record<string, unknown> }[];
    };
    const validateS = (performance.now() - t0) / 1000;
    if (preview.valid_documents !== DOCUMENTS) throw new Error(`vista previa: ${preview.valid_documents} de ${DOCUMENTS} válidos`);
    const sha = createHash('sha256').update(csv).digest('hex');
    if (sha !== preview.file_sha256) throw new Error('SHA-256 del archivo distinto');

    const sendAll = async () => {
      let accepted = 0;
      let replayed = 0;
      for (let n = 0; n * BATCH < DOCUMENTS; n++) {
        const r = await post('/v1/documents/batch', { documents: preview.documents.slice(n * BATCH, (n + 1) * BATCH).map((d) => d.body) }, `csv-${sha}-${n}`);
        accepted += (r.body.results as { status: number }[]).filter((x) => x.status === 202 || x.status === 201).length;
        if (r.replayed) replayed++;
      }
      return { accepted, replayed };
    };
    const t1 = performance.now();
    const sent = await sendAll();
    const issueS = (performance.now() - t1) / 1000;
    // Until MH (the simulator) processed every one of them.
    const conn = app.services.deps.orm.em.getConnection();
    const count = async (where: string) => ((await conn.execute(`select count(*)::int as n from documents ${where}`))[0] as { n: number }).n;
    while ((await count(`where status = 'processed'`)) < DOCUMENTS && performance.now() - t1 < 300_000) await new Promise((r) => setTimeout(r, 100));
    const processedS = (performance.now() - t1) / 1000;
    const t2 = performance.now();
    const again = await sendAll();
    const resendS = (performance.now() - t2) / 1000;
    const total = await count('');
    return {
      documents: DOCUMENTS,
      lines_per_document: LINES,
      csv_bytes: Buffer.byteLength(csv),
      validate_s: Number(validateS.toFixed(2)),
      issue_s: Number(issueS.toFixed(2)),
      documents_per_s: Math.round(DOCUMENTS / issueS),
      all_processed_s: Number(processedS.toFixed(2)),
      resend_same_file_s: Number(resendS.toFixed(2)),
      accepted: sent.accepted,
      resend_replayed_batches: again.replayed,
      documents_stored: total,
      target_validate_s: 10,
      target_issue_s: 60,
      ok: sent.accepted === DOCUMENTS && total === DOCUMENTS && validateS <= 10 && issueS <= 60,
    };
  } finally {
    await app.stop();
    await db.drop();
  }
}
