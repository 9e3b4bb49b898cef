import { join } from 'node:path';
import type { AppConfig } from '../../config/config';
import type { Logger } from '../../config/logger';
import type { MhCredentialGateway } from '../../services/ports/mh-gateway.port';
import type { Clock } from '../../services/shared/clock';
import { createMhSimulator } from '../../mh-simulator/mh-simulator.server';
import { HttpMhClient, type MhClient } from '../mh-client';
import type { MhCall } from '../mh-client/mh-http.client';

export interface MhRuntime {
  client: MhClient;
  credentials: MhCredentialGateway;
  /** The simulator's URL in simulator mode (in-process or MH_SIMULATOR_URL), else null. */
  simulatorUrl: string | null;
  close(): Promise<void>;
}

/**
 * MH as configured: `MH_MODE=simulator` (default) talks to the simulator at MH_SIMULATOR_URL or starts
 * one in-process (state under DATA_DIR/mh-simulator) and enrols uploaded credentials in it;
 * `MH_MODE=remote` calls MH's hosts (MH_BASE_URL_00/01, default MH's real test and production hosts).
 */
export async function createMhRuntime(config: AppConfig, logger: Logger, clock: Clock, onCall?: (call: MhCall) => void): Promise<MhRuntime> {
  const mh = config.mh;
  if (mh.mode === 'remote') {
    const client = new HttpMhClient({ baseUrls: mh.baseUrls, timeoutMs: mh.timeoutMs, logger, clock, onCall });
    return {
      client,
      credentials: { mode: 'remote', enrol: async () => undefined, login: (env, creds) => client.login(env, creds) },
      simulatorUrl: null,
      close: async () => undefined,
    };
  }
  let url = mh.simulatorUrl;
  let close = async () => undefined as void;
  let enrolInProcess: ((e: Parameters<MhCredentialGateway['enrol']>[0]) => Promise<void>) | null = null;
  if (!url) {
    const sim = await createMhSimulator({
      dataDir: join(config.dataDir, 'mh-simulator'),
      clock,
      logger: logger.child({ component: 'mh-simulator' }),
      allowProduction: mh.simulatorAllowProduction,
      returnWindowMonths: mh.returnWindowMonths,
    });
    url = await sim.listen(0, '127.0.0.1');
    enrolInProcess = (e) => sim.enrol(e);
    close = () => sim.close();
  }
  const baseUrl = url;
  const client = new HttpMhClient({ baseUrls: { '00': baseUrl, '01': baseUrl }, timeoutMs: mh.timeoutMs, logger, clock, onCall });
  const enrol: MhCredentialGateway['enrol'] =
    enrolInProcess ??
    (async (e) => {
      const res = await fetch(`${baseUrl}/__control/enrolments`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ nit: e.nit, environment: e.environment, mh_user: e.mhUser, mh_password: e.mhPassword, public_key_spki_der_base64: e.publicKeySpkiDer.toString('base64') }),
      });
      if (!res.ok) throw new Error(`el simulador del MH rechazó la inscripción (${res.status})`);
    });
  return {
    client,
    credentials: { mode: 'simulator', enrol, login: (env, creds) => client.login(env, creds) },
    simulatorUrl: baseUrl,
    close,
  };
}
