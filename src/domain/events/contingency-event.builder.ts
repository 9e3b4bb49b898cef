import { localDateTime } from '../mh-rules/el-salvador-time';

export interface ContingencyEventInput {
  environment: '00' | '01';
  generationCode: string;
  transmittedAt: Date;
  emitter: { nit: string; name: string; phone: string; email: string };
  /** Who answers for the event; the issuer itself by default (NIT, CAT-022 "36"). */
  responsible: { name: string; documentType: string; documentNumber: string };
  establishment: { type: string; codeMh: string | null; pointOfSaleMh: string | null };
  documents: { type: string; generationCode: string }[];
  outage: { start: Date; end: Date; type: number; reason: string | null };
}

const clip = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

/** The contingency event (contingencia-schema v4), MH-2026-RULES §2: 1–1000 documents per event. */
export function buildContingencyEvent(input: ContingencyEventInput): Record<string, unknown> {
  if (input.documents.length < 1 || input.documents.length > 1000) throw new RangeError('un evento de contingencia lista de 1 a 1000 documentos');
  const sent = localDateTime(input.transmittedAt);
  const start = localDateTime(input.outage.start);
  const end = localDateTime(input.outage.end);
  return {
    identificacion: {
      version: 4,
      ambiente: input.environment,
      codigoGeneracion: input.generationCode,
      fTransmision: sent.date,
      hTransmision: sent.time,
    },
    emisor: {
      nit: input.emitter.nit,
      nombre: clip(input.emitter.name, 250),
      nombreResponsable: clip(input.responsible.name, 100),
      tipoDocResponsable: input.responsible.documentType,
      numeroDocResponsable: clip(input.responsible.documentNumber, 25),
      tipoEstablecimiento: input.establishment.type,
      codEstableMH: input.establishment.codeMh,
      codPuntoVentaMH: input.establishment.pointOfSaleMh,
      telefono: input.emitter.phone,
      correo: input.emitter.email,
    },
    detalleDTE: input.documents.map((d, i) => ({ noItem: i + 1, tipoDoc: d.type, codigoGeneracion: d.generationCode })),
    motivo: {
      fInicio: start.date,
      fFin: end.date,
      hInicio: start.time,
      hFin: end.time,
      tipoContingencia: input.outage.type,
      motivoContingencia: input.outage.reason,
    },
  };
}
