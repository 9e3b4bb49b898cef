import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import { join } from 'node:path';
import { ccfBody } from '../fixtures/document-bodies';
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';
import { eventually } from '../support/webhook-receiver';
import { extractText } from '../unit/pdf/pdf-inspect';
import { dbRows } from '../support/db-rows';
import { startTestSmtp, type TestSmtp } from '../support/smtp-server';

/**
 * PDF download and e-mail delivery of documents: `t` sends through a real SMTP server running in
 * this process; `files` runs with SMTP_URL unset (messages become .eml files in DATA_DIR/outbox).
 */
let smtp: TestSmtp;
let t: TestApp;
let files: TestApp;
let issuer: Issuer;
let fileIssuer: Issuer;

beforeAll(async () => {
  smtp = await startTestSmtp();
  [t, files] = await Promise.all([
    startTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, EMAIL_RETRY_BASE_MS: '50', MAIL_FROM: 'Facturas Las Brisas <facturas@lasbrisas.com.sv>' }),
    startTestApp(),
  ]);
  [issuer, fileIssuer] = await Promise.all([
    createIssuer(t.url, t.account.testKey, { nit: '06140505051234' }),
    createIssuer(files.url, files.account.testKey, { nit: '06140606061234' }),
  ]);
});
afterAll(async () => {
  await Promise.all([t.stop(), files.stop()]);
  await smtp.close();
});
beforeEach(() => {
  smtp.rcpt = () => null;
});

async function issue(app: TestApp, who: Issuer, overrides: Record<string, unknown> = {}) {
  const r = await request(app.url, 'POST', '/v1/documents', { key: app.account.testKey, body: ccfBody(who, overrides) });
  expect([r.status, r.body?.status]).toEqual([201, 'processed']);
  return r.body as { id: string; control_number: string; generation_code: string; events: { type: string; message: string }[] };
}

async function events(app: TestApp, id: string): Promise<{ type: string; message: string }[]> {
  const r = await request(app.url, 'GET', `/v1/documents/${id}`, { key: app.account.testKey });
  expect(r.status).toBe(200);
  return r.body.events;
}

const messagesTo = (address: string) => smtp.messages.filter((m) => m.envelope.to.includes(address));

describe('GET /v1/documents/{id}/pdf', () => {
  it('answers the PDF with the control number and generation code; another account gets 404', async () => {
    const doc = await issue(t, issuer);
    const res = await fetch(`${t.url}/v1/documents/${doc.id}/pdf`, { headers: { Authorization: `Bearer ${t.account.testKey}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="${doc.control_number}.pdf"`);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = (await extractText(pdf)).pageTexts.join(' ');
    expect(text).toContain(doc.control_number);
    expect(text).toContain(doc.generation_code);

    const other = await t.newAccount('Otra cuenta');
    const r = await request(t.url, 'GET', `/v1/documents/${doc.id}/pdf`, { key: other.testKey });
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(r.body.type).toMatch(/resource_not_found$/);
    expect((await request(t.url, 'GET', '/v1/documents/doc_nope/pdf', { key: t.account.testKey })).status).toBe(404);
  });
});

describe('POST /v1/documents/{id}/send over SMTP', () => {
  it('queues (202), sends PDF + JSON to the receiver, records email_sent and document.delivered', async () => {
    const doc = await issue(t, issuer);
    const r = await request(t.url, 'POST', `/v1/documents/${doc.id}/send`, { key: t.account.testKey });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ object: 'document_email', document_id: doc.id, status: 'pending', to: ['compras@elroble.com.sv'], attempts: 0 });
    expect(r.body.id).toMatch(/^eml_/);

    const msg = await eventually(async () => smtp.messages.find((m) => m.mail.subject?.includes(doc.control_number)), 15_000, 'mensaje SMTP');
    expect(msg.envelope.to).toEqual(['compras@elroble.com.sv']);
    expect(msg.envelope.from).toBe('facturas@lasbrisas.com.sv');
    expect(msg.mail.from?.value[0]).toMatchObject({ address: 'facturas@lasbrisas.com.sv', name: 'Facturas Las Brisas' });
    expect(msg.mail.subject).toBe(`Documento tributario electrónico Comprobante de crédito fiscal ${doc.control_number}`);
    expect(msg.mail.text).toContain(doc.generation_code);
    expect(msg.mail.html).toContain(doc.control_number);
    const names = msg.mail.attachments.map((a) => a.filename).sort();
    expect(names).toEqual([`${doc.generation_code}.json`, `${doc.generation_code}.pdf`]);
    const pdf = msg.mail.attachments.find((a) => a.filename!.endsWith('.pdf'))!;
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const json = msg.mail.attachments.find((a) => a.filename!.endsWith('.json'))!;
    const official = await request(t.url, 'GET', `/v1/documents/${doc.id}/json`, { key: t.account.testKey });
    expect(json.content.toString('utf8')).toBe(official.text);

    const history = await eventually(async () => {
      const ev = await events(t, doc.id);
      return ev.some((e) => e.type === 'email_sent') ? ev : undefined;
    }, 5000, 'evento email_sent');
    expect(history.find((e) => e.type === 'email_sent')!.message).toBe('Enviado por correo a compras@elroble.com.sv');
    const outbox = await dbRows<{ data: Record<string, any> }>(t.db.url, "select data from outbox_events where type = 'document.delivered' and subject_id = $1", [doc.id]);
    expect(outbox).toHaveLength(1);
    expect(outbox[0].data).toMatchObject({
      id: doc.id,
      object: 'document',
      status: 'processed',
      generation_code: doc.generation_code,
      control_number: doc.control_number,
      delivery: { email_id: r.body.id, to: ['compras@elroble.com.sv'], message_id: msg.mail.messageId ? `<${msg.mail.messageId.replace(/^<|>$/g, '')}>` : expect.any(String) },
    });
    const [row] = await dbRows<{ status: string; attempts: number }>(t.db.url, 'select status, attempts from document_emails where id = $1', [r.body.id]);
    expect(row).toEqual({ status: 'sent', attempts: 1 });
  });

  it('sends to the addresses in "to" (deduplicated)', async () => {
    const doc = await issue(t, issuer);
    const r = await request(t.url, 'POST', `/v1/documents/${doc.id}/send`, { key: t.account.testKey, body: { to: ['a@cliente.com.sv', 'B@cliente.com.sv', 'a@cliente.com.sv'] } });
    expect(r.status).toBe(202);
    expect(r.body.to).toEqual(['a@cliente.com.sv', 'B@cliente.com.sv']);
    const msg = await eventually(async () => smtp.messages.find((m) => m.mail.subject?.includes(doc.control_number)), 15_000, 'mensaje SMTP');
    expect(msg.envelope.to.sort()).toEqual(['B@cliente.com.sv', 'a@cliente.com.sv']);
  });

  it('refuses invalid addresses (422), another account (404), and nothing is queued', async () => {
    const doc = await issue(t, issuer);
    const before = await dbRows<{ n: number }>(t.db.url, 'select count(*)::int as n from document_emails');
    const bad = await request(t.url, 'POST', `/v1/documents/${doc.id}/send`, { key: t.account.testKey, body: { to: ['ok@cliente.com.sv', 'no es correo'] } });
    expect(bad.status).toBe(422);
    expect(bad.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(bad.body.errors).toEqual([expect.objectContaining({ path: 'to[1]' })]);
    const empty = await request(t.url, 'POST', `/v1/documents/${doc.id}/send`, { key: t.account.testKey, body: { to: [] } });
    expect(empty.status).toBe(422);
    const tooMany = await request(t.url, 'POST', `/v1/documents/${doc.id}/send`, { key: t.account.testKey, body: { to: Array.from({ length: 11 }, (_, i) => `c${i}@cliente.com.sv`) } });
    expect(tooMany.status).toBe(422);
    const other = await t.newAccount('Otra cuenta 2');
    const hidden = await request(t.url, 'POST', `/v1/documents/${doc.id}/send`, { key: other.testKey });
    expect(hidden.status).toBe(404);
    expect(await dbRows(t.db.url, 'select count(*)::int as n from document_emails')).toEqual(before);
  });

  it('without "to" and without a receiver e-mail → 422 naming "to"', async () => {
    const doc = await issue(t, issuer, { receiver: { ...(ccfBody(issuer).receiver as Record<string, unknown>), email: undefined } });
    const r = await request(t.url, 'POST', `/v1/documents/${doc.id}/send`, { key: t.account.testKey });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual([expect.objectContaining({ path: 'to', code: 'required' })]);
  });

  it('a transient SMTP refusal is recorded as email_failed and retried until it goes through', async () => {
    const doc = await issue(t, issuer);
    let refusals = 0;
    smtp.rcpt = (a) => (a === 'reintento@cliente.com.sv' && refusals++ < 2 ? 451 : null);
    const r = await request(t.url, 'POST', `/v1/documents/${doc.id}/send`, { key: t.account.testKey, body: { to: ['reintento@cliente.com.sv'] } });
    expect(r.status).toBe(202);
    await eventually(async () => messagesTo('reintento@cliente.com.sv').length === 1, 20_000, 'mensaje tras reintentos');
    const history = await eventually(async () => {
      const ev = await events(t, doc.id);
      return ev.some((e) => e.type === 'email_sent') ? ev : undefined;
    }, 5000, 'email_sent');
    const failed = history.filter((e) => e.type === 'email_failed');
    expect(failed).toHaveLength(2);
    expect(failed[0].message).toMatch(/intento 1; se reintentará.*451/);
    const [row] = await dbRows<{ status: string; attempts: number }>(t.db.url, 'select status, attempts from document_emails where id = $1', [r.body.id]);
    expect(row).toEqual({ status: 'sent', attempts: 3 });
  });

  it('a permanent refusal (550) ends the e-mail as failed with a final email_failed', async () => {
    const doc = await issue(t, issuer);
    smtp.rcpt = (a) => (a === 'inexistente@cliente.com.sv' ? 550 : null);
    const r = await request(t.url, 'POST', `/v1/documents/${doc.id}/send`, { key: t.account.testKey, body: { to: ['inexistente@cliente.com.sv'] } });
    expect(r.status).toBe(202);
    const row = await eventually(async () => {
      const [x] = await dbRows<{ status: string; attempts: number; last_error: string }>(t.db.url, 'select status, attempts, last_error from document_emails where id = $1', [r.body.id]);
      return x.status === 'failed' ? x : undefined;
    }, 15_000, 'correo fallido');
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/550/);
    const ev = await events(t, doc.id);
    expect(ev.filter((e) => e.type === 'email_failed').map((e) => e.message)).toEqual([expect.stringMatching(/sin más reintentos.*550/)]);
    expect(ev.some((e) => e.type === 'email_sent')).toBe(false);
    expect(await dbRows(t.db.url, "select id from outbox_events where type = 'document.delivered' and subject_id = $1", [doc.id])).toEqual([]);
  });

  it('send_email: true at issuance sends once the document is processed, without calling /send', async () => {
    const doc = await issue(t, issuer, { send_email: true, receiver: { ...(ccfBody(issuer).receiver as Record<string, unknown>), email: 'automatico@cliente.com.sv' } });
    const msg = await eventually(async () => messagesTo('automatico@cliente.com.sv')[0], 20_000, 'mensaje automático');
    expect(msg.mail.subject).toContain(doc.control_number);
    await eventually(async () => (await events(t, doc.id)).some((e) => e.type === 'email_sent'), 5000, 'email_sent');
    const rows = await dbRows<{ source: string; status: string }>(t.db.url, 'select source, status from document_emails where document_id = $1', [doc.id]);
    expect(rows).toEqual([{ source: 'issuance', status: 'sent' }]);
  });

  it('GraphQL sendDocument queues the e-mail and reports refusals as data', async () => {
    const doc = await issue(t, issuer);
    const m = `mutation($id: ID!, $input: SendDocumentInput) { sendDocument(id: $id, input: $input) { email { id status to documentId } document { id status } errors { field code message } } }`;
    const ok = await graphql(t.url, t.account.testKey, m, { id: doc.id, input: { to: ['gql@cliente.com.sv'] } });
    expect(ok.body.errors).toBeUndefined();
    expect(ok.body.data.sendDocument).toMatchObject({ email: { status: 'pending', to: ['gql@cliente.com.sv'], documentId: doc.id }, document: { id: doc.id }, errors: [] });
    await eventually(async () => messagesTo('gql@cliente.com.sv').length === 1, 15_000, 'mensaje GraphQL');
    const bad = await graphql(t.url, t.account.testKey, m, { id: doc.id, input: { to: ['@@'] } });
    expect(bad.body.data.sendDocument).toMatchObject({ email: null, errors: [{ field: 'to[0]', code: 'INVALID_FORMAT' }] });
    const missing = await graphql(t.url, t.account.testKey, m, { id: 'doc_nope' });
    expect(missing.body.data.sendDocument.errors).toEqual([expect.objectContaining({ code: 'RESOURCE_NOT_FOUND' })]);
  });
});

describe('with SMTP_URL unset', () => {
  it('writes the message as an .eml file in DATA_DIR/outbox with both attachments', async () => {
    const doc = await issue(files, fileIssuer);
    const r = await request(files.url, 'POST', `/v1/documents/${doc.id}/send`, { key: files.account.testKey });
    expect(r.status).toBe(202);
    const dir = join(files.app.config.dataDir, 'outbox');
    const file = await eventually(async () => (existsSync(dir) ? readdirSync(dir).find((f) => f.endsWith('.eml')) : undefined), 15_000, 'archivo .eml');
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const mail = await simpleParser(readFileSync(join(dir, file)));
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((v) => v.address) : []).toEqual(['compras@elroble.com.sv']);
    expect(mail.from?.value[0].address).toBe('no-reply@localhost');
    expect(mail.attachments.map((a) => a.filename).sort()).toEqual([`${doc.generation_code}.json`, `${doc.generation_code}.pdf`]);
    expect(mail.attachments.find((a) => a.filename!.endsWith('.pdf'))!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await eventually(async () => (await events(files, doc.id)).some((e) => e.type === 'email_sent'), 5000, 'email_sent');
  });
});
