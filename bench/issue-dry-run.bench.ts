/**
 * Dry-run issuance throughput of the pure DTE engine: parse a 10-line CCF body, compute amounts,
 * build the official JSON and validate it against fe-ccf-v4 (buildDte validates its own output),
 * compared with the raw RS512 signature every issued document then needs.
 *
 * Both are measured in the same run on one core: after a warm-up, the engine and
 * `crypto.sign('sha512', …)` (RSA-2048, the ~4.5 KB JSON of the built document) alternate in short
 * slices for about 2 s each, so a change in machine load weighs on both alike. The product's target:
 * `build_validate_per_s / raw_rs512_sign_per_s` above 1 (building a document costs less than
 * signing it).
 */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { buildDte } from '../src/domain/dte/builders/build-dte';
import type { BuildContext } from '../src/domain/dte/builders/build-context';
import { parseDocumentCreate } from '../src/domain/dte/document-create.schema';

const LINES = 10;
const WARMUP_MS = 500;
const RUN_MS = 2000;
const SLICES = 8;

function ccfBody(): Record<string, unknown> {
  return {
    emitterId: 'emi_bench',
    type: '03',
    establishment: 'M001',
    pointOfSale: 'P001',
    receiver: {
      name: 'Cliente Corporativo, S.A. de C.V.', documentType: '36', documentNumber: '06140101901234', nrc: '765432',
      economicActivity: '46900', address: { department: '06', municipality: '23', district: '14', line: 'Col. Escalón' },
      email: 'compras@cliente.com.sv', phone: '25556666',
    },
    items: Array.from({ length: LINES }, (_, i) => ({
      type: '1', code: `SKU-${i}`, description: `Producto ${i + 1}`, quantity: `${i + 1}.5`, unitCode: '59',
      unitPrice: `${(i + 1) * 3}.456789`, discount: i % 3 === 0 ? '0.50' : undefined, tax: i % 4 === 3 ? 'exenta' : 'gravada',
    })),
    withholding: { iva1: true },
    notes: 'Benchmark',
  };
}

function context(): BuildContext {
  const address = { department: '06', municipality: '23', district: '14', line: 'Col. Escalón, San Salvador' };
  return {
    environment: '00',
    generationCode: 'A1B2C3D4-1111-4222-8333-444455556666',
    controlNumber: 'DTE-03-M001P001-000000000000001',
    issuedAt: new Date('2026-03-10T16:45:30Z'),
    emitter: {
      nit: '06142803901121', nrc: '1234567', name: 'Empresa Demo, S.A. de C.V.', tradeName: 'Demo', economicActivity: '62010',
      phone: '22223333', email: 'facturas@demo.com.sv', address, isLargeTaxpayer: false,
    },
    establishment: { code: 'M001', type: '02', address, phone: null, email: null },
    pointOfSale: { code: 'P001' },
    contingency: null,
    relatedDocuments: [],
    feReceiverThreshold: '25000.00',
  };
}

/** Accumulated time of each step of the engine. */
interface EngineTally {
  documents: number;
  jsonMs: number;
  parseMs: number;
  buildMs: number;
}

const newTally = (): EngineTally => ({ documents: 0, jsonMs: 0, parseMs: 0, buildMs: 0 });

/** One issuance: the body arrives as JSON text, parseDocumentCreate, then buildDte (amounts + build + validation). */
function issueOnce(body: unknown, ctx: BuildContext, tally: EngineTally): Record<string, unknown> {
  const t0 = performance.now();
  const json: unknown = JSON.parse(JSON.stringify(body));
  const t1 = performance.now();
  const parsed = parseDocumentCreate(json);
  const t2 = performance.now();
  if (!parsed.ok) throw new Error(`cuerpo inválido: ${JSON.stringify(parsed.errors)}`);
  const built = buildDte(parsed.value, ctx);
  const t3 = performance.now();
  if (!built.ok) throw new Error(`documento rechazado: ${JSON.stringify(built.errors)}`);
  tally.documents += 1;
  tally.jsonMs += t1 - t0;
  tally.parseMs += t2 - t1;
  tally.buildMs += t3 - t2;
  return built.json;
}

/** Runs `fn` for about `ms`; returns the calls made and the time they took. */
function runFor(ms: number, fn: () => unknown): { count: number; elapsedMs: number } {
  const start = performance.now();
  let now = start;
  let count = 0;
  while (now - start < ms) {
    fn();
    count += 1;
    now = performance.now();
  }
  return { count, elapsedMs: now - start };
}

const perSecond = (count: number, ms: number) => Math.round((count / ms) * 1000);
const micros = (ms: number, count: number) => Number(((ms / count) * 1000).toFixed(1));

export default async function issueDryRunBench(): Promise<Record<string, unknown>> {
  const body = ccfBody();
  const ctx = context();
  const { privateKey }: { privateKey: KeyObject } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const warmTally = newTally();
  const payload = Buffer.from(JSON.stringify(issueOnce(body, ctx, warmTally)), 'utf8');
  runFor(WARMUP_MS, () => issueOnce(body, ctx, warmTally));
  runFor(WARMUP_MS, () => sign('sha512', payload, privateKey));

  const tally = newTally();
  const engine = { count: 0, elapsedMs: 0 };
  const signer = { count: 0, elapsedMs: 0 };
  for (let slice = 0; slice < SLICES; slice++) {
    const e = runFor(RUN_MS / SLICES, () => issueOnce(body, ctx, tally));
    engine.count += e.count;
    engine.elapsedMs += e.elapsedMs;
    const s = runFor(RUN_MS / SLICES, () => sign('sha512', payload, privateKey));
    signer.count += s.count;
    signer.elapsedMs += s.elapsedMs;
  }

  const buildValidatePerS = perSecond(engine.count, engine.elapsedMs);
  const rawSignPerS = perSecond(signer.count, signer.elapsedMs);
  return {
    type: '03',
    lines: LINES,
    steps: 'parse body + amounts + build + validate (fe-ccf-v4)',
    documents: engine.count,
    elapsed_ms: Math.round(engine.elapsedMs),
    docs_per_second: buildValidatePerS,
    build_validate_per_s: buildValidatePerS,
    mean_ms: Number((engine.elapsedMs / engine.count).toFixed(3)),
    json_body_mean_us: micros(tally.jsonMs, tally.documents),
    parse_mean_us: micros(tally.parseMs, tally.documents),
    build_validate_mean_us: micros(tally.buildMs, tally.documents),
    raw_rs512_sign_per_s: rawSignPerS,
    raw_rs512_sign_mean_us: micros(signer.elapsedMs, signer.count),
    sign_payload_bytes: payload.length,
    ratio_build_validate_to_sign: Number((buildValidatePerS / rawSignPerS).toFixed(2)),
  };
}
