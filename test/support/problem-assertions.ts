import type { ApiResponse } from './http-client';

/** A Spanish RFC 9457 problem with the given status and code, its request id echoed, no stack trace. */
export function expectProblem(r: Pick<ApiResponse, 'status' | 'headers' | 'body' | 'text'>, status: number, code: string): void {
  expect({ status: r.status, contentType: r.headers.get('content-type') }).toEqual({ status, contentType: expect.stringMatching(/^application\/problem\+json/) });
  expect(r.body).toMatchObject({ status, instance: expect.any(String), request_id: expect.any(String), title: expect.any(String), detail: expect.any(String) });
  expect(r.body.type).toMatch(new RegExp(`/problems/${code}$`));
  expect(r.headers.get('x-request-id')).toBe(r.body.request_id);
  expect(Array.isArray(r.body.errors)).toBe(true);
  expect(r.text).not.toMatch(/\bat \w+ \(|node_modules|Error:/);
}

/** Log lines written since `from` (an index into TestApp.logs), parsed. */
export function logLinesSince(logs: readonly string[], from: number): Record<string, unknown>[] {
  return logs.slice(from).flatMap((chunk) => chunk.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>));
}
