import { z } from 'zod';
import { PERIOD_ARCHIVE_STATUSES } from './period-archive-state-machine';

/**
 * A period archive as the API shows it — THE declaration of its output (ADR 0062, ADR 0072): the
 * GraphQL `PeriodArchive` type, the REST `period_archive` resource and its OpenAPI schema, and the
 * `archive.ready` webhook's data are all derived from it.
 */
export const periodArchiveView = z.object({
  id: z.string().meta({ gql: 'ID', description: 'arc_…' }),
  emitterId: z.string().meta({ gql: 'ID' }),
  environment: z.enum(['00', '01']).meta({ gql: 'String', description: '"00" pruebas, "01" producción: el de la llave que lo pidió.' }),
  period: z.string().describe('AAAA-MM'),
  status: z.enum(PERIOD_ARCHIVE_STATUSES).meta({ gqlEnum: 'PeriodArchiveStatus', description: 'queued → running → ready | failed' }),
  documentsTotal: z.number().int().describe('Documentos del mes (se cuentan al empezar).'),
  documentsDone: z.number().int().describe('Documentos ya escritos en el ZIP.'),
  size: z.number().int().nullable().describe('Bytes del ZIP cuando está listo.'),
  checksum: z.string().nullable().describe('SHA-256 (hex) del ZIP cuando está listo; el mismo que el encabezado Repr-Digest de la descarga.'),
  error: z.string().nullable().describe('Motivo, cuando falló.'),
  createdAt: z.date(),
  completedAt: z.date().nullable(),
});

export type PeriodArchiveView = z.infer<typeof periodArchiveView>;
