import type express from 'express';
import type { Logger } from 'pino';
import type { InvalidationRegime } from '../domain/mh-rules/invalidation-deadline';

export interface SimulatorClock {
  now(): Date;
}

export interface MhSimulatorOptions {
  /** Where the journal lives (created when missing). */
  dataDir: string;
  /** Drives seals, token expiry and every deadline (tests move it by hand). Default: system time. */
  clock?: SimulatorClock;
  logger?: Logger;
  /** Accept production (`ambiente` 01) documents. Default false: they get a Spanish rejection. */
  allowProduction?: boolean;
  /** Token lifetime. Default 24 h. */
  tokenTtlMs?: number;
  /** Non-business days (`yyyy-MM-dd`) besides weekends. Default `MH_DEFAULT_NON_BUSINESS_DAYS`. */
  nonBusinessDays?: readonly string[];
  /** Invalidation deadlines: MF-2.0 (default, 05/2026) or MF-1.2 (10/2025). */
  invalidationRegime?: InvalidationRegime;
  /** consultadtelote shows a lote's results only this long after it was received. Default 0. */
  loteProcessingMs?: number;
  /** Also accept listed contingency documents through recepciondte (MH-2026-RULES §2 allows it). Default false: lote only. */
  contingencySingleReception?: boolean;
  /** Months after the related document's seal within which a return event is accepted. Default 3. */
  returnWindowMonths?: number;
}

export interface MhEnrolment {
  nit: string;
  environment: '00' | '01';
  mhUser: string;
  mhPassword: string;
  publicKeySpkiDer: Buffer;
}

export interface MhSimulator {
  app: express.Express;
  /** Starts listening; resolves with the base URL (`http://127.0.0.1:<port>`). Port 0 = any free port. */
  listen(port: number, host?: string): Promise<string>;
  /** Registers (or replaces) an issuer's MH user, password (kept as a hash) and public key. */
  enrol(e: MhEnrolment): Promise<void>;
  /** Stops listening, drops held connections and closes the journal. */
  close(): Promise<void>;
}
