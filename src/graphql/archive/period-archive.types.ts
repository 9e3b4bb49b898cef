import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { PERIOD_ARCHIVE_STATUSES, type PeriodArchiveStatus } from '../../domain/archive/period-archive-state-machine';
import { periodArchiveView, type PeriodArchiveView } from '../../domain/archive/period-archive-view';
import { connectionOf, payloadOf } from '../common/generic.types';
import { objectTypeOf, registerViewEnum } from '../common/view-object-type';

export const PeriodArchiveStatusGql = Object.fromEntries(PERIOD_ARCHIVE_STATUSES.map((s) => [s.toUpperCase(), s])) as { readonly [S in PeriodArchiveStatus as Uppercase<S>]: S };
registerViewEnum(PeriodArchiveStatusGql, { name: 'PeriodArchiveStatus', description: 'Estados de un archivo del período (REST: en minúsculas).' });

/** GraphQL's `PeriodArchive`, derived from its view (ADR 0062); `downloadUrl` is resolved apart. */
export const PeriodArchiveType = objectTypeOf(periodArchiveView, 'PeriodArchive', 'El archivo de un mes de un emisor: un ZIP con los documentos firmados, sus PDF, los eventos, los libros e indice.csv (ADR 0072).');
export type PeriodArchiveType = PeriodArchiveView;

@ObjectType('PeriodArchiveConnection')
export class PeriodArchiveConnection extends connectionOf('PeriodArchive', PeriodArchiveType as never) {}

@ObjectType('CreatePeriodArchivePayload')
export class CreatePeriodArchivePayload extends payloadOf('periodArchive', () => PeriodArchiveType as never) {}

@InputType('CreatePeriodArchiveInput')
export class CreatePeriodArchiveInput {
  @Field(() => ID)
  emitterId!: string;

  @Field({ description: 'AAAA-MM: el mes que se archiva (no posterior al mes en curso de El Salvador).' })
  period!: string;

  @Field(() => String, { nullable: true, description: 'Ambiente del archivo: con llave de API solo el de la llave (otro: ENVIRONMENT_FORBIDDEN).' })
  environment?: string | null;
}
