import { localDateOf, addDays } from '../../src/domain/mh-rules/el-salvador-time';
import { isoWeekday } from '../../src/domain/recurring/recurring-schedule';
import { ManualClock } from '../../src/services/shared/clock';
import { dbRows } from '../support/db-rows';
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { expectProblem } from '../support/problem-assertions';
import { startTestSmtp, type TestSmtp } from '../support/smtp-server';
import { startTestApp, type TestApp } from '../support/test-app';
import { eventually, startReceiver, type Receiver } from '../support/webhook-receiver';

/**
 * Recurring documents through both doors, and the job that issues them with a controlled clock:
 * each occurrence once even when two runs race, a refused occurrence recorded, announced (webhook
 * and e-mail) and never retried.
 */
const DAY = 86_400_000;
const clock = new ManualClock();
let smtp: TestSmtp;
let receiver: Receiver;
let t: TestApp;
let issuer: Issuer;

const template = (emitterId: string, extra: Record<string, unknown> = {}) => ({
  emitter_id: emitterId,
  type: '01',
  establishment: 'M001',
  point_of_sale: 'P001',
  external_id: 'SUSCRIPCION-42',
  items: [{ type: '2', description: 'Mantenimiento mensual', quantity: '1', unit_code: '59', unit_price: '25.00', tax: 'gravada' }],
  ...extra,
});
const today = () => localDateOf(clock.now());
const base = (emitterId: string) => `/v1/emitters/${emitterId}/recurring-documents`;
const run = () => t.app.services.runRecurringDocuments.execute();
const countRows = async (table: string) => (await dbRows<{ n: number }>(t.db.url, `select count(*)::int as n from ${table}`))[0].n;
const docsWithExternalId = (externalId: string) => dbRows<{ id: string; environment: string }>(t.db.url, 'select id, environment from documents where external_id = $1', [externalId]);

beforeAll(async () => {
  smtp = await startTestSmtp();
  receiver = await startReceiver();
  t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, WEBHOOK_ALLOW_PRIVATE_URLS: 'true', MAIL_FROM: 'Avisos <avisos@servicio.sv>' }, { clock });
  // Midday in El Salvador, a few seconds after the test certificate became valid.
  clock.set(new Date(Date.now() + 5_000));
  issuer = await createIssuer(t.url, t.account.testKey);
  const hook = await request(t.url, 'POST', '/v1/webhook-endpoints', { key: t.account.testKey, body: { url: receiver.url, events: ['recurring_document.failed'] } });
  expect(hook.status).toBe(201);
  await t.app.services.createUser.execute({ accountId: t.account.id, email: 'duena@example.com', password: 'Clave-del-panel-1', role: 'owner' });
}, 60_000);
afterAll(async () => {
  await t?.stop();
  await receiver?.close();
  await smtp?.close();
});

describe('REST: create, read, list, pause, resume, delete', () => {
  it('creates a monthly recurring document validated by a dry run, lists it with its next run and reads it back', async () => {
    const day = Number(today().slice(8, 10));
    const r = await request(t.url, 'POST', base(issuer.emitterId), { key: t.account.testKey, body: { template: template(issuer.emitterId), schedule: { frequency: 'monthly', day_of_month: day }, starts_on: today(), count: 12 } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      object: 'recurring_document', emitter_id: issuer.emitterId, environment: '00', status: 'active', next_run_on: today(), starts_on: today(), ends_on: null, count: 12, send_email: false,
      schedule: { frequency: 'monthly', day_of_month: day, weekday: null }, occurrences_count: 0,
      template: { emitter_id: issuer.emitterId, type: '01', external_id: 'SUSCRIPCION-42', items: [{ unit_price: '25.00', unit_code: '59' }] },
    });
    expect(r.body.id).toMatch(/^rec_/);
    // The dry run stored and numbered nothing.
    expect(await countRows('documents')).toBe(0);

    const one = await request(t.url, 'GET', `${base(issuer.emitterId)}/${r.body.id}`, { key: t.account.testKey });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(r.body);
    const list = await request(t.url, 'GET', `${base(issuer.emitterId)}?limit=1`, { key: t.account.testKey });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ object: 'list', has_more: false, data: [{ id: r.body.id, next_run_on: today() }] });

    const paused = await request(t.url, 'POST', `${base(issuer.emitterId)}/${r.body.id}/pause`, { key: t.account.testKey });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ status: 'paused', next_run_on: null });
    const resumed = await request(t.url, 'POST', `${base(issuer.emitterId)}/${r.body.id}/resume`, { key: t.account.testKey });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ status: 'active', next_run_on: today() });
    const deleted = await request(t.url, 'DELETE', `${base(issuer.emitterId)}/${r.body.id}`, { key: t.account.testKey });
    expect(deleted.status).toBe(204);
    expectProblem(await request(t.url, 'GET', `${base(issuer.emitterId)}/${r.body.id}`, { key: t.account.testKey }), 404, 'resource_not_found');
    expect((await request(t.url, 'GET', base(issuer.emitterId), { key: t.account.testKey })).body.data).toEqual([]);
  });

  it.each<[string, (emitterId: string) => Record<string, unknown>, string, RegExp]>([
    ['a day of the month out of range', (e) => ({ template: template(e), schedule: { frequency: 'monthly', day_of_month: 32 }, starts_on: today() }), 'schedule.day_of_month', /1 a 31/],
    ['a weekday out of range', (e) => ({ template: template(e), schedule: { frequency: 'weekly', weekday: 0 }, starts_on: today() }), 'schedule.weekday', /lunes/],
    ['a start in the past (El Salvador)', (e) => ({ template: template(e), schedule: { frequency: 'monthly', day_of_month: 1 }, starts_on: addDays(today(), -1) }), 'starts_on', /anterior a hoy/],
    ['an end before the start', (e) => ({ template: template(e), schedule: { frequency: 'monthly', day_of_month: 1 }, starts_on: today(), ends_on: addDays(today(), -1) }), 'ends_on', /anterior a la de inicio/],
    ['a template the issuance refuses', (e) => ({ template: template(e, { items: [{ type: '2', description: 'X', quantity: '1', unit_code: '59', unit_price: 'diez', tax: 'gravada' }] }), schedule: { frequency: 'monthly', day_of_month: 1 }, starts_on: today() }), 'template.items[0].unit_price', /./],
    ['a template of an unknown point of sale (dry run)', (e) => ({ template: template(e, { point_of_sale: 'P099' }), schedule: { frequency: 'monthly', day_of_month: 1 }, starts_on: today() }), 'template.point_of_sale', /P099|punto de venta/i],
    ['a template for another emitter', (e) => ({ template: template(`${e}x`), schedule: { frequency: 'monthly', day_of_month: 1 }, starts_on: today() }), 'template.emitter_id', /emisor de la plantilla/],
    ['a template with raw', (e) => ({ template: template(e, { raw: { identificacion: {} } }), schedule: { frequency: 'monthly', day_of_month: 1 }, starts_on: today() }), 'template.raw', /raw/],
  ])('refuses %s in Spanish, creating nothing', async (_label, body, path, message) => {
    const before = await countRows('recurring_documents');
    const r = await request(t.url, 'POST', base(issuer.emitterId), { key: t.account.testKey, body: body(issuer.emitterId) });
    expect(r.status).toBe(422);
    expect(r.headers.get('content-type')).toMatch(/application\/problem\+json/);
    const err = (r.body.errors as { path: string; message: string }[]).find((e) => e.path === path);
    expect(err).toBeDefined();
    expect(err!.message).toMatch(message);
    expect(await countRows('recurring_documents')).toBe(before);
    expect(await countRows('documents')).toBe(0);
  });

  it("another account's emitter and recurring documents answer 404, and nothing changes", async () => {
    const created = await request(t.url, 'POST', base(issuer.emitterId), { key: t.account.testKey, body: { template: template(issuer.emitterId), schedule: { frequency: 'weekly', weekday: 1 }, starts_on: today() } });
    expect(created.status).toBe(201);
    const other = await t.newAccount('Otra cuenta');
    const path = `${base(issuer.emitterId)}/${created.body.id}`;
    expectProblem(await request(t.url, 'GET', path, { key: other.testKey }), 404, 'resource_not_found');
    expectProblem(await request(t.url, 'GET', base(issuer.emitterId), { key: other.testKey }), 404, 'resource_not_found');
    expectProblem(await request(t.url, 'POST', `${path}/pause`, { key: other.testKey }), 404, 'resource_not_found');
    expectProblem(await request(t.url, 'DELETE', path, { key: other.testKey }), 404, 'resource_not_found');
    expectProblem(await request(t.url, 'POST', base(issuer.emitterId), { key: other.testKey, body: { template: template(issuer.emitterId), schedule: { frequency: 'weekly', weekday: 1 }, starts_on: today() } }), 404, 'resource_not_found');
    // The same account's live key sees another environment: not found either.
    expectProblem(await request(t.url, 'GET', path, { key: t.account.liveKey }), 404, 'resource_not_found');
    const gql = await graphql(t.url, other.testKey, 'query($id: ID!) { recurringDocument(id: $id) { id } }', { id: created.body.id });
    expect(gql.body.data.recurringDocument).toBeNull();
    const still = await request(t.url, 'GET', path, { key: t.account.testKey });
    expect(still.body).toMatchObject({ status: 'active' });
    await request(t.url, 'DELETE', path, { key: t.account.testKey });
  });
});

describe('GraphQL', () => {
  const FIELDS = 'id emitterId environment status nextRunOn startsOn endsOn count schedule { frequency dayOfMonth weekday } template';
  it('creates, lists, pauses, resumes and deletes; a refusal comes back as errors with nothing created', async () => {
    const input = {
      emitterId: issuer.emitterId,
      template: { emitterId: issuer.emitterId, type: '01', establishment: 'M001', pointOfSale: 'P001', items: [{ type: '2', description: 'Soporte', quantity: '1', unitCode: '59', unitPrice: '10.00', tax: 'gravada' }] },
      schedule: { frequency: 'weekly', weekday: isoWeekday(today()) },
      startsOn: today(),
      endsOn: addDays(today(), 30),
    };
    const c = await graphql(t.url, t.account.testKey, `mutation($input: CreateRecurringDocumentInput!) { createRecurringDocument(input: $input) { recurringDocument { ${FIELDS} } errors { field code message } } }`, { input });
    expect(c.body.data.createRecurringDocument.errors).toEqual([]);
    const rec = c.body.data.createRecurringDocument.recurringDocument;
    expect(rec).toMatchObject({ emitterId: issuer.emitterId, environment: '00', status: 'active', nextRunOn: today(), schedule: { frequency: 'weekly', weekday: isoWeekday(today()), dayOfMonth: null }, template: { pointOfSale: 'P001' } });

    const list = await graphql(t.url, t.account.testKey, `query($e: ID!) { recurringDocuments(emitterId: $e, first: 10) { nodes { id nextRunOn } pageInfo { hasNextPage } } }`, { e: issuer.emitterId });
    expect(list.body.data.recurringDocuments.nodes).toEqual([{ id: rec.id, nextRunOn: today() }]);
    const one = await graphql(t.url, t.account.testKey, `query($id: ID!) { recurringDocument(id: $id) { id status } }`, { id: rec.id });
    expect(one.body.data.recurringDocument).toEqual({ id: rec.id, status: 'active' });

    const p = await graphql(t.url, t.account.testKey, `mutation($id: ID!) { pauseRecurringDocument(id: $id) { recurringDocument { status nextRunOn } errors { code } } }`, { id: rec.id });
    expect(p.body.data.pauseRecurringDocument).toEqual({ recurringDocument: { status: 'paused', nextRunOn: null }, errors: [] });
    const r = await graphql(t.url, t.account.testKey, `mutation($id: ID!) { resumeRecurringDocument(id: $id) { recurringDocument { status nextRunOn } errors { code } } }`, { id: rec.id });
    expect(r.body.data.resumeRecurringDocument).toEqual({ recurringDocument: { status: 'active', nextRunOn: today() }, errors: [] });
    const d = await graphql(t.url, t.account.testKey, `mutation($id: ID!) { deleteRecurringDocument(id: $id) { recurringDocument { id } errors { code } } }`, { id: rec.id });
    expect(d.body.data.deleteRecurringDocument).toEqual({ recurringDocument: { id: rec.id }, errors: [] });
    const gone = await graphql(t.url, t.account.testKey, `mutation($id: ID!) { pauseRecurringDocument(id: $id) { recurringDocument { id } errors { code } } }`, { id: rec.id });
    expect(gone.body.data.pauseRecurringDocument.errors).toEqual([{ code: 'RESOURCE_NOT_FOUND' }]);

    const before = await countRows('recurring_documents');
    const bad = await graphql(t.url, t.account.testKey, `mutation($input: CreateRecurringDocumentInput!) { createRecurringDocument(input: $input) { recurringDocument { id } errors { field code message } } }`, {
      input: { ...input, schedule: { frequency: 'monthly', dayOfMonth: 40 } },
    });
    expect(bad.body.data.createRecurringDocument.recurringDocument).toBeNull();
    expect(bad.body.data.createRecurringDocument.errors).toEqual([expect.objectContaining({ field: 'schedule.dayOfMonth', message: expect.stringMatching(/1 a 31/) })]);
    expect(await countRows('recurring_documents')).toBe(before);
  });
});

describe('the job, with a controlled clock', () => {
  it('issues each occurrence once though two runs race, with the date in external_id; a paused one issues nothing', async () => {
    const start = today();
    const c = await request(t.url, 'POST', base(issuer.emitterId), {
      key: t.account.testKey,
      body: { template: template(issuer.emitterId, { external_id: 'IGUALA-7' }), schedule: { frequency: 'weekly', weekday: isoWeekday(start) }, starts_on: start, count: 3 },
    });
    expect(c.status).toBe(201);
    const id = c.body.id as string;
    const occurrences = async () => (await request(t.url, 'GET', `${base(issuer.emitterId)}/${id}/occurrences`, { key: t.account.testKey })).body.data as Record<string, unknown>[];

    await Promise.all([run(), run(), run()]);
    await eventually(async () => ((await occurrences()).every((o) => o.status !== 'issuing') ? true : undefined), 15_000, 'emisión terminada');
    let docs = await docsWithExternalId(`IGUALA-7-${start}`);
    expect(docs).toHaveLength(1);
    expect(docs[0].environment).toBe('00');
    expect(await occurrences()).toEqual([expect.objectContaining({ occurrence_on: start, status: 'issued', document_id: docs[0].id, error: null })]);
    const after1 = await request(t.url, 'GET', `${base(issuer.emitterId)}/${id}`, { key: t.account.testKey });
    expect(after1.body).toMatchObject({ next_run_on: addDays(start, 7), occurrences_count: 1, last_occurrence_on: start });

    // Later the same day and on the next days: nothing more.
    clock.advance(3 * DAY);
    await Promise.all([run(), run()]);
    expect(await occurrences()).toHaveLength(1);

    // A week later: the second one, once.
    clock.set(new Date(clock.now().getTime() + 4 * DAY));
    await Promise.all([run(), run()]);
    await eventually(async () => ((await occurrences()).every((o) => o.status !== 'issuing') ? true : undefined), 15_000, 'segunda emisión');
    docs = await docsWithExternalId(`IGUALA-7-${addDays(start, 7)}`);
    expect(docs).toHaveLength(1);
    expect((await occurrences()).map((o) => o.occurrence_on)).toEqual([addDays(start, 7), start]);

    // Paused on the third date: nothing is claimed; resumed that same day, the third date is today's.
    await request(t.url, 'POST', `${base(issuer.emitterId)}/${id}/pause`, { key: t.account.testKey });
    clock.advance(7 * DAY);
    await run();
    expect(await occurrences()).toHaveLength(2);
    const resumed = await request(t.url, 'POST', `${base(issuer.emitterId)}/${id}/resume`, { key: t.account.testKey });
    expect(resumed.body).toMatchObject({ status: 'active', next_run_on: addDays(start, 14) });
    await run();
    await eventually(async () => ((await occurrences()).length === 3 && (await occurrences()).every((o) => o.status !== 'issuing') ? true : undefined), 15_000, 'tercera emisión');
    const done = await request(t.url, 'GET', `${base(issuer.emitterId)}/${id}`, { key: t.account.testKey });
    expect(done.body).toMatchObject({ status: 'completed', next_run_on: null, occurrences_count: 3 });
    expectProblem(await request(t.url, 'POST', `${base(issuer.emitterId)}/${id}/resume`, { key: t.account.testKey }), 409, 'recurring_document_completed');
    expect(await docsWithExternalId(`IGUALA-7-${addDays(start, 14)}`)).toHaveLength(1);
  }, 90_000);

  it('a refused occurrence is recorded, announced by webhook and e-mail once, and never retried', async () => {
    const bare = await createIssuer(t.url, t.account.testKey, { credentials: false });
    const start = today();
    const c = await request(t.url, 'POST', base(bare.emitterId), {
      key: t.account.testKey,
      body: { template: template(bare.emitterId, { external_id: undefined }), schedule: { frequency: 'monthly', day_of_month: Number(start.slice(8, 10)) }, starts_on: start },
    });
    expect(c.status).toBe(201);
    const id = c.body.id as string;
    await Promise.all([run(), run()]);
    const occ = await request(t.url, 'GET', `${base(bare.emitterId)}/${id}/occurrences`, { key: t.account.testKey });
    expect(occ.body.data).toEqual([expect.objectContaining({ occurrence_on: start, status: 'failed', document_id: null, error: expect.objectContaining({ code: 'credentials_not_configured' }) })]);
    expect(await docsWithExternalId(`${id}-${start}`)).toHaveLength(0);

    const events = await eventually(async () => {
      const e = receiver.received.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> }).filter((x) => x.type === 'recurring_document.failed');
      return e.length ? e : undefined;
    }, 15_000, 'recurring_document.failed');
    expect(events[0].data).toMatchObject({ object: 'recurring_document_occurrence', recurring_document_id: id, emitter_id: bare.emitterId, occurrence_on: start, error: { code: 'credentials_not_configured' } });
    await eventually(async () => (smtp.messages.some((m) => m.mail.subject?.includes('No se emitió la factura recurrente')) ? true : undefined), 15_000, 'correo al propietario');
    const mail = smtp.messages.find((m) => m.mail.subject?.includes('No se emitió la factura recurrente'))!;
    expect(mail.envelope.to).toEqual(['duena@example.com']);
    expect(mail.mail.text).toContain(id);
    expect(mail.mail.text).toContain('no se reintenta');

    // Runs later (the same day, and after the lease): nothing is retried, nothing announced again.
    clock.advance(2 * 3_600_000);
    await run();
    await run();
    await new Promise((r) => setTimeout(r, 500));
    const again = await request(t.url, 'GET', `${base(bare.emitterId)}/${id}/occurrences`, { key: t.account.testKey });
    expect(again.body.data).toHaveLength(1);
    expect(receiver.received.filter((r) => (JSON.parse(r.body) as { type: string }).type === 'recurring_document.failed')).toHaveLength(1);
    expect(smtp.messages.filter((m) => m.mail.subject?.includes('No se emitió la factura recurrente'))).toHaveLength(1);
    expect((await dbRows<{ attempts: number }>(t.db.url, 'select attempts from recurring_occurrences where recurring_id = $1', [id]))[0].attempts).toBe(1);
  }, 60_000);
});

describe('audit (ADR 0043)', () => {
  const entries = (recurringId: string) =>
    dbRows<{ action: string; actor_type: string; actor_key_id: string | null; target_type: string; target_id: string; details: Record<string, unknown> }>(
      t.db.url,
      "select action, actor_type, actor_key_id, target_type, target_id, details from audit_entries where details->>'recurring_document_id' = $1 order by id",
      [recurringId],
    );

  it('create, pause, resume and delete each write one entry; a pause or resume that changes nothing and a refused creation write none', async () => {
    const c = await request(t.url, 'POST', base(issuer.emitterId), { key: t.account.testKey, body: { template: template(issuer.emitterId), schedule: { frequency: 'weekly', weekday: 1 }, starts_on: addDays(today(), 1) } });
    expect(c.status).toBe(201);
    const id = c.body.id as string;
    const path = `${base(issuer.emitterId)}/${id}`;
    expect((await request(t.url, 'POST', `${path}/resume`, { key: t.account.testKey })).status).toBe(200); // already active
    expect((await request(t.url, 'POST', `${path}/pause`, { key: t.account.testKey })).status).toBe(200);
    expect((await request(t.url, 'POST', `${path}/pause`, { key: t.account.testKey })).status).toBe(200); // already paused
    expect((await request(t.url, 'POST', `${path}/resume`, { key: t.account.testKey })).status).toBe(200);
    expect((await request(t.url, 'DELETE', path, { key: t.account.testKey })).status).toBe(204);
    const rows = await entries(id);
    // One clock instant for all (ManualClock): compared as a set, the resumed one found by its action.
    expect(rows.map((r) => r.action).sort()).toEqual(['recurring_document.created', 'recurring_document.deleted', 'recurring_document.paused', 'recurring_document.resumed']);
    for (const r of rows) expect(r).toMatchObject({ actor_type: 'api_key', actor_key_id: expect.any(String), target_type: 'emitter', target_id: issuer.emitterId, details: expect.objectContaining({ recurring_document_id: id, frequency: 'weekly' }) });
    expect(rows.find((r) => r.action === 'recurring_document.resumed')!.details.next_run_on).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));

    const before = await countRows('audit_entries');
    const refused = await request(t.url, 'POST', base(issuer.emitterId), { key: t.account.testKey, body: { template: template(issuer.emitterId), schedule: { frequency: 'monthly', day_of_month: 40 }, starts_on: today() } });
    expect(refused.status).toBe(422);
    expect(await countRows('audit_entries')).toBe(before);
  });
});

describe('a template by reference (ADR 0092)', () => {
  it('issues each occurrence with the receiver and lines as the directory holds them at its issuance', async () => {
    const key = t.account.testKey;
    const customers = `/v1/emitters/${issuer.emitterId}/customers`;
    const products = `/v1/emitters/${issuer.emitterId}/products`;
    const customer = await request(t.url, 'POST', customers, { key, body: { name: 'Clínica San Rafael', document_type: '13', document_number: '04567890-3', email: 'pagos@sanrafael.sv' } });
    const product = await request(t.url, 'POST', products, { key, body: { type: '2', code: 'MANT', description: 'Mantenimiento de equipo', unit_code: '59', unit_price: '40.00', tax: 'gravada' } });
    expect([customer.status, product.status]).toEqual([201, 201]);
    const start = today();
    const c = await request(t.url, 'POST', base(issuer.emitterId), {
      key,
      body: {
        template: { emitter_id: issuer.emitterId, type: '01', establishment: 'M001', point_of_sale: 'P001', external_id: 'REF-9', customer_id: customer.body.id, items: [{ product_id: product.body.id, quantity: '2' }] },
        schedule: { frequency: 'weekly', weekday: isoWeekday(start) },
        starts_on: start,
        count: 2,
      },
    });
    expect(c.status).toBe(201);
    expect(c.body.template).toMatchObject({ customer_id: customer.body.id, items: [{ product_id: product.body.id, quantity: '2' }] });
    const id = c.body.id as string;
    const settled = async (n: number) => {
      const occ = (await request(t.url, 'GET', `${base(issuer.emitterId)}/${id}/occurrences`, { key })).body.data as Record<string, unknown>[];
      return occ.length === n && occ.every((o) => o.status !== 'issuing') ? occ : undefined;
    };
    const issuedDoc = async (externalId: string) => {
      const [row] = await docsWithExternalId(externalId);
      return eventually(async () => {
        const d = (await request(t.url, 'GET', `/v1/documents/${row.id}`, { key })).body;
        return d.status === 'processed' ? d : undefined;
      }, 15_000, `${externalId} procesado`);
    };

    await run();
    await eventually(() => settled(1), 15_000, 'primera emisión');
    const first = await issuedDoc(`REF-9-${start}`);
    expect(first.receiver).toMatchObject({ name: 'Clínica San Rafael', document_number: '04567890-3', email: 'pagos@sanrafael.sv' });
    expect(first.items.map((i: Record<string, unknown>) => [i.description, i.quantity, i.unit_price])).toEqual([['Mantenimiento de equipo', '2', '40']]);
    expect(first.totals.total).toBe('80.00');

    // The directory changes between occurrences: the next one takes the new values, the issued one keeps its own.
    expect((await request(t.url, 'PATCH', `${customers}/${customer.body.id}`, { key, body: { name: 'Clínica San Rafael, S.A. de C.V.' } })).status).toBe(200);
    expect((await request(t.url, 'PATCH', `${products}/${product.body.id}`, { key, body: { unit_price: '45.00' } })).status).toBe(200);
    clock.advance(7 * DAY);
    await run();
    await eventually(() => settled(2), 15_000, 'segunda emisión');
    const second = await issuedDoc(`REF-9-${addDays(start, 7)}`);
    expect(second.receiver.name).toBe('Clínica San Rafael, S.A. de C.V.');
    expect(second.items.map((i: Record<string, unknown>) => [i.description, i.unit_price])).toEqual([['Mantenimiento de equipo', '45']]);
    expect(second.totals.total).toBe('90.00');
    const again = await issuedDoc(`REF-9-${start}`);
    expect([again.receiver.name, again.items[0].unit_price, again.totals.total]).toEqual(['Clínica San Rafael', '40', '80.00']);
    const json = (await request(t.url, 'GET', `/v1/documents/${second.id}/json`, { key })).body;
    expect(json.receptor.nombre).toBe('Clínica San Rafael, S.A. de C.V.');
    expect(json.cuerpoDocumento.map((l: Record<string, unknown>) => [l.codigo, l.precioUni])).toEqual([['MANT', 45]]);
  }, 90_000);
});
