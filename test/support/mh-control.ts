/** The MH simulator's control API (faults, receptions, events), as tests and demos use it. */
export class MhControl {
  constructor(readonly url: string) {}

  async fault(f: Record<string, unknown> | Record<string, unknown>[]): Promise<void> {
    const r = await fetch(`${this.url}/__control/faults`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(f) });
    if (!r.ok) throw new Error(`fault: ${r.status} ${await r.text()}`);
  }

  async clear(): Promise<void> {
    await fetch(`${this.url}/__control/faults`, { method: 'DELETE' });
  }

  async receptions(): Promise<{ generation_code: string; type: string; received: number; sealed: number; last_status: string }[]> {
    return ((await (await fetch(`${this.url}/__control/receptions`)).json()) as { data: never[] }).data;
  }

  async reception(code: string) {
    return (await this.receptions()).find((r) => r.generation_code === code) ?? null;
  }

  async events(): Promise<{ kind: string; generation_code: string; status: string; received_at: string; documents: string[] }[]> {
    return ((await (await fetch(`${this.url}/__control/events`)).json()) as { data: never[] }).data;
  }
}

export async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, timeoutMs = 15_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error('tiempo de espera agotado');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
