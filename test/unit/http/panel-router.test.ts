import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { panelRouter } from '../../../src/http/panel/panel.router';

describe('panelRouter without a built panel', () => {
  it('answers 503 with a Spanish page saying how to build it, never a stack trace', async () => {
    const app = express().use(panelRouter({ dir: mkdtempSync(join(tmpdir(), 'panel-vacio-')) }));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const r = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/panel/documentos`);
      expect(r.status).toBe(503);
      expect(r.headers.get('retry-after')).toBe('30');
      expect(r.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
      const html = await r.text();
      expect(html).toContain('El panel todavía no está compilado');
      expect(html).toContain('npm install --no-audit --no-fund');
    } finally {
      server.close();
    }
  });
});
