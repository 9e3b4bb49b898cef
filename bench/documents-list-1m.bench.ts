/**
 * List and search at scale: `GET /v1/documents` over 1,000,000 documents of one account. Runs only by
 * name (`npm run bench -- documents-list-1m`; see bench/run.ts).
 *
 * The documents live in a kept database (`dte_bench_documents_1m` on the bench server) seeded once
 * with `generate_series` and reused by later runs; a run applies any new migration to it at start.
 * `BENCH_RESEED=1` drops and seeds it again. The spread is a busy taxpayer's: six issuers of very
 * different volume, FE and CCF with some NC/ND/FSE/FEX/NR, almost everything processed (a few
 * voided, rejected, in contingency), 14 months of dates, receivers drawn from Salvadoran given names
 * and surnames (companies for CCF), two `events[]` lines each. The signed JSON and JWS are short
 * placeholders (the list never reads them), so the disk size is the list's, not the archive's.
 *
 * Each query of the mix (first page, filters alone and combined, `q` by name, document number,
 * control number, generation code and seal, dates, deep cursors and a walk of consecutive pages) is
 * sent one at a time by a client in its own process (bench/list-client.ts), and the p99 of every answer is compared with one raw RS512 signature measured in
 * the same run. Target: p99 ≤ 40 signatures.
 */
import { createInterface } from 'node:readline';
import { Client } from 'pg';
import { benchApp, BENCH_SERVER_URL, cpuProfile, percentile, rawSignRate, spawnBenchProcess } from './bench-support';
import { createIssuer } from '../test/support/issuer';

const DB_NAME = 'dte_bench_documents_1m';
const DOCUMENTS = Number(process.env.BENCH_LIST_DOCUMENTS ?? 1_000_000);
const REPEAT = Number(process.env.BENCH_LIST_REPEAT ?? 20);
/** Passes of every query before the measured ones. */
const WARMUP_PASSES = Number(process.env.BENCH_LIST_WARMUP ?? 5);
const TARGET_SIGNATURES = 40;
/** Issuers and their share of the documents (per thousand). */
const ISSUERS = [400, 250, 150, 100, 60, 40];

interface Seeded {
  key: string;
  account_id: string;
  emitter_ids: string[];
  documents: number;
  seeding_s: number;
  seeded_at: string;
}

function databaseUrl(): string {
  const u = new URL(BENCH_SERVER_URL);
  u.pathname = `/${DB_NAME}`;
  return u.toString();
}

async function withClient<T>(url: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function readSeed(url: string): Promise<Seeded | null> {
  return withClient(url, async (c) => {
    const { rows } = await c.query<{ to_regclass: string | null }>("select to_regclass('bench_seed')");
    if (!rows[0].to_regclass) return null;
    const seed = await c.query<{ info: Seeded }>('select info from bench_seed');
    return seed.rows[0]?.info.documents === DOCUMENTS ? seed.rows[0].info : null;
  });
}

/**
 * The kept database, reused when a completed seed of DOCUMENTS documents is found in it; otherwise
 * (missing, half seeded, another size, or BENCH_RESEED=1) dropped and created empty.
 */
async function ensureDatabase(url: string): Promise<Seeded | null> {
  const seeded = process.env.BENCH_RESEED === '1' ? null : await readSeed(url).catch(() => null);
  if (seeded) return seeded;
  await withClient(BENCH_SERVER_URL, async (c) => {
    await c.query(`drop database if exists "${DB_NAME}" with (force)`);
    await c.query(`create database "${DB_NAME}"`);
  });
  return null;
}

/**
 * The documents of one account, ids in creation order (`doc_` + 10 base32 characters of the
 * millisecond + 16 of the row number), one every ~37 s over 14 months, then two history lines each.
 */
function seedSql(accountId: string, emitterIds: string[]): string[] {
  const bounds: string[] = [];
  let acc = 0;
  ISSUERS.forEach((share, i) => {
    acc += share;
    bounds.push(`when r_emitter < ${acc} then '${emitterIds[i]}'`);
  });
  const b32 = (expr: string, chars: number) =>
    Array.from({ length: chars }, (_, k) => `substr('0123456789abcdefghjkmnpqrstvwxyz', ((${expr} >> ${5 * (chars - 1 - k)}) & 31)::int + 1, 1)`).join(' || ');
  const pick = (list: string[], expr: string) => `(array[${list.map((s) => `'${s}'`).join(',')}])[1 + (${expr}) % ${list.length}]`;
  const given = ['José', 'María', 'Juan', 'Ana', 'Carlos', 'Rosa', 'Luis', 'Carmen', 'Jorge', 'Marta', 'Francisco', 'Gloria', 'Mario', 'Sandra', 'Roberto', 'Claudia', 'Manuel', 'Patricia', 'Ricardo', 'Sofía', 'Óscar', 'Verónica', 'Miguel', 'Elena', 'René', 'Jennifer', 'Douglas', 'Karla', 'Nelson', 'Wendy', 'Salvador', 'Beatriz'];
  const surnames = ['Hernández', 'García', 'Martínez', 'López', 'Rodríguez', 'Pérez', 'González', 'Ramírez', 'Flores', 'Rivera', 'Cruz', 'Romero', 'Álvarez', 'Torres', 'Mejía', 'Ramos', 'Portillo', 'Aguilar', 'Chávez', 'Castillo', 'Ayala', 'Guzmán', 'Menjívar', 'Quintanilla', 'Escobar', 'Alvarado', 'Orellana', 'Cañas', 'Argueta', 'Villalobos', 'Figueroa', 'Henríquez', 'Bonilla', 'Cárcamo', 'Molina', 'Zelaya', 'Rosales', 'Ventura', 'Serrano', 'Palacios'];
  const trade = ['Distribuidora', 'Comercial', 'Inversiones', 'Servicios', 'Agroindustrias', 'Ferretería', 'Farmacia', 'Constructora', 'Transportes', 'Importaciones'];
  const tradeNames = ['del Pacífico', 'Santa Ana', 'Los Volcanes', 'San Miguel', 'El Roble', 'La Libertad', 'Centroamericana', 'Cuscatlán', 'Izalco', 'Metapán', 'La Unión', 'Chalatenango'];
  return [
    `create temporary table seed_docs on commit drop as
     select g, ms, h, to_timestamp(ms / 1000.0) as at,
       'doc_' || ${b32('ms', 10)} || '000' || ${b32('g::bigint', 13)} as id,
       case ${bounds.join(' ')} end as emitter_id,
       case when r_type < 55 then '01' when r_type < 85 then '03' when r_type < 90 then '05' when r_type < 92 then '06'
            when r_type < 96 then '14' when r_type < 98 then '11' else '04' end as type,
       case when r_status < 20 then 'voided' when r_status < 35 then 'rejected' when r_status < 45 then 'contingency'
            when r_status < 47 then 'error' else 'processed' end as status,
       r_name
     from (select g, ms, h,
             ('x' || substr(h, 1, 7))::bit(28)::int % 1000 as r_emitter,
             ('x' || substr(h, 8, 7))::bit(28)::int % 100 as r_type,
             ('x' || substr(h, 15, 7))::bit(28)::int % 1000 as r_status,
             ('x' || substr(h, 22, 7))::bit(28)::int as r_name
           from (select g, (1735711200000 + g::bigint * ${Math.round((425 * 86400 * 1000) / DOCUMENTS)})::bigint as ms, md5('bench' || g) as h
                 from generate_series(1, ${DOCUMENTS}) g) s0) s`,
    `insert into documents (id, account_id, emitter_id, environment, type, status, external_id, generation_code, control_number,
       establishment_code, point_of_sale_code, issued_at, issue_date, model_type, subtotal, iva, total, total_in_words,
       receiver_name, receiver_document_type, receiver_document_number, receiver_nrc, receiver_email, related_documents, warnings,
       request, dte_json, jws, signed_at, reception_stamp, processed_at, mh_response, transmission_attempts, first_transmitted_at,
       rejected_at, voided_at, send_email, fiscal_tags, created_at, updated_at)
     select id, '${accountId}', emitter_id, '00', type, status,
       case when g % 3 = 0 then null else 'ERP-' || g end,
       upper(substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-' || substr(h, 13, 4) || '-' || substr(h, 17, 4) || '-' || substr(h, 21, 12)),
       'DTE-' || type || '-M001P00' || (1 + g % 2) || '-' || lpad(g::text, 15, '0'),
       'M001', 'P00' || (1 + g % 2), at, to_char(at at time zone 'America/El_Salvador', 'YYYY-MM-DD'),
       case when status = 'contingency' then 2 else 1 end,
       amount, round(amount * 0.13, 2), amount + round(amount * 0.13, 2), 'CIENTO VEINTE 50/100 DÓLARES',
       case when type in ('03', '05', '06') then ${pick(trade, 'r_name')} || ' ' || ${pick(tradeNames, 'r_name / 10')} || ', S.A. de C.V.'
            when g % 20 = 0 then null
            else ${pick(given, 'r_name')} || ' ' || ${pick(surnames, 'r_name / 32')} || ' ' || ${pick(surnames, 'r_name / 1280')} end,
       case when type in ('03', '05', '06') then '36' when g % 20 = 0 then null else '13' end,
       case when type in ('03', '05', '06') then '0614' || lpad((g % 500000)::text, 10, '0')
            when g % 20 = 0 then null else lpad((r_name % 100000000)::text, 8, '0') || '-' || (g % 10) end,
       case when type in ('03', '05', '06') then (100000 + g % 500000)::text end,
       case when g % 4 = 0 then 'cliente' || g % 50000 || '@example.com' end,
       '[]', '[]', '{}', '{"placeholder":true}', 'eyJhbGciOiJSUzUxMiJ9.placeholder', at,
       case when status in ('processed', 'voided') then to_char(at, 'YYYY') || upper(substr(h, 1, 32)) || upper(substr(md5(id), 1, 4)) end,
       case when status in ('processed', 'voided') then at + interval '1 second' end,
       case when status in ('processed', 'voided') then '{"code":"001","message":"RECIBIDO","observations":[]}'::jsonb end,
       case when status = 'contingency' then 0 else 1 end, case when status = 'contingency' then null else at end,
       case when status = 'rejected' then at + interval '1 second' end,
       case when status = 'voided' then at + interval '2 days' end,
       false, '{}', at, at
     from (select *, round((1 + (r_name % 500000) / 100.0)::numeric, 2) as amount from seed_docs) s`,
    `insert into document_events (id, document_id, type, at, message, data)
     select 'dev_' || substr(id, 5) || '0', id, 'created', at, 'Documento creado', null::jsonb from seed_docs
     union all
     select 'dev_' || substr(id, 5) || '1', id, case status when 'processed' then 'sealed' when 'voided' then 'voided' when 'rejected' then 'rejected'
       when 'contingency' then 'contingency' else 'error' end, at + interval '1 second', 'Respuesta del MH', null::jsonb from seed_docs`,
  ];
}

async function seed(url: string, appUrl: string, accountKey: string, accountId: string): Promise<Seeded> {
  const emitterIds: string[] = [];
  for (let i = 0; i < ISSUERS.length; i++) emitterIds.push((await createIssuer(appUrl, accountKey, { nit: `061490000000${String(i).padStart(2, '0')}` })).emitterId);
  const started = performance.now();
  await withClient(url, async (c) => {
    await c.query('begin');
    // Secondary indexes are dropped for the load and built again from their own definitions after
    // it: one bulk build each instead of a million insertions.
    const { rows: indexes } = await c.query<{ indexname: string; indexdef: string }>(
      `select i.indexname, i.indexdef from pg_indexes i join pg_class x on x.relname = i.indexname
         where i.tablename in ('documents', 'document_events') and i.schemaname = 'public'
           and not exists (select 1 from pg_constraint k where k.conindid = x.oid)`,
    );
    for (const { indexname } of indexes) await c.query(`drop index "${indexname}"`);
    for (const statement of seedSql(accountId, emitterIds)) await c.query(statement);
    await c.query('set local maintenance_work_mem = \'256MB\'');
    for (const { indexdef } of indexes) await c.query(indexdef);
    await c.query('commit');
    await c.query('vacuum analyze documents');
    await c.query('vacuum analyze document_events');
  });
  const info: Seeded = { key: accountKey, account_id: accountId, emitter_ids: emitterIds, documents: DOCUMENTS, seeding_s: Number(((performance.now() - started) / 1000).toFixed(1)), seeded_at: new Date().toISOString() };
  await withClient(url, async (c) => {
    await c.query('create table if not exists bench_seed (info jsonb not null)');
    await c.query('delete from bench_seed');
    await c.query('insert into bench_seed (info) values ($1)', [JSON.stringify(info)]);
  });
  return info;
}

/** The benchmark's HTTP client in its own process (bench/list-client.ts): one request at a time, timed there. */
async function startClient(appUrl: string, key: string) {
  const child = spawnBenchProcess('list-client.ts');
  const lines = createInterface({ input: child.stdout! });
  const answers = lines[Symbol.asyncIterator]();
  return {
    async get(qs: string): Promise<{ ms: number; ids: string[]; hasMore: boolean }> {
      child.stdin!.write(`${JSON.stringify({ url: `${appUrl}/v1/documents${qs}`, key })}\n`);
      const next = await answers.next();
      if (next.done) throw new Error('el cliente del benchmark terminó');
      const r = JSON.parse(next.value) as { ms: number; status: number; ids: string[]; has_more: boolean; error: string | null };
      if (r.status !== 200) throw new Error(`GET /v1/documents${qs}: ${r.status} ${r.error}`);
      return { ms: r.ms, ids: r.ids, hasMore: r.has_more };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.stdin!.end();
      }),
  };
}

export default async function documentsList1m(): Promise<Record<string, unknown>> {
  const url = databaseUrl();
  const kept = await ensureDatabase(url);
  const t0 = performance.now();
  const app = await benchApp(url, { DB_POOL_MAX: '4', JOB_CONCURRENCY: '1' });
  const startS = (performance.now() - t0) / 1000;
  let client: Awaited<ReturnType<typeof startClient>> | undefined;
  try {
    let seeded = kept;
    const seedingNow = !seeded;
    if (!seeded) {
      const account = await app.services.createAccount.execute({ name: 'Bench 1M' });
      seeded = await seed(url, app.url!, account.keys.test.key, account.accountId);
    }
    const { key, emitter_ids: emitters } = seeded;
    const disk = await withClient(url, async (c) => {
      const { rows } = await c.query<Record<string, string>>(
        `select pg_database_size(current_database()) as database, pg_table_size('documents') as documents_table,
                pg_indexes_size('documents') as documents_indexes, pg_total_relation_size('document_events') as document_events`,
      );
      return Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [`${k}_mb`, Math.round(Number(v) / 1048576)]));
    });
    const cursorAt = async (offset: number, where = '') =>
      withClient(url, async (c) => (await c.query<{ id: string }>(`select id from documents where account_id = $1 ${where} order by id desc offset ${offset} limit 1`, [seeded!.account_id])).rows[0].id);
    const mid = await cursorAt(Math.floor(DOCUMENTS / 2));
    const deep = await cursorAt(DOCUMENTS - 30);
    const sample = await withClient(url, async (c) =>
      (await c.query<{ control_number: string; generation_code: string; reception_stamp: string; receiver_document_number: string }>(
        `select control_number, generation_code, reception_stamp, receiver_document_number from documents
          where account_id = $1 and status = 'processed' and type = '01' and receiver_document_number is not null order by id offset ${Math.floor(DOCUMENTS / 8)} limit 1`,
        [seeded!.account_id],
      )).rows[0],
    );
    const queries: Record<string, string> = {
      first_page: '',
      first_page_100: '?limit=100',
      emitter: `?emitter_id=${emitters[4]}`,
      type_rare: '?type=04',
      type_ccf: '?type=03',
      status_rejected: '?status=rejected',
      status_processed: '?status=processed',
      dates_one_day: '?issued_from=2025-06-10&issued_to=2025-06-10',
      dates_one_month_old: '?issued_from=2025-03-01&issued_to=2025-03-31',
      dates_open_end_old: '?issued_to=2025-02-15',
      emitter_type_status_month: `?emitter_id=${emitters[5]}&type=05&status=processed&issued_from=2025-09-01&issued_to=2025-09-30`,
      emitter_status_rare: `?emitter_id=${emitters[3]}&status=error`,
      q_surname: '?q=quintanilla',
      q_full_name: '?q=Sof%C3%ADa%20Mej%C3%ADa',
      q_company: '?q=Cuscatl%C3%A1n',
      q_rare_no_match: '?q=zzyzx',
      q_document_number: `?q=${encodeURIComponent(sample.receiver_document_number)}`,
      q_control_number: `?q=${sample.control_number}`,
      q_generation_code: `?q=${sample.generation_code.toLowerCase()}`,
      q_seal: `?q=${sample.reception_stamp}`,
      q_surname_emitter_type: `?q=garc%C3%ADa&emitter_id=${emitters[2]}&type=01`,
      q_name_month: '?q=rosa&issued_from=2025-04-01&issued_to=2025-04-30',
      cursor_middle: `?starting_after=${mid}`,
      cursor_deepest: `?starting_after=${deep}`,
      cursor_middle_type: `?type=03&starting_after=${mid}`,
      cursor_middle_q: `?q=hern%C3%A1ndez&starting_after=${mid}`,
      cursor_middle_status: `?status=voided&starting_after=${mid}`,
    };
    const sign = rawSignRate();
    client = await startClient(app.url!, key);
    const signMs = 1000 / sign;
    // Warm-up: passes of every query (connections, plans, the OS cache, the service's JIT: after one
    // pass V8 was still compiling the list path, and a query's p99 of 20 runs was often that).
    for (let pass = 0; pass < WARMUP_PASSES; pass++) for (const qs of Object.values(queries)) await client.get(qs);
    const profile = await cpuProfile();
    // CPU per request of this process (the service alone; the client runs in its own): unlike wall time, not
    // inflated by other work on a shared machine.
    // process.cpuUsage() alone: a cpuMeter per query would read /proc for PostgreSQL's processes inside
    // the whole mix's window, and that reading is the harness's CPU, not the service's.
    const serviceCpu = () => {
      const start = process.cpuUsage();
      return { stop: (units: number) => { const u = process.cpuUsage(start); return Number(((u.user + u.system) / 1000 / units).toFixed(2)); } };
    };
    const all: number[] = [];
    const perQuery: Record<string, { p50_ms: number; p99_ms: number; rows: number; service_cpu_ms: number }> = {};
    const totalCpu = serviceCpu();
    for (const [name, qs] of Object.entries(queries)) {
      const lat: number[] = [];
      let rows = 0;
      const cpu = serviceCpu();
      for (let i = 0; i < REPEAT; i++) {
        const r = await client.get(qs);
        lat.push(r.ms);
        rows = r.ids.length;
      }
      lat.sort((a, b) => a - b);
      all.push(...lat);
      perQuery[name] = { p50_ms: Number(percentile(lat, 50).toFixed(1)), p99_ms: Number(percentile(lat, 99).toFixed(1)), rows, service_cpu_ms: cpu.stop(REPEAT) };
    }
    const mixCpu = totalCpu.stop(Object.keys(queries).length * REPEAT);
    await profile.stop();
    // A walk of 50 consecutive pages from the middle, each with the cursor the previous answered.
    const walk: number[] = [];
    let after = mid;
    for (let p = 0; p < 50; p++) {
      const r = await client.get(`?limit=50&status=processed&starting_after=${after}`);
      walk.push(r.ms);
      after = r.ids[r.ids.length - 1];
    }
    walk.sort((a, b) => a - b);
    all.push(...walk);
    all.sort((a, b) => a - b);
    const p99 = percentile(all, 99);
    const worst = Object.entries(perQuery).sort(([, a], [, b]) => b.p99_ms - a.p99_ms)[0];
    return {
      documents: DOCUMENTS,
      seeded_this_run: seedingNow,
      seeding_s: seeded.seeding_s,
      seeded_at: seeded.seeded_at,
      app_start_s: Number(startS.toFixed(1)),
      disk,
      requests: all.length,
      raw_rs512_sign_per_s_one_core: Math.round(sign),
      one_signature_ms: Number(signMs.toFixed(3)),
      p50_ms: Number(percentile(all, 50).toFixed(1)),
      p99_ms: Number(p99.toFixed(1)),
      p99_signatures: Number((p99 / signMs).toFixed(1)),
      target_p99_signatures: TARGET_SIGNATURES,
      within_target: p99 / signMs <= TARGET_SIGNATURES,
      slowest_query: worst[0],
      service_cpu_ms_per_request: mixCpu,
      service_cpu_signatures_per_request: Number((mixCpu / signMs).toFixed(1)),
      queries: perQuery,
      page_walk_50x50: { p50_ms: Number(percentile(walk, 50).toFixed(1)), p99_ms: Number(percentile(walk, 99).toFixed(1)) },
    };
  } finally {
    await client?.stop();
    await app.stop();
  }
}
