/** Lines of the simulator's append-only journal (`<dataDir>/mh-simulator.journal.jsonl`). */

export type ReceptionStatus = 'PROCESADO' | 'RECHAZADO';

/** MH's reception answer (recepciondte, lote entries, consultadte, anulardte). */
export interface ReceptionAnswer {
  version: number | null;
  ambiente: string | null;
  versionApp: number;
  estado: ReceptionStatus | null;
  codigoGeneracion: string | null;
  selloRecibido: string | null;
  fhProcesamiento: string | null;
  clasificaMsg: string | null;
  codigoMsg: string;
  descripcionMsg: string;
  observaciones: string[];
}

export interface EnrolmentEntry {
  t: 'enrolment';
  at: string;
  nit: string;
  environment: '00' | '01';
  mhUser: string;
  /** scrypt hash; the clear password is never stored. */
  passwordHash: string;
  publicKeySpkiDerBase64: string;
}

/** What later checks need from an accepted DTE. */
export interface SealedFacts {
  seal: string;
  version: number;
  numeroControl: string;
  fecEmi: string;
  tipoModelo: number;
  tipoContingencia: number | null;
  /** `documentoRelacionado[].numeroDocumento` of electronic related documents (a return: the documents returned against). */
  relatedCodes: string[];
  /** FE/FEX/FSE: the value a return may take back (Σ of the lines' sales or purchases). */
  returnableValue?: string | null;
  /** Return event (18): the value returned per related document. */
  returnValues?: { code: string; value: string }[] | null;
}

export interface ReceptionEntry {
  t: 'reception';
  at: string;
  via: 'single' | 'lote';
  nit: string | null;
  ambiente: string;
  tipoDte: string | null;
  codigoGeneracion: string | null;
  status: ReceptionStatus;
  code: string;
  /** false for 004 duplicates of a sealed document (they do not open a correction window). */
  countsAsRejection: boolean;
  answer: ReceptionAnswer;
  sealed: SealedFacts | null;
}

export interface LoteEntry {
  t: 'lote';
  at: string;
  codigoLote: string;
  nit: string;
  ambiente: string;
  /** Results are visible to consultadtelote from this instant. */
  visibleAt: string;
  answers: ReceptionAnswer[];
}

export interface EventEntry {
  t: 'event';
  kind: 'contingency' | 'invalidation';
  at: string;
  nit: string | null;
  ambiente: string | null;
  codigoGeneracion: string | null;
  status: 'RECIBIDO' | 'PROCESADO' | 'RECHAZADO';
  seal: string | null;
  /** Contingency: the listed DTEs; invalidation: the target DTE. */
  documents: string[];
  /** Contingency only: CAT-005 type the listed DTEs must carry. */
  tipoContingencia: number | null;
  answer: unknown;
}

export type JournalEntry = EnrolmentEntry | ReceptionEntry | LoteEntry | EventEntry;
