/**
 * Control API (JSON, same port, never subject to faults):
 * PUT/GET/DELETE /__control/faults, GET /__control/receptions, GET /__control/events,
 * POST /__control/enrolments, DELETE /__control/tokens, GET /__control/health.
 */
import express, { Router } from 'express';
import { z } from 'zod';
import { EnrolmentError, enrolIssuer } from '../enrol-issuer';
import { faultSpecSchema, type QueuedFault } from '../faults/fault-queue';
import type { HeldConnections } from '../http/held-connections';
import type { SimulatorContext } from '../simulator-context';

const enrolmentSchema = z.strictObject({
  nit: z.string(),
  environment: z.enum(['00', '01']),
  mh_user: z.string().min(1),
  mh_password: z.string().min(1),
  public_key_spki_der_base64: z.string().min(1),
});

function controlError(code: string, message: string, issues?: unknown) {
  return { error: { code, message, ...(issues === undefined ? {} : { issues }) } };
}

function faultView(f: QueuedFault) {
  return { id: f.id, ...f.spec, remaining: f.remaining, expires_at: f.expiresAt === null ? null : new Date(f.expiresAt).toISOString() };
}

export function controlRouter(ctx: SimulatorContext, held: HeldConnections): Router {
  const r = Router();
  r.use(express.json({ limit: '1mb' }));

  r.put('/faults', (req, res) => {
    const specs = Array.isArray(req.body) ? req.body : [req.body];
    const parsed = z.array(faultSpecSchema).min(1).safeParse(specs);
    if (!parsed.success) {
      res.status(400).json(controlError('invalid_fault', 'Falla no válida: revise mode, ms, status, code, observations, count, duration_ms y paths.', parsed.error.issues));
      return;
    }
    for (const spec of parsed.data) ctx.faults.add(spec);
    res.json({ data: ctx.faults.list().map(faultView) });
  });
  r.get('/faults', (_req, res) => {
    res.json({ data: ctx.faults.list().map(faultView) });
  });
  r.delete('/faults', (_req, res) => {
    ctx.faults.clear();
    held.releaseAll();
    res.json({ data: [] });
  });

  r.get('/receptions', (req, res) => {
    const only = typeof req.query.generation_code === 'string' ? req.query.generation_code : null;
    const data = [...ctx.state.receptionStats.values()]
      .filter((s) => only === null || s.generationCode === only)
      .map((s) => ({ generation_code: s.generationCode, type: s.type, received: s.received, sealed: s.sealed, last_status: s.lastStatus }));
    res.json({ data });
  });

  r.get('/events', (_req, res) => {
    const data = ctx.state.events.map((e) => ({
      kind: e.kind, generation_code: e.codigoGeneracion, status: e.status, received_at: e.at, documents: e.documents,
    }));
    res.json({ data });
  });

  r.post('/enrolments', async (req, res) => {
    const parsed = enrolmentSchema.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json(controlError('invalid_enrolment', 'Inscripción no válida: se requieren nit, environment, mh_user, mh_password y public_key_spki_der_base64.', parsed.error.issues));
      return;
    }
    const b = parsed.data;
    try {
      await enrolIssuer(ctx, {
        nit: b.nit, environment: b.environment, mhUser: b.mh_user, mhPassword: b.mh_password,
        publicKeySpkiDer: Buffer.from(b.public_key_spki_der_base64, 'base64'),
      });
    } catch (err) {
      if (err instanceof EnrolmentError) {
        res.status(400).json(controlError('invalid_enrolment', err.message));
        return;
      }
      throw err;
    }
    res.status(201).json({ data: { nit: b.nit, environment: b.environment, mh_user: b.mh_user } });
  });

  r.delete('/tokens', (_req, res) => {
    res.json({ data: { revoked: ctx.tokens.revokeAll() } });
  });

  r.get('/health', (_req, res) => {
    res.json({
      status: 'ok',
      now: ctx.clock.now().toISOString(),
      counts: {
        enrolments: ctx.state.enrolments.size,
        receptions: [...ctx.state.receptionStats.values()].reduce((n, s) => n + s.received, 0),
        sealed: ctx.state.sealed.size,
        lotes: ctx.state.lotes.size,
        events: ctx.state.events.length,
        auth_ok: ctx.counters.authOk,
        auth_failed: ctx.counters.authFailed,
        held_connections: held.size,
      },
    });
  });

  r.use((_req, res) => {
    res.status(404).json(controlError('not_found', 'Ruta de control desconocida.'));
  });
  return r;
}
