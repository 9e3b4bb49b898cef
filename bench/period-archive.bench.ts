/**
 * The period archive at scale (ADR 0072): one month of 10,000 documents (clones, in SQL, of one FE and
 * one CCF issued through the simulator) archived by the `generate-period-archive` job of this
 * process — from the request to `ready`, each document's signed JSON, JWS and letter PDF, the books
 * and the index. Resident memory is sampled every 20 ms over the run: peak RSS and its growth over
 * the RSS before the request. Targets: ≤ 60 s and ≤ 200 MB. Runs only by name
 * (`npm run bench -- period-archive`; `BENCH_ARCHIVE_DOCUMENTS` changes the count).
 */
import { benchApp, benchDatabase, startSimulatorProcess } from './bench-support';
import { cloneDocuments } from './documents-export.bench';
import { ccfBody, feBody } from '../test/fixtures/document-bodies';
import { request } from '../test/support/http-client';
import { createIssuer } from '../test/support/issuer';

const DOCUMENTS = Number(process.env.BENCH_ARCHIVE_DOCUMENTS ?? 10_000);
const TARGET_S = 60;
const TARGET_MB = 200;
const MB = 1024 * 1024;

export default async function periodArchiveBench(): Promise<Record<string, unknown>> {
  const db = await benchDatabase('archive');
  const simulator = await startSimulatorProcess();
  const app = await benchApp(db.url, { MH_SIMULATOR_URL: simulator.url });
  try {
    const account = await app.services.createAccount.execute({ name: 'Bench' });
    const key = account.keys.test.key;
    const issuer = await createIssuer(app.url!, key, { nit: '06148181818181' });
    let firstId = '';
    for (const body of [feBody(issuer), ccfBody(issuer)]) {
      const r = await request(app.url!, 'POST', '/v1/documents', { key, body });
      if (r.status !== 201) throw new Error(`issue: ${r.status} ${r.text}`);
      firstId ||= r.body.id;
    }
    const json = await request(app.url!, 'GET', `/v1/documents/${firstId}/json`, { key });
    const period = String(json.body.identificacion.fecEmi).slice(0, 7);
    const seedStarted = performance.now();
    await cloneDocuments(db.url, account.accountId, DOCUMENTS);
    const seeding_s = Number(((performance.now() - seedStarted) / 1000).toFixed(1));

    global.gc?.();
    const base = process.memoryUsage().rss;
    let peak = base;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    const q = await request(app.url!, 'POST', `/v1/emitters/${issuer.emitterId}/archives`, { key, body: { period } });
    if (q.status !== 202) throw new Error(`archive: ${q.status} ${q.text}`);
    let archive = q.body;
    while (archive.status === 'queued' || archive.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 250));
      archive = (await request(app.url!, 'GET', `/v1/emitters/${issuer.emitterId}/archives/${q.body.id}`, { key })).body;
    }
    const seconds = Number(((performance.now() - started) / 1000).toFixed(1));
    clearInterval(sampler);
    if (archive.status !== 'ready') throw new Error(`archive ${archive.status}: ${archive.error}`);
    const rssGrowth = Number(((peak - base) / MB).toFixed(1));
    return {
      documents: archive.documents_total,
      seeding_s,
      seconds,
      documents_per_s: Math.round(archive.documents_total / seconds),
      zip_mb: Number((archive.size / MB).toFixed(1)),
      peak_rss_mb: Number((peak / MB).toFixed(1)),
      rss_growth_mb: rssGrowth,
      target_s: TARGET_S,
      target_rss_mb: TARGET_MB,
      met: seconds <= TARGET_S && rssGrowth <= TARGET_MB,
    };
  } finally {
    await app.stop();
    await simulator.stop();
    await db.drop();
  }
}
