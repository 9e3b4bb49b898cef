/**
 * A typed client generated from /v1/openapi.json with openapi-typescript, and a small ERP
 * integration written against it (test/fixtures/erp-client): it must type-check with the project's
 * compiler options, the misuses in `erp-integration.misuse.ts` must be type errors, and the
 * integration must then seal an invoice against the running service.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { mhCertificate } from '../support/certificates';
import { uniqueNit } from '../fixtures/emitter-bodies';
import { startTestApp, type TestApp } from '../support/test-app';

const root = join(__dirname, '../..');
const clientDir = join(root, 'test/fixtures/erp-client');
const files = ['erp-integration.ts', 'erp-integration.misuse.ts'].map((f) => join(clientDir, f));

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SYNC_WAIT_MS: '8000' });
  const doc = await (await fetch(`${t.url}/v1/openapi.json`)).text();
  mkdirSync(join(clientDir, 'generated'), { recursive: true });
  writeFileSync(join(clientDir, 'generated/openapi.json'), doc);
  execFileSync(process.execPath, [join(root, 'node_modules/openapi-typescript/bin/cli.js'), join(clientDir, 'generated/openapi.json'), '-o', join(clientDir, 'generated/dte-api.d.ts')], { stdio: 'pipe' });
}, 60_000);
afterAll(async () => {
  await t.stop();
});

function typeErrors(): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
  const program = ts.createProgram(files, { ...config.options, noEmit: true });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file ? `${d.file.fileName.slice(root.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : '';
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

describe('typed client generated with openapi-typescript', () => {
  it('type-checks the ERP integration, and every misuse in erp-integration.misuse.ts is a type error', () => {
    expect(typeErrors()).toEqual([]);
  });

  it('the ERP integration written against the generated types seals an invoice', async () => {
    // Loaded by path: the project's own type check excludes the client, whose types exist only once generated.
    const { issueFirstInvoice } = require(join(clientDir, 'erp-integration.ts')) as {
      issueFirstInvoice: (baseUrl: string, key: string, nit: string, cert: { file: Uint8Array; password: string; mhUser: string; mhPassword: string }) => Promise<Record<string, any>>;
    };
    const nit = uniqueNit();
    const doc = await issueFirstInvoice(`${t.app.baseUrl}/v1`, t.account.testKey, nit, {
      file: mhCertificate(nit, 'Clave-Prueba-1'),
      password: 'Clave-Prueba-1',
      mhUser: nit,
      mhPassword: 'Clave-Api-MH-1',
    });
    expect(doc).toMatchObject({ object: 'document', type: '01', status: 'processed', external_id: 'ERP-FAC-0001', totals: { total: '17.00' } });
    expect(doc.reception_stamp).toMatch(/^[A-Z0-9]{40}$/);
  });
});
