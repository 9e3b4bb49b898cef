/**
 * Panel login: `POST /v1/auth/login` with the right password, one after another, from a client in
 * its own process. Reports the service's CPU per login (user + system of this process, where the
 * service runs, from process.cpuUsage — Argon2id runs on libuv's thread pool, which it counts) and
 * the latency. PostgreSQL's CPU is left out: /proc sums every PostgreSQL process of the machine,
 * which on a shared machine counts other databases' work. Argon2id at OWASP's minimum (m = 19456 KiB,
 * t = 2, p = 1). Target: ≤ 150 ms of service CPU per login.
 */
import { ARGON2_PARAMS } from '../src/integrations/crypto/password-hasher';
import { benchApp, benchDatabase, cpuMeter, percentile, runBenchProcess } from './bench-support';

const WARMUP = 3;
const COUNT = Number(process.env.BENCH_LOGIN_COUNT ?? 40);
const PASSWORD = 'Clave-de-la-medición-1';

interface LoadResult {
  latencies_ms: number[];
  statuses: Record<string, number>;
  first_error: string | null;
}

export default async function login(): Promise<Record<string, unknown>> {
  const db = await benchDatabase('login');
  const app = await benchApp(db.url);
  try {
    const account = await app.services.createAccount.execute({ name: 'Bench' });
    // The password policy refuses a password holding the e-mail's local part («medición»).
    const email = 'cajera@example.com';
    await app.services.createUser.execute({ accountId: account.accountId, email, password: PASSWORD, role: 'owner' });
    const job = { url: app.url, email, password: PASSWORD };
    const warm = await runBenchProcess<LoadResult>('login-load.ts', { ...job, count: WARMUP });
    if (warm.first_error) throw new Error(`respuesta inesperada: ${warm.first_error}`);
    const meter = cpuMeter({});
    const run = await runBenchProcess<LoadResult>('login-load.ts', { ...job, count: COUNT });
    const cpu = meter.stop(COUNT);
    if (run.first_error) throw new Error(`respuesta inesperada: ${run.first_error}`);
    const lat = run.latencies_ms;
    const serviceCpu = Number((cpu.service_user + cpu.service_system).toFixed(1));
    return {
      logins: COUNT,
      argon2id: { memory_kib: ARGON2_PARAMS.memoryCost, iterations: ARGON2_PARAMS.timeCost, parallelism: ARGON2_PARAMS.parallelism },
      service_cpu_ms_per_login: serviceCpu,
      service_cpu_ms: { user: cpu.service_user, system: cpu.service_system },
      target_service_cpu_ms: 150,
      met: serviceCpu <= 150,
      latency_ms: { p50: Number(percentile(lat, 50).toFixed(1)), p99: Number(percentile(lat, 99).toFixed(1)), max: Number(lat[lat.length - 1].toFixed(1)) },
    };
  } finally {
    await app.stop();
    await db.drop();
  }
}
