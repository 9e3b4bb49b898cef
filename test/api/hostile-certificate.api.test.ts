import { emitterBody } from '../fixtures/emitter-bodies';
import { dbRows } from '../support/db-rows';
import { graphql, request } from '../support/http-client';
import { uploadCredentials } from '../support/issuer';
import { expectProblem } from '../support/problem-assertions';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let emitterId: string;

beforeAll(async () => {
  t = await startTestApp();
  emitterId = (await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody() })).body.id;
});
afterAll(async () => {
  await t.stop();
});

/**
 * Files built to make a backtracking reader slow, `size` bytes each: a DOCTYPE after the root whose
 * internal subset never closes, one inside the root, a CDATA that never ends, deep nesting. Built
 * here, never kept in the repository.
 */
function hostileFiles(size: number): [string, Buffer][] {
  const root = '<CertificadoMH><nit>1</nit></CertificadoMH>';
  const fill = (head: string, unit: string) => head + unit.repeat(Math.floor((size - head.length) / unit.length));
  return [
    ['an unclosed DOCTYPE after the root', Buffer.from(fill(`${root}<!DOCTYPE [`, ']'))],
    ['an unclosed DOCTYPE inside the root', Buffer.from(fill('<CertificadoMH><!DOCTYPE x [', ']'))],
    ['an unclosed CDATA', Buffer.from(fill('<CertificadoMH><nit><![CDATA[', ']'))],
    ['deep nesting', Buffer.from(fill('<CertificadoMH>', '<a>'))],
  ];
}

const credentialRows = () => dbRows(t.db.url, 'select * from emitter_credentials order by 1');

/** /healthz probed one after another until `done` settles; every answer's status. */
async function probeWhile(done: Promise<unknown>): Promise<number[]> {
  let finished = false;
  void done.finally(() => (finished = true));
  const statuses: number[] = [];
  while (!finished || statuses.length === 0) statuses.push((await fetch(`${t.url}/healthz`)).status);
  return statuses;
}

describe.each([
  ['1 MB (refused before parsing: over the 64 KB an MH XML file may hold)', 1_000_000],
  ['60 KB (read by the XML parser)', 60_000],
])('a hostile MH XML certificate of %s', (_size, size) => {
  it.each(hostileFiles(size))('%s: 422 naming certificate_unreadable in Spanish, nothing stored, /healthz answering meanwhile', async (_label, file) => {
    expect(file.length).toBeLessThanOrEqual(size);
    const before = await credentialRows();
    const upload = uploadCredentials(t.url, t.account.testKey, emitterId, { environment: '00', certificate: file, private_key_password: 'x', mh_user: '06140101011011', mh_password: 'y' });
    const probes = await probeWhile(upload);
    const r = await upload;
    expectProblem(r, 422, 'validation_failed');
    expect(r.body.errors).toEqual([{ path: 'certificate', code: 'certificate_unreadable', message: expect.stringMatching(/^El certificado del MH no es legible: /) }]);
    expect(probes.every((s) => s === 200)).toBe(true);
    expect(await credentialRows()).toEqual(before);
  });

});

describe('over GraphQL', () => {
  it('over GraphQL too (a file that fits the body limit once in base64): CERTIFICATE_UNREADABLE as data', async () => {
    const before = await credentialRows();
    const [, file] = hostileFiles(700_000)[0];
    const input = { environment: '00', certificateBase64: file.toString('base64'), privateKeyPassword: 'x', mhUser: '06140101011011', mhPassword: 'y' };
    const r = await graphql(t.url, t.account.testKey, 'mutation($id: ID!, $input: UploadCredentialsInput!) { uploadCredentials(emitterId: $id, input: $input) { credential { environment } errors { field code message } } }', { id: emitterId, input });
    expect(r.body.data.uploadCredentials).toEqual({ credential: null, errors: [{ field: 'certificate', code: 'CERTIFICATE_UNREADABLE', message: expect.stringMatching(/certificado/i) }] });
    expect(await credentialRows()).toEqual(before);
  });
});
