import { createIssuer, type Issuer } from './issuer';
import { MhControl } from './mh-control';
import { startTestApp, type TestApp, type TestAppOptions } from './test-app';

/** A test app with its MH simulator's control and one issuer ready to issue (emitter, establishment, credentials). */
export interface IssuingApp {
  t: TestApp;
  mh: MhControl;
  issuer: Issuer;
}

export async function startIssuingApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<IssuingApp> {
  const t = await startTestApp(env, opts);
  const mh = new MhControl(t.app.mhSimulatorUrl!);
  const issuer = await createIssuer(t.url, t.account.testKey);
  return { t, mh, issuer };
}
