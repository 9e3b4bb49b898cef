import { problemResult, type HttpResult } from './http-result';
import type { ProblemContext } from './problem';

/** The 410 problem of a signed download link that expired, or was tampered with or names no file (report files, period archives). */
export function signedLinkProblem(reason: 'invalid' | 'expired', problem: ProblemContext): HttpResult {
  const detail = reason === 'expired' ? 'El enlace de descarga venció; solicite uno nuevo.' : 'El enlace de descarga no es válido (alterado o sin archivo).';
  return problemResult({ code: 'link_expired', detail }, problem, { 'Cache-Control': 'no-store' });
}
