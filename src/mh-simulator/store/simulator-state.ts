/**
 * In-memory state rebuilt from the journal. `apply` is the only mutator and is used both for replay
 * at start and for new entries (applied synchronously before they are written, so two concurrent
 * requests can never both pass a uniqueness check).
 */
import { createPublicKey, type KeyObject } from 'node:crypto';
import { numeroControlKey } from '../rules/numero-control';
import { addDecimal } from '../rules/recompute-helpers';
import type {
  EnrolmentEntry, EventEntry, JournalEntry, LoteEntry, ReceptionAnswer, ReceptionEntry, ReceptionStatus, SealedFacts,
} from './journal-entry.types';

export interface Enrolment {
  nit: string;
  environment: '00' | '01';
  mhUser: string;
  passwordHash: string;
  publicKey: KeyObject;
}

export interface SealedDocument extends SealedFacts {
  nit: string;
  ambiente: string;
  tipoDte: string;
  codigoGeneracion: string;
  sealedAt: Date;
  answer: ReceptionAnswer;
  invalidatedBy: string | null;
}

export interface ReceptionStats {
  generationCode: string | null;
  type: string | null;
  received: number;
  sealed: number;
  lastStatus: ReceptionStatus;
}

export interface ContingencyListing {
  eventCode: string;
  sealedAt: Date;
  tipoContingencia: number | null;
}

export const docKey = (ambiente: string, nit: string, code: string): string => `${ambiente}|${nit}|${code}`;

export class SimulatorState {
  readonly enrolments = new Map<string, Enrolment>();
  readonly receptionStats = new Map<string, ReceptionStats>();
  readonly sealed = new Map<string, SealedDocument>();
  readonly lastRejectionAt = new Map<string, Date>();
  readonly controlNumbers = new Set<string>();
  readonly lotes = new Map<string, LoteEntry>();
  readonly events: EventEntry[] = [];
  readonly acceptedEvents = new Set<string>();
  readonly contingencyListings = new Map<string, ContingencyListing>();
  /** Value already taken back by sealed return events, per FE/FEX/FSE (decimal string). */
  readonly returnedValue = new Map<string, string>();

  apply(entry: JournalEntry): void {
    switch (entry.t) {
      case 'enrolment': return this.applyEnrolment(entry);
      case 'reception': return this.applyReception(entry);
      case 'lote': this.lotes.set(entry.codigoLote, entry); return;
      case 'event': return this.applyEvent(entry);
    }
  }

  enrolment(nit: string, environment: string): Enrolment | undefined {
    return this.enrolments.get(`${nit}|${environment}`);
  }

  enrolmentsOfUser(mhUser: string): Enrolment[] {
    return [...this.enrolments.values()].filter((e) => e.mhUser === mhUser);
  }

  /** Sealed, not invalidated NC/ND whose related documents include `code`. */
  activeAdjustmentsOf(ambiente: string, nit: string, code: string): SealedDocument[] {
    return [...this.sealed.values()].filter(
      (d) => d.ambiente === ambiente && d.nit === nit && (d.tipoDte === '05' || d.tipoDte === '06') && d.invalidatedBy === null && d.relatedCodes.includes(code),
    );
  }

  /** Sealed, not invalidated return events (18) made against `code`. */
  activeReturnsOf(ambiente: string, nit: string, code: string): SealedDocument[] {
    return [...this.sealed.values()].filter(
      (d) => d.ambiente === ambiente && d.nit === nit && d.tipoDte === '18' && d.invalidatedBy === null && d.relatedCodes.includes(code),
    );
  }

  private applyEnrolment(e: EnrolmentEntry): void {
    const publicKey = createPublicKey({ key: Buffer.from(e.publicKeySpkiDerBase64, 'base64'), format: 'der', type: 'spki' });
    this.enrolments.set(`${e.nit}|${e.environment}`, { nit: e.nit, environment: e.environment, mhUser: e.mhUser, passwordHash: e.passwordHash, publicKey });
  }

  private applyReception(e: ReceptionEntry): void {
    const statsKey = e.codigoGeneracion ?? '';
    const stats = this.receptionStats.get(statsKey) ?? { generationCode: e.codigoGeneracion, type: e.tipoDte, received: 0, sealed: 0, lastStatus: e.status };
    stats.received++;
    stats.lastStatus = e.status;
    stats.type ??= e.tipoDte;
    this.receptionStats.set(statsKey, stats);
    if (e.nit === null || e.codigoGeneracion === null || e.tipoDte === null) return;
    const key = docKey(e.ambiente, e.nit, e.codigoGeneracion);
    if (e.sealed) {
      stats.sealed++;
      this.sealed.set(key, {
        ...e.sealed, nit: e.nit, ambiente: e.ambiente, tipoDte: e.tipoDte, codigoGeneracion: e.codigoGeneracion,
        sealedAt: new Date(e.at), answer: e.answer, invalidatedBy: null,
      });
      if (e.sealed.numeroControl) {
        this.controlNumbers.add(numeroControlKey({ ambiente: e.ambiente, nit: e.nit, tipoDte: e.tipoDte, fecEmi: e.sealed.fecEmi, numeroControl: e.sealed.numeroControl }));
      }
      for (const r of e.sealed.returnValues ?? []) {
        const k = docKey(e.ambiente, e.nit, r.code);
        this.returnedValue.set(k, addDecimal(this.returnedValue.get(k) ?? '0', r.value));
      }
    } else if (e.countsAsRejection) {
      this.lastRejectionAt.set(key, new Date(e.at));
    }
  }

  private applyEvent(e: EventEntry): void {
    this.events.push(e);
    if (e.status === 'RECHAZADO' || e.nit === null || e.ambiente === null || e.codigoGeneracion === null) return;
    this.acceptedEvents.add(`${e.kind}|${docKey(e.ambiente, e.nit, e.codigoGeneracion)}`);
    if (e.kind === 'invalidation') {
      const target = this.sealed.get(docKey(e.ambiente, e.nit, e.documents[0] ?? ''));
      if (!target) return;
      target.invalidatedBy = e.codigoGeneracion;
      // An invalidated return gives back what it took: its documents may be returned again up to their value.
      for (const r of target.returnValues ?? []) {
        const k = docKey(e.ambiente, e.nit, r.code);
        this.returnedValue.set(k, addDecimal(this.returnedValue.get(k) ?? '0', `-${r.value}`));
      }
      return;
    }
    for (const code of e.documents) {
      this.contingencyListings.set(docKey(e.ambiente, e.nit, code), { eventCode: e.codigoGeneracion, sealedAt: new Date(e.at), tipoContingencia: e.tipoContingencia });
    }
  }
}
