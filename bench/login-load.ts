/**
 * Client of the login benchmark, run as its own process so that its requests cost the service
 * nothing but the service's own work. Reads one JSON job on stdin, prints one JSON result on stdout:
 *   job    {url, email, password, count}
 *   result {latencies_ms (sorted), statuses: {code: n}, first_error}
 */
interface Job {
  url: string;
  email: string;
  password: string;
  count: number;
}

async function main(): Promise<void> {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const job = JSON.parse(input) as Job;
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  let firstError: string | null = null;
  for (let i = 0; i < job.count; i++) {
    const started = performance.now();
    const res = await fetch(`${job.url}/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: job.email, password: job.password }) });
    const text = await res.text();
    latencies.push(performance.now() - started);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    if (res.status !== 200 && !firstError) firstError = `${res.status} ${text.slice(0, 200)}`;
  }
  process.stdout.write(JSON.stringify({ latencies_ms: latencies.sort((a, b) => a - b), statuses, first_error: firstError }));
}

void main();
