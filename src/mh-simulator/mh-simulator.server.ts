/**
 * The MH simulator: MH's API (paths, bodies, codes) as a separate HTTP server, plus the control API.
 * State lives in an append-only journal under `dataDir` and survives restarts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler } from 'express';
import pino from 'pino';
import { TokenRegistry } from './auth/token-registry';
import { enrolIssuer } from './enrol-issuer';
import { FaultQueue } from './faults/fault-queue';
import { faultMiddleware } from './faults/fault.middleware';
import { authHandler } from './handlers/auth.handler';
import { contingencyHandler } from './handlers/contingency.handler';
import { controlRouter } from './handlers/control.handler';
import { invalidationHandler } from './handlers/invalidation.handler';
import { loteHandler, loteQueryHandler } from './handlers/lote.handler';
import { queryHandler } from './handlers/query.handler';
import { receptionHandler } from './handlers/reception.handler';
import { requireToken } from './http/auth-guard';
import { HeldConnections } from './http/held-connections';
import { springError } from './http/mh-reply';
import type { MhSimulator, MhSimulatorOptions } from './mh-simulator.types';
import { createBusinessCalendar } from '../domain/mh-rules/business-calendar';
import { createCommit, type SimulatorContext } from './simulator-context';
import { Journal } from './store/journal.store';
import { SimulatorState } from './store/simulator-state';

export type { MhEnrolment, MhSimulator, MhSimulatorOptions, SimulatorClock } from './mh-simulator.types';

export const DEFAULT_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** MH's window for a return event: 3 months from the related document's seal (ADR "2026 events"). */
export const DEFAULT_RETURN_WINDOW_MONTHS = 3;
/** A lote of 100 signed DTEs can reach several MB. */
const BODY_LIMIT = '25mb';

export async function createMhSimulator(opts: MhSimulatorOptions): Promise<MhSimulator> {
  const clock = opts.clock ?? { now: () => new Date() };
  const logger = opts.logger ?? pino({ level: 'silent' });
  const state = new SimulatorState();
  const { journal, entries } = await Journal.open(opts.dataDir);
  for (const e of entries) state.apply(e);
  const ctx: SimulatorContext = {
    state,
    clock,
    logger,
    tokens: new TokenRegistry(() => clock.now(), opts.tokenTtlMs ?? DEFAULT_TOKEN_TTL_MS),
    faults: new FaultQueue(),
    settings: {
      allowProduction: opts.allowProduction ?? false,
      invalidationRegime: opts.invalidationRegime ?? 'MF-2.0',
      calendar: createBusinessCalendar(opts.nonBusinessDays),
      loteProcessingMs: opts.loteProcessingMs ?? 0,
      contingencySingleReception: opts.contingencySingleReception ?? false,
      returnWindowMonths: opts.returnWindowMonths ?? DEFAULT_RETURN_WINDOW_MONTHS,
    },
    counters: { authOk: 0, authFailed: 0 },
    commit: createCommit(state, journal),
  };
  const held = new HeldConnections();
  const app = buildApp(ctx, held);
  logger.info({ dataDir: opts.dataDir, entries: entries.length }, 'simulador del MH iniciado');

  let server: Server | null = null;
  let closed = false;
  return {
    app,
    async listen(port, host = '127.0.0.1') {
      if (server) throw new Error('El simulador ya está escuchando');
      const s = createServer(app);
      server = s;
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(port, host, () => {
          s.off('error', reject);
          resolve();
        });
      });
      const { port: actual } = s.address() as AddressInfo;
      return `http://${host.includes(':') ? `[${host}]` : host}:${actual}`;
    },
    enrol: (e) => enrolIssuer(ctx, e),
    async close() {
      if (closed) return;
      closed = true;
      held.close();
      if (server) {
        const s = server;
        const done = new Promise<void>((resolve) => s.close(() => resolve()));
        s.closeAllConnections();
        await done;
      }
      await journal.close();
    },
  };
}

function buildApp(ctx: SimulatorContext, held: HeldConnections): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use('/__control', controlRouter(ctx, held));
  app.use(faultMiddleware(ctx, held, BODY_LIMIT));
  app.use(express.json({ limit: BODY_LIMIT }));
  app.use(express.urlencoded({ extended: false, limit: BODY_LIMIT }));

  app.post('/seguridad/auth', authHandler(ctx));
  const auth = requireToken(ctx);
  app.post('/fesv/recepciondte', auth, receptionHandler(ctx));
  app.post('/fesv/recepcion/consultadte', auth, queryHandler(ctx));
  app.post('/fesv/recepcionlote', auth, loteHandler(ctx));
  app.get('/fesv/recepcion/consultadtelote/:codigoLote', auth, loteQueryHandler(ctx));
  app.post('/fesv/contingencia', auth, contingencyHandler(ctx));
  app.post('/fesv/anulardte', auth, invalidationHandler(ctx));

  app.use((req, res) => springError(res, 404, 'Not Found', req.path, ctx.clock.now()));
  const onError: ErrorRequestHandler = (err, req, res, _next) => {
    const status = typeof err?.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status === 500) ctx.logger.error({ err, path: req.path }, 'error interno del simulador');
    if (res.headersSent) {
      res.socket?.destroy();
      return;
    }
    res.locals.loseAnswer = undefined;
    springError(res, status, status === 500 ? 'Internal Server Error' : status === 413 ? 'Payload Too Large' : 'Bad Request', req.path, ctx.clock.now());
  };
  app.use(onError);
  return app;
}
