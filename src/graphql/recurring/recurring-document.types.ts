import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { connectionOf, payloadOf } from '../common/generic.types';
import { DocumentCreateInput } from '../document/document.inputs';

@ObjectType('RecurringSchedule', { description: 'Mensual en un día del mes (29–31 se ajustan al último día de los meses más cortos) o semanal en un día de la semana; fechas de El Salvador.' })
export class RecurringScheduleType {
  @Field({ description: '"monthly" o "weekly".' }) frequency!: string;
  @Field(() => Int, { nullable: true, description: 'Mensual: día del mes, 1–31.' }) dayOfMonth!: number | null;
  @Field(() => Int, { nullable: true, description: 'Semanal: 1 lunes … 7 domingo.' }) weekday!: number | null;
}

@ObjectType('RecurringDocument', { description: 'Un documento que se emite según un calendario, con una plantilla DocumentCreate, en el ambiente de la llave que lo creó.' })
export class RecurringDocumentType {
  @Field(() => ID, { description: 'rec_…' }) id!: string;
  @Field(() => ID) emitterId!: string;
  @Field({ description: '"00" pruebas o "01" producción: el de la llave que lo creó.' }) environment!: string;
  @Field(() => GraphQLJSONObject, { description: 'El cuerpo de emisión (DocumentCreate, camelCase) que se emite en cada fecha.' }) template!: Record<string, unknown>;
  @Field(() => RecurringScheduleType) schedule!: RecurringScheduleType;
  @Field({ description: 'yyyy-MM-dd (El Salvador).' }) startsOn!: string;
  @Field(() => String, { nullable: true, description: 'yyyy-MM-dd (El Salvador), inclusive.' }) endsOn!: string | null;
  @Field(() => Int, { nullable: true, description: 'Cantidad máxima de emisiones.' }) count!: number | null;
  @Field({ description: 'Cada documento se envía por correo al receptor.' }) sendEmail!: boolean;
  @Field({ description: '"active", "paused" o "completed".' }) status!: string;
  @Field(() => String, { nullable: true, description: 'Próxima emisión (yyyy-MM-dd, El Salvador); null en pausa o terminada.' }) nextRunOn!: string | null;
  @Field(() => Int, { description: 'Emisiones hechas o en curso.' }) occurrencesCount!: number;
  @Field(() => String, { nullable: true }) lastOccurrenceOn!: string | null;
  @Field() createdAt!: Date;
  @Field() updatedAt!: Date;
}

@ObjectType('RecurringOccurrenceFieldError')
export class RecurringOccurrenceFieldErrorType {
  @Field() path!: string;
  @Field() code!: string;
  @Field() message!: string;
}

@ObjectType('RecurringOccurrenceError', { description: 'Por qué el servicio rechazó la emisión (no se reintenta).' })
export class RecurringOccurrenceErrorType {
  @Field() code!: string;
  @Field() message!: string;
  @Field(() => [RecurringOccurrenceFieldErrorType]) errors!: RecurringOccurrenceFieldErrorType[];
}

@ObjectType('RecurringOccurrence', { description: 'Una fecha de emisión de un documento recurrente: su documento o su rechazo.' })
export class RecurringOccurrenceType {
  @Field(() => ID, { description: 'reo_…' }) id!: string;
  @Field(() => ID) recurringDocumentId!: string;
  @Field({ description: 'yyyy-MM-dd (El Salvador).' }) occurrenceOn!: string;
  @Field({ description: '"issuing", "issued" o "failed".' }) status!: string;
  @Field(() => ID, { nullable: true }) documentId!: string | null;
  @Field(() => String, { nullable: true, description: 'Estado actual del documento emitido.' }) documentStatus!: string | null;
  @Field(() => String, { nullable: true }) controlNumber!: string | null;
  @Field(() => RecurringOccurrenceErrorType, { nullable: true }) error!: RecurringOccurrenceErrorType | null;
  @Field() createdAt!: Date;
  @Field() updatedAt!: Date;
}

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
