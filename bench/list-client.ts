/**
 * The HTTP client of the `documents-list-1m` benchmark, run as its own process so that sending the
 * request and parsing the page (100 documents are ~100 KB of JSON) do not share the service's event
 * loop, as a real client would not. Reads one JSON line per request on stdin, `{url, key}`, sends
 * it, and prints one JSON line: `{ms, status, ids, has_more, error}` (`ms` from sending to the parsed body).
 */
import { createInterface } from 'node:readline';
import { httpRequest } from './http-client';

async function main(): Promise<void> {
  for await (const line of createInterface({ input: process.stdin })) {
    if (!line.trim()) continue;
    const { url, key } = JSON.parse(line) as { url: string; key: string };
    const t0 = performance.now();
    const res = await httpRequest(url, { headers: { Authorization: `Bearer ${key}` } });
    const body = JSON.parse(res.text) as { data?: { id: string }[]; has_more?: boolean };
    const ms = performance.now() - t0;
    const ok = res.status === 200;
    process.stdout.write(
      `${JSON.stringify({ ms, status: res.status, ids: ok ? body.data!.map((d) => d.id) : [], has_more: ok ? body.has_more : false, error: ok ? null : JSON.stringify(body).slice(0, 200) })}\n`,
    );
  }
}

void main();
