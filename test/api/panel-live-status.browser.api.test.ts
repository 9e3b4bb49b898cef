/**
 * Live statuses that never freeze: a document's status changes while the panel's subscription is not
 * yet listening (the page loaded it, the subscription is still on its way) or while the live
 * connection is down, and the open screen still turns «Procesado» without a reload.
 *
 * Deterministic: MH holds the document's reception (a `timeout` fault, released by clearing the
 * faults), and the test holds the page's graphql-ws messages (playwright's WebSocket routing) until
 * the change has happened; nothing waits on a clock.
 */
import type { Browser, Page, WebSocketRoute } from 'playwright-core';
import { feBody } from '../fixtures/document-bodies';
import { request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { MhControl, waitFor } from '../support/mh-control';
import { describeBrowser, goToPanelPath, launchBrowser, logInThroughForm, newPanelPage, UI_TIMEOUT_MS } from '../support/panel-browser';
import { startTestApp, type TestApp } from '../support/test-app';

const PASSWORD = 'Clave-del-panel-2026';
const OWNER = 'duena@lasbrisas.com.sv';

let t: TestApp;
let browser: Browser;
let issuer: Issuer;
let mh: MhControl;

interface Op {
  id: string;
  operationName: string | null;
  variables: Record<string, unknown>;
  /** Sent on to the service (not held). */
  forwarded: boolean;
}

/**
 * Sits between the page and the service's /graphql socket. While `holding`, everything the page
 * sends after `connection_init` waits, in order, until `release()`; what the service sends goes
 * straight through. Records each operation the page starts and whether it was sent on.
 */
class LiveSocketGate {
  holding = false;
  readonly ops: Op[] = [];
  readonly routes: WebSocketRoute[] = [];
  private queue: (() => void)[] = [];

  async attach(page: Page): Promise<void> {
    await page.routeWebSocket(/\/graphql$/, (ws) => {
      const server = ws.connectToServer();
      this.routes.push(ws);
      ws.onMessage((message) => {
        const msg = JSON.parse(String(message)) as { id?: string; type: string; payload?: { query?: string; variables?: Record<string, unknown> } };
        let op: Op | null = null;
        if (msg.type === 'subscribe' && msg.id) {
          op = { id: msg.id, operationName: /^\s*(?:query|subscription|mutation)\s+(\w+)/.exec(msg.payload?.query ?? '')?.[1] ?? null, variables: msg.payload?.variables ?? {}, forwarded: false };
          this.ops.push(op);
        }
        const send = () => {
          if (op) op.forwarded = true;
          server.send(message);
        };
        if (msg.type !== 'connection_init' && (this.holding || this.queue.length)) this.queue.push(send);
        else send();
      });
    });
  }

  release(): void {
    this.holding = false;
    const queued = this.queue;
    this.queue = [];
    for (const send of queued) send();
  }

  /** The last operation named `name` (with these variables, when given). */
  last(name: string, variables?: Record<string, unknown>): Op | undefined {
    return [...this.ops].reverse().find((o) => o.operationName === name && (!variables || Object.entries(variables).every(([k, v]) => o.variables[k] === v)));
  }
}

/** A document MH holds on its way: the service shows it «Enviando» until the faults are cleared. */
async function documentHeldInSending(receiver: string): Promise<string> {
  await mh.fault({ mode: 'timeout', count: 1, paths: ['/fesv/recepciondte'] });
  const r = await request(t.url, 'POST', '/v1/documents?mode=async', { key: t.account.testKey, body: feBody(issuer, { receiver: { name: receiver, document_type: '36', document_number: '06140101001011', email: 'compras@example.com' } }) });
  expect(r.status).toBe(202);
  await waitFor(async () => (await request(t.url, 'GET', `/v1/documents/${r.body.id}`, { key: t.account.testKey })).body.status === 'sending', UI_TIMEOUT_MS);
  return r.body.id as string;
}

/** Lets MH answer and waits until the service has the document processed. */
async function letMhAnswer(id: string): Promise<void> {
  await mh.clear();
  await waitFor(async () => (await request(t.url, 'GET', `/v1/documents/${id}`, { key: t.account.testKey })).body.status === 'processed', 60_000);
}

/** Marks the page; `sameDocument` is false after a reload. */
const markPage = (p: Page) => p.evaluate(() => ((globalThis as any).__loadedOnce = true));
const sameDocument = (p: Page) => p.evaluate(() => (globalThis as any).__loadedOnce === true);

describeBrowser('live statuses in the panel never freeze', () => {
  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp({ MH_TIMEOUT_MS: '120000' }), launchBrowser()]);
    mh = new MhControl(t.app.mhSimulatorUrl!);
    await t.app.services.createUser.execute({ accountId: t.account.id, email: OWNER, password: PASSWORD, role: 'owner' });
    issuer = await createIssuer(t.url, t.account.testKey, { nit: '06141234567890' });
  }, 180_000);
  afterAll(async () => {
    await mh?.clear();
    await browser?.close();
    await t?.stop();
  });

  it('a document processed after its page loaded it but before the subscription listened turns «Procesado» on its detail', async () => {
    const { page } = await newPanelPage(browser);
    const gate = new LiveSocketGate();
    await gate.attach(page);
    await logInThroughForm(page, t.url, OWNER, PASSWORD);
    const id = await documentHeldInSending('Ferretería San Miguel');

    gate.holding = true;
    await goToPanelPath(page, `/documentos/${id}`);
    await markPage(page);
    const header = page.locator('.page-header');
    await header.getByText('Enviando', { exact: true }).waitFor();
    await waitFor(async () => gate.last('PanelDocumentLive', { id }) ?? null, UI_TIMEOUT_MS, 20);

    // MH answers while the subscription is still on its way: the change is published before it listens.
    await letMhAnswer(id);
    gate.release();
    await header.getByText('Procesado', { exact: true }).waitFor();
    await page.getByText('Sellado por el MH', { exact: true }).waitFor();
    expect(await sameDocument(page)).toBe(true);
    await page.context().close();
  }, 180_000);

  it('a document processed while the live connection was down turns «Procesado» once it reconnects', async () => {
    const { page } = await newPanelPage(browser);
    const gate = new LiveSocketGate();
    await gate.attach(page);
    await logInThroughForm(page, t.url, OWNER, PASSWORD);
    const id = await documentHeldInSending('Librería El Estudiante');
    await goToPanelPath(page, `/documentos/${id}`);
    await markPage(page);
    const header = page.locator('.page-header');
    await header.getByText('Enviando', { exact: true }).waitFor();
    await waitFor(async () => gate.last('PanelDocumentLive', { id })?.forwarded, UI_TIMEOUT_MS, 20);
    await page.getByText('En vivo', { exact: true }).waitFor();

    // The connection drops (a proxy, a deploy); the change happens before the panel is back.
    gate.holding = true;
    const connections = gate.routes.length;
    await gate.routes[connections - 1].close({ code: 1001, reason: 'Going away' });
    await page.getByText('Reconectando…', { exact: true }).waitFor();
    await letMhAnswer(id);
    await waitFor(async () => gate.routes.length > connections && gate.ops.some((o) => o.operationName === 'PanelDocumentLive' && !o.forwarded), UI_TIMEOUT_MS, 20);
    gate.release();
    await header.getByText('Procesado', { exact: true }).waitFor();
    await page.getByText('En vivo', { exact: true }).waitFor();
    expect(await sameDocument(page)).toBe(true);
    await page.context().close();
  }, 180_000);

  it('a document processed before the list\'s subscription listened turns «Procesado» in the open list', async () => {
    const { page } = await newPanelPage(browser);
    const gate = new LiveSocketGate();
    await gate.attach(page);
    await logInThroughForm(page, t.url, OWNER, PASSWORD);
    const id = await documentHeldInSending('Distribuidora La Ceiba');

    gate.holding = true;
    await page.goto(`${t.url}/panel/documentos`);
    await markPage(page);
    const row = page.getByRole('table', { name: 'Documentos' }).locator(`tr[data-row-id="${id}"]`);
    await row.getByText('Enviando', { exact: true }).waitFor();
    await waitFor(async () => gate.last('PanelDocumentStatus') ?? null, UI_TIMEOUT_MS, 20);

    await letMhAnswer(id);
    gate.release();
    await row.getByText('Procesado', { exact: true }).waitFor();
    expect(await sameDocument(page)).toBe(true);
    await page.context().close();
  }, 180_000);
});
