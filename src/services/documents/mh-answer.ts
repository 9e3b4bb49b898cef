import type { DocumentMhResponse } from '../../domain/documents';

/** MH's answer as a document keeps it (`mh_response`): blank observations dropped. */
export function mhAnswer(code: string | null, message: string | null, observations: string[]): DocumentMhResponse {
  return { code, message, observations: observations.filter((o) => o && o.trim()) };
}
