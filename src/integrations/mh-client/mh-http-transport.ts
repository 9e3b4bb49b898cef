/** One HTTP call with a deadline (AbortController covers connect, headers and body). Never throws. */

export type HttpOutcome =
  | { kind: 'response'; status: number; contentType: string; text: string; json: unknown }
  | { kind: 'timeout' }
  | { kind: 'network'; message: string };

export interface HttpCall {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

export async function httpCall(call: HttpCall): Promise<HttpOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), call.timeoutMs);
  try {
    const res = await fetch(call.url, { method: call.method, headers: call.headers, body: call.body, signal: controller.signal, redirect: 'manual' });
    const text = await res.text();
    const contentType = res.headers.get('content-type') ?? '';
    return { kind: 'response', status: res.status, contentType, text, json: parseJson(text) };
  } catch (err) {
    if (controller.signal.aborted) return { kind: 'timeout' };
    return { kind: 'network', message: networkMessage(err) };
  } finally {
    clearTimeout(timer);
  }
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function networkMessage(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  const detail = cause?.code ?? (err as { code?: string })?.code ?? cause?.message;
  return detail ? `No se pudo comunicar con el MH (${detail})` : 'No se pudo comunicar con el MH';
}
