import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import {
  recurringDocumentView,
  recurringOccurrenceErrorView,
  recurringOccurrenceView,
  recurringScheduleView,
  type RecurringDocumentView,
  type RecurringOccurrenceView,
} from '../../domain/recurring/recurring-document-view';
import { connectionOf, payloadOf } from '../common/generic.types';
import { objectTypeOf } from '../common/view-object-type';
import { DocumentCreateInput } from '../document/document.inputs';

/**
 * `RecurringDocument` and `RecurringOccurrence` with their nested types, derived from their views
 * (src/domain/recurring/recurring-document-view.ts, ADR 0062): a field added there is on GraphQL with
 * no edit here. The nested types with a description are made first; the views then find them made.
 */
export const RecurringScheduleType = objectTypeOf(
  recurringScheduleView,
  'RecurringSchedule',
  'Mensual en un día del mes (29–31 se ajustan al último día de los meses más cortos) o semanal en un día de la semana; fechas de El Salvador.',
);
export const RecurringDocumentType = objectTypeOf(recurringDocumentView, 'RecurringDocument', 'Un documento que se emite según un calendario, con una plantilla DocumentCreate, en el ambiente de la llave que lo creó.');
export type RecurringDocumentType = RecurringDocumentView;

export const RecurringOccurrenceErrorType = objectTypeOf(recurringOccurrenceErrorView, 'RecurringOccurrenceError', 'Por qué el servicio rechazó la emisión (no se reintenta).');
export const RecurringOccurrenceType = objectTypeOf(recurringOccurrenceView, 'RecurringOccurrence', 'Una fecha de emisión de un documento recurrente: su documento o su rechazo.');
export type RecurringOccurrenceType = RecurringOccurrenceView;

@ObjectType('RecurringDocumentConnection')
export class RecurringDocumentConnection extends connectionOf('RecurringDocument', RecurringDocumentType) {}

@ObjectType('RecurringOccurrenceConnection')
export class RecurringOccurrenceConnection extends connectionOf('RecurringOccurrence', RecurringOccurrenceType) {}

@ObjectType('RecurringDocumentPayload')
export class RecurringDocumentPayload extends payloadOf('recurringDocument', () => RecurringDocumentType) {}

@InputType('RecurringScheduleInput')
export class RecurringScheduleInput {
  @Field({ description: '"monthly" (mensual) o "weekly" (semanal).' }) frequency!: string;
  @Field(() => Int, { nullable: true, description: 'Mensual: día del mes 1–31 (29–31 se ajustan al último día de los meses más cortos).' }) dayOfMonth?: number | null;
  @Field(() => Int, { nullable: true, description: 'Semanal: 1 lunes … 7 domingo.' }) weekday?: number | null;
}

@InputType('CreateRecurringDocumentInput')
export class CreateRecurringDocumentInput {
  @Field(() => ID) emitterId!: string;
  @Field(() => DocumentCreateInput, { description: 'La plantilla: el mismo cuerpo de issueDocument (su emitterId, el del documento recurrente; sin raw ni issuedAt).' }) template!: DocumentCreateInput;
  @Field(() => RecurringScheduleInput) schedule!: RecurringScheduleInput;
  @Field({ description: 'yyyy-MM-dd (El Salvador), desde hoy.' }) startsOn!: string;
  @Field(() => String, { nullable: true, description: 'yyyy-MM-dd, inclusive.' }) endsOn?: string | null;
  @Field(() => Int, { nullable: true, description: 'Cantidad máxima de emisiones (1–1000).' }) count?: number | null;
  @Field(() => Boolean, { nullable: true, description: 'Envía cada documento por correo al receptor (predeterminado: el sendEmail de la plantilla).' }) sendEmail?: boolean | null;
}
