/**
 * The emitter's directory (ADR 0065, ADR 0090, ADR 0092):
 *   - customer search: 100,000 customers on one emitter (seeded with one SQL statement), then
 *     `GET /v1/emitters/{id}/customers?q=…` one at a time, 200 each for a partial NIT (9 digits) and
 *     a common name («maria», about 1 in 12 customers); target p99 ≤ 30 ms;
 *   - issuance by reference: `POST /v1/documents?dry_run=true` of an FE naming `customer_id` and
 *     three lines by `product_id`, against the same FE with the full body, alternated in rounds one
 *     at a time; target: p50 by reference / p50 full body ≤ 1.1.
 * `npm run bench -- directory` (seeding takes a few seconds; left out of the default run).
 */
import { Client } from 'pg';
import { benchApp, benchDatabase, percentile } from './bench-support';
import { createIssuer } from '../test/support/issuer';

const CUSTOMERS = Number(process.env.BENCH_DIRECTORY_CUSTOMERS ?? 100_000);
const SEARCHES = 200;
const ROUNDS = 6;
const PER_ROUND = 50;

const round = (n: number, digits = 2) => Number(n.toFixed(digits));

async function timed(fn: () => Promise<Response>): Promise<number> {
  const t0 = performance.now();
  const res = await fn();
  const text = await res.text();
  if (res.status >= 300) throw new Error(`respuesta ${res.status}: ${text.slice(0, 300)}`);
  return performance.now() - t0;
}

function stats(latencies: number[]): { p50_ms: number; p99_ms: number } {
  const s = [...latencies].sort((a, b) => a - b);
  return { p50_ms: round(percentile(s, 50), 3), p99_ms: round(percentile(s, 99), 3) };
}

export default async function directory(): Promise<Record<string, unknown>> {
  const db = await benchDatabase('directory');
  const app = await benchApp(db.url);
  try {
    const account = await app.services.createAccount.execute({ name: 'Bench' });
    const key = account.keys.test.key;
    const issuer = await createIssuer(app.url!, key, { nit: '06147070707070', credentials: false });
    const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };

    const seedStarted = Date.now();
    const pg = new Client({ connectionString: db.url });
    await pg.connect();
    try {
      await pg.query(
        `insert into customers (id, account_id, emitter_id, name, document_type, document_number, receiver, created_at, updated_at)
         select 'cus_bench' || lpad(g::text, 7, '0'), $1, $2, n.name, '36', nit, jsonb_build_object('name', n.name, 'documentType', '36', 'documentNumber', nit), now(), now()
           from generate_series(1, $3::int) g,
                lateral (select lpad(((g::bigint * 7919 + 6140000000000) % 100000000000000)::text, 14, '0') as nit) d,
                lateral (select (array['María','José','Ana','Carlos','Luis','Rosa','Jorge','Carmen','Pedro','Elena','Mario','Sofía'])[1 + g % 12]
                  || ' ' || (array['López','Hernández','Martínez','González','Pérez','Rodríguez','Ramírez','Flores','Cruz','Rivera','Morales','Castillo','Ortiz','Vásquez'])[1 + (g / 12) % 14]
                  || ' ' || g as name) n`,
        [account.accountId, issuer.emitterId, CUSTOMERS],
      );
      // A directory of 100,000 customers grew over months: vacuumed (hint bits, visibility map), as
      // autovacuum leaves it, not the seconds right after one bulk insert.
      await pg.query('vacuum analyze customers');
    } finally {
      await pg.end();
    }
    const seedMs = Date.now() - seedStarted;
    const probeNit = (BigInt(54321) * 7919n + 6140000000000n).toString().padStart(14, '0').slice(2, 11);
    const search = async (q: string) => {
      const url = `${app.url}/v1/emitters/${issuer.emitterId}/customers?q=${encodeURIComponent(q)}&limit=25`;
      for (let i = 0; i < 20; i++) await timed(() => fetch(url, { headers }));
      const lat: number[] = [];
      for (let i = 0; i < SEARCHES; i++) lat.push(await timed(() => fetch(url, { headers })));
      return stats(lat);
    };
    const nit = await search(probeNit);
    const name = await search('maria');

    // Issuance by reference against the full body, dry runs (nothing stored, no MH).
    const customer = (await (await fetch(`${app.url}/v1/emitters/${issuer.emitterId}/customers`, {
      method: 'POST', headers: { ...headers, 'Idempotency-Key': 'bench-c' },
      body: JSON.stringify({ name: 'Cliente de Prueba', document_type: '13', document_number: '01234567-8', email: 'cliente@example.com' }),
    })).json()) as { id: string };
    const lines = [
      { code: 'P-1', description: 'Café molido 500 g', unit_code: '59', unit_price: '5.65', tax: 'gravada', type: '1' },
      { code: 'P-2', description: 'Taza de cerámica', unit_code: '59', unit_price: '4.52', tax: 'gravada', type: '1' },
      { code: 'P-3', description: 'Envío a domicilio', unit_code: '59', unit_price: '3.00', tax: 'exenta', type: '2' },
    ];
    const products: { id: string }[] = [];
    for (const [i, p] of lines.entries()) {
      products.push((await (await fetch(`${app.url}/v1/emitters/${issuer.emitterId}/products`, { method: 'POST', headers: { ...headers, 'Idempotency-Key': `bench-p${i}` }, body: JSON.stringify(p) })).json()) as { id: string });
    }
    const common = { emitter_id: issuer.emitterId, type: '01', establishment: issuer.establishment, point_of_sale: issuer.pointOfSale };
    const byReference = { ...common, customer_id: customer.id, items: products.map((p, i) => ({ product_id: p.id, quantity: String(i + 1) })) };
    const fullBody = {
      ...common,
      receiver: { name: 'Cliente de Prueba', document_type: '13', document_number: '01234567-8', email: 'cliente@example.com' },
      items: lines.map((l, i) => ({ type: l.type, code: l.code, description: l.description, quantity: String(i + 1), unit_code: l.unit_code, unit_price: l.unit_price, tax: l.tax })),
    };
    let n = 0;
    const issue = (body: unknown) => timed(() => fetch(`${app.url}/v1/documents?dry_run=true`, { method: 'POST', headers: { ...headers, 'Idempotency-Key': `bench-i${n++}` }, body: JSON.stringify(body) }));
    for (let i = 0; i < 40; i++) {
      await issue(fullBody);
      await issue(byReference);
    }
    const ref: number[] = [];
    const full: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      for (let i = 0; i < PER_ROUND; i++) full.push(await issue(fullBody));
      for (let i = 0; i < PER_ROUND; i++) ref.push(await issue(byReference));
    }
    const refStats = stats(ref);
    const fullStats = stats(full);
    const ratio = refStats.p50_ms / fullStats.p50_ms;
    return {
      customers: CUSTOMERS,
      seed_ms: seedMs,
      search_partial_nit: { q: probeNit, ...nit, target_p99_ms: 30, met: nit.p99_ms <= 30 },
      search_common_name: { q: 'maria', ...name, target_p99_ms: 30, met: name.p99_ms <= 30 },
      issue_by_reference: refStats,
      issue_full_body: fullStats,
      by_reference_over_full_p50: { ratio: round(ratio, 3), target: 1.1, met: ratio <= 1.1 },
    };
  } finally {
    await app.stop();
    await db.drop();
  }
}
