/**
 * The simulator verifies signatures with its own code (rs512-verifier.ts), not the service's: every
 * row is a JWS built by hand or by jose (an independent signer), and the simulator over HTTP answers
 * exactly as its own verifier decides — a JWS it refuses is rejected with 802 and no seal.
 */
import { constants, createPublicKey, createSign, generateKeyPairSync, sign as cryptoSign } from 'node:crypto';
import { CompactSign } from 'jose';
import { rs512SignatureHolds } from '../../../src/mh-simulator/documents/rs512-verifier';
import { DteFactory, TestClock, createTestIssuer, enrol, http, login, startSimulator, type RunningSimulator } from './mh-test-kit';

const issuer = createTestIssuer();
const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
const publicKey = createPublicKey({ key: issuer.publicKeySpkiDer, format: 'der', type: 'spki' });
const HEADER = Buffer.from('{"alg":"RS512"}').toString('base64url');
const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');

/** `header.payload` signed by hand with `digest` (and PSS padding when asked). */
function handSigned(payload: string, o: { digest?: string; key?: typeof other; pss?: boolean } = {}): string {
  const input = `${HEADER}.${b64(payload)}`;
  const key = o.key ?? issuer.privateKey;
  const sig = o.pss
    ? cryptoSign(o.digest ?? 'sha512', Buffer.from(input), { key, padding: constants.RSA_PKCS1_PSS_PADDING })
    : createSign(o.digest === 'sha256' ? 'RSA-SHA256' : 'RSA-SHA512').update(input).sign(key);
  return `${input}.${sig.toString('base64url')}`;
}

async function joseSigned(payload: string): Promise<string> {
  return new CompactSign(new TextEncoder().encode(payload)).setProtectedHeader({ alg: 'RS512' }).sign(issuer.privateKey);
}

describe("the simulator's own RS512 verifier", () => {
  const payload = JSON.stringify({ identificacion: { codigoGeneracion: 'A' }, texto: 'señal ñ €' });
  const good = handSigned(payload);
  const [h, p, s] = good.split('.');

  it.each<[string, boolean, () => Promise<string> | string]>([
    ['signed by hand with RSA-SHA512', true, () => good],
    ['signed by jose (RS512)', true, () => joseSigned(payload)],
    ['signed with SHA-256 under an RS512 header', false, () => handSigned(payload, { digest: 'sha256' })],
    ['signed with PSS padding (PS512) under an RS512 header', false, () => handSigned(payload, { pss: true })],
    ['signed by another key', false, () => handSigned(payload, { key: other })],
    ['a payload changed after signing', false, () => `${h}.${b64(payload.replace('A', 'B'))}.${s}`],
    ['a signature with one byte changed', false, () => `${h}.${p}.${b64(Buffer.from(Buffer.from(s, 'base64url').map((b, i) => (i === 7 ? b ^ 1 : b))))}`],
    ['the signature in padded base64', false, () => `${h}.${p}.${Buffer.from(s, 'base64url').toString('base64')}`],
    ['the payload in standard base64 (+ and /)', false, () => `${h}.${Buffer.from(payload + '??>>').toString('base64').replace(/=+$/, '')}.${s}`],
    ['four segments', false, () => `${good}.x`],
    ['two segments', false, () => `${h}.${p}`],
    ['an empty signature', false, () => `${h}.${p}.`],
  ])('%s → holds: %s', async (_label, holds, jws) => {
    expect(rs512SignatureHolds(await jws(), publicKey)).toBe(holds);
  });
});

describe('the simulator over HTTP refuses what its own verifier refuses', () => {
  const clock = new TestClock(new Date('2026-03-10T16:00:00Z'));
  const factory = new DteFactory(issuer, clock);
  let sim: RunningSimulator;
  let token: string;

  beforeAll(async () => {
    sim = await startSimulator({ clock });
    await enrol(sim.sim, issuer);
    token = await login(sim.url, issuer);
  });
  afterAll(() => sim.dispose());

  const send = (d: ReturnType<DteFactory['build']>, documento: string) =>
    http(sim.url, 'POST', '/fesv/recepciondte', { ambiente: '00', idEnvio: 1, version: d.version, tipoDte: d.tipoDte, documento, codigoGeneracion: d.codigoGeneracion }, { Authorization: token });

  it.each<[string, string, (json: string) => Promise<string> | string]>([
    ['jose RS512 (another signer than the service’s)', 'PROCESADO', (json) => joseSigned(json)],
    ['SHA-256 under an RS512 header', 'RECHAZADO', (json) => handSigned(json, { digest: 'sha256' })],
    ['PSS padding under an RS512 header', 'RECHAZADO', (json) => handSigned(json, { pss: true })],
    ['another key', 'RECHAZADO', (json) => handSigned(json, { key: other })],
  ])('%s → %s', async (_label, estado, signer) => {
    const d = factory.build('01');
    const res = await send(d, await signer(JSON.stringify(d.json)));
    expect(res.json.estado).toBe(estado);
    if (estado === 'RECHAZADO') {
      expect(res.json).toMatchObject({ codigoMsg: '802', selloRecibido: null, observaciones: ['documento: la firma no corresponde a la llave publica registrada para el NIT'] });
    } else {
      expect(res.json.selloRecibido).toMatch(/^2026/);
    }
  });
});
