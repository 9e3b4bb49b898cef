import { localDateTime } from '../mh-rules/el-salvador-time';

export interface Person {
  name: string;
  documentType: string;
  documentNumber: string;
}

export interface InvalidationEventInput {
  environment: '00' | '01';
  generationCode: string;
  /** `fecEmi` of the event: for CCF/NC/ND the issue date of the target (MF-2.0); for FE from it to 3 months later. */
  eventDate: string;
  at: Date;
  emitter: { nit: string; name: string; phone: string; email: string; establishmentCode: string; pointOfSaleCode: string };
  target: {
    type: string;
    generationCode: string;
    seal: string;
    /** Null when the target is an event (return 18, special operations 17): events have no control number. */
    controlNumber: string | null;
    issueDate: string;
    receiver: { documentType: string | null; documentNumber: string | null; name: string | null; phone: string | null; email: string | null };
  };
  replacementGenerationCode: string | null;
  reasonType: 1 | 2 | 3;
  reason: string | null;
  responsible: Person;
  requester: Person;
}

const clip = (s: string | null, n: number) => (s === null ? null : s.length > n ? s.slice(0, n) : s);

/** The invalidation event (invalidacion-schema v3) of a DTE or of an event (then `numeroControl` null and no replacement). */
export function buildInvalidationEvent(input: InvalidationEventInput): Record<string, unknown> {
  const time = localDateTime(input.at).time;
  const r = input.target.receiver;
  return {
    identificacion: {
      version: 3,
      ambiente: input.environment,
      codigoGeneracion: input.generationCode,
      fecEmi: input.eventDate,
      horEmi: time,
      fusion: null,
    },
    emisor: {
      nit: input.emitter.nit,
      nombre: clip(input.emitter.name, 250),
      codEstableMH: input.emitter.establishmentCode,
      codEstable: input.emitter.establishmentCode,
      codPuntoVentaMH: input.emitter.pointOfSaleCode,
      codPuntoVenta: input.emitter.pointOfSaleCode,
      telefono: input.emitter.phone,
      correo: input.emitter.email,
    },
    documento: {
      tipoDte: input.target.type,
      codigoGeneracion: input.target.generationCode,
      selloRecibido: input.target.seal,
      numeroControl: input.target.controlNumber,
      fecEmi: input.target.issueDate,
      codigoGeneracionR: input.replacementGenerationCode,
      tipoDocumento: r.documentType,
      numDocumento: clip(r.documentNumber, 20),
      nombre: clip(r.name, 250),
      telefono: r.phone && r.phone.length >= 8 ? clip(r.phone, 30) : null,
      correo: clip(r.email, 100),
    },
    motivo: {
      tipoAnulacion: input.reasonType,
      motivoAnulacion: clip(input.reason, 200),
      nombreResponsable: clip(input.responsible.name, 100),
      tipDocResponsable: input.responsible.documentType,
      numDocResponsable: clip(input.responsible.documentNumber, 20),
      nombreSolicita: clip(input.requester.name, 100),
      tipDocSolicita: input.requester.documentType,
      numDocSolicita: clip(input.requester.documentNumber, 20),
    },
  };
}
