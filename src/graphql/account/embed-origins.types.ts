import { Field, InputType, ObjectType } from 'type-graphql';
import { payloadOf } from '../common/generic.types';

@ObjectType('EmbedOrigins', { description: 'Los orígenes que pueden incrustar (iframe) las vistas de solo lectura de la cuenta (Content-Security-Policy: frame-ancestors).' })
export class EmbedOriginsType {
  @Field(() => [String], { description: 'https://dominio[:puerto], normalizados; vacía: ninguna página puede incrustarlas.' })
  origins!: string[];
}

@ObjectType('EmbedOriginsPayload')
export class EmbedOriginsPayload extends payloadOf('embedOrigins', () => EmbedOriginsType) {}

@InputType('SetEmbedOriginsInput')
export class SetEmbedOriginsInput {
  @Field(() => [String], { description: 'La lista completa (reemplaza a la anterior), hasta 20 orígenes https://dominio[:puerto] sin ruta; vacía para ninguno.' })
  origins!: string[];
}
