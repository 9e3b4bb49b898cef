/** Port to MH's transmission API (real MH over HTTPS, or the MH simulator). */

export type MhEnvironment = '00' | '01';

export interface MhCredentials {
  nit: string;
  mhUser: string;
  mhPassword: string;
}

export type MhReception =
  /** 001, and 002 (accepted with observations). */
  | { kind: 'processed'; seal: string; processedAt: Date; code: string; message: string; observations: string[]; raw: unknown }
  | { kind: 'rejected'; code: string; message: string; observations: string[]; raw: unknown }
  /** 004 on codigoGeneracion: MH already has it (query it to get the seal). */
  | { kind: 'duplicate'; code: string; message: string; raw: unknown }
  /** 5xx, HTML, connection refused/reset, 503, failed authentication (status 401): outcome unknown. */
  | { kind: 'unavailable'; status: number | null; message: string }
  | { kind: 'timeout'; message: string };

/** What a call that cannot be "processed" or "duplicate" may still end in. */
export type MhFailure = Exclude<MhReception, { kind: 'processed' } | { kind: 'duplicate' }>;

export type MhLoginResult = { ok: true } | { ok: false; code: MhLoginFailureCode; message: string };
export type MhLoginFailureCode = 'invalid_credentials' | 'unavailable' | 'timeout' | 'unexpected_response';

export type MhQueryResult = MhReception | { kind: 'not_found'; raw: unknown };

export type MhLoteSendResult = { kind: 'accepted'; loteCode: string; raw: unknown } | MhFailure;

export type MhLoteQueryResult =
  | { kind: 'done'; results: { codigoGeneracion: string; reception: MhReception }[] }
  | { kind: 'pending' }
  | MhFailure;

export type MhContingencyResult =
  | { kind: 'accepted'; seal: string; raw: unknown }
  | { kind: 'rejected'; message: string; observations: string[]; raw: unknown }
  | { kind: 'unavailable' | 'timeout'; message: string };

export interface MhTransmitRequest {
  tipoDte: string;
  version: number;
  codigoGeneracion: string;
  /** The signed DTE (JWS compact). */
  jws: string;
  /** Reception path; default MH's `/fesv/recepciondte` (the 2026 events may be configured elsewhere, ADR 0019). */
  path?: string;
}

export interface MhClient {
  /** A fresh login (the "test credentials" action); caches the token on success. */
  login(env: MhEnvironment, creds: MhCredentials): Promise<MhLoginResult>;
  transmit(env: MhEnvironment, creds: MhCredentials, req: MhTransmitRequest): Promise<MhReception>;
  query(env: MhEnvironment, creds: MhCredentials, req: { tipoDte: string; codigoGeneracion: string }): Promise<MhQueryResult>;
  sendLote(env: MhEnvironment, creds: MhCredentials, req: { version: number; jwsList: string[] }): Promise<MhLoteSendResult>;
  queryLote(env: MhEnvironment, creds: MhCredentials, loteCode: string): Promise<MhLoteQueryResult>;
  sendContingency(env: MhEnvironment, creds: MhCredentials, jws: string): Promise<MhContingencyResult>;
  invalidate(env: MhEnvironment, creds: MhCredentials, req: { version: number; jws: string }): Promise<MhReception>;
}
