import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { UserError } from '../common/user-error.type';
import { payloadOf } from '../common/generic.types';
import { DocumentCreateInput } from './document.inputs';
import { DocumentType } from './document.types';

@InputType('DocumentBatchInput', { description: 'Un lote de hasta 100 documentos (los mismos cuerpos que issueDocument); requiere el encabezado Idempotency-Key salvo en dryRun.' })
export class DocumentBatchInput {
  @Field(() => [DocumentCreateInput], { description: 'Los documentos, en orden; cada uno se emite con su propia llave derivada de la del lote y de su externalId (o su posición).' })
  documents!: DocumentCreateInput[];
}

@ObjectType('DocumentBatchResult', { description: 'El resultado de un documento del lote, en su posición.' })
export class DocumentBatchResultType {
  @Field(() => Int, { description: 'Posición del documento en el lote (0 el primero).' })
  index!: number;

  @Field(() => String, { nullable: true })
  externalId!: string | null;

  @Field(() => Int, { description: 'Lo que respondería POST /v1/documents?mode=async por este documento: 202 emitido (la transmisión sigue), 200 simulación, o el estado HTTP de su rechazo.' })
  status!: number;

  @Field(() => String, { nullable: true, description: 'El Idempotency-Key con que se emitió el documento (derivado del lote); null en una simulación.' })
  idempotencyKey!: string | null;

  @Field(() => DocumentType, { nullable: true, description: 'El documento emitido (o simulado); null si se rechazó.' })
  document!: DocumentType | null;

  @Field(() => [UserError], { description: 'El rechazo del documento (vacío si se emitió).' })
  errors!: UserError[];
}

@ObjectType('DocumentBatch')
export class DocumentBatchType {
  @Field(() => Boolean)
  dryRun!: boolean;

  @Field(() => [DocumentBatchResultType], { description: 'Un resultado por documento, en el orden del lote.' })
  results!: DocumentBatchResultType[];
}

@ObjectType('DocumentBatchPayload')
export class DocumentBatchPayload extends payloadOf('batch', () => DocumentBatchType) {}
