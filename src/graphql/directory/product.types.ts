import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { connectionOf, payloadOf } from '../common/generic.types';

@ObjectType('Product', { description: 'Un producto o servicio del catálogo de un emisor: lo que una línea toma por productId.' })
export class ProductType {
  @Field(() => ID) id!: string;
  @Field(() => ID) emitterId!: string;
  @Field(() => String, { nullable: true }) code!: string | null;
  @Field() description!: string;
  @Field(() => String, { nullable: true, description: 'CAT-011: 1 bienes, 2 servicios, 3 ambos, 4 otros tributos.' }) type!: string | null;
  @Field({ description: 'CAT-014' }) unitCode!: string;
  @Field({ description: 'Decimal en texto (hasta 8 decimales).' }) unitPrice!: string;
  @Field(() => String, { nullable: true, description: 'gravada, exenta o no_sujeta.' }) tax!: string | null;
  @Field(() => [String], { nullable: true, description: 'Tributos (CAT-015).' }) taxes!: string[] | null;
  @Field() createdAt!: Date;
  @Field() updatedAt!: Date;
  @Field(() => Date, { nullable: true }) lastUsedAt!: Date | null;
}

@ObjectType('ProductConnection')
export class ProductConnection extends connectionOf('Product', ProductType) {}

@ObjectType('ProductPayload')
export class ProductPayload extends payloadOf('product', () => ProductType) {}

@InputType('CreateProductInput')
export class CreateProductInput {
  @Field(() => String, { nullable: true }) code?: string | null;
  @Field() description!: string;
  @Field(() => String, { nullable: true, description: 'CAT-011' }) type?: string | null;
  @Field({ description: 'CAT-014' }) unitCode!: string;
  @Field({ description: 'Decimal en texto.' }) unitPrice!: string;
  @Field(() => String, { nullable: true, description: 'gravada, exenta o no_sujeta.' }) tax?: string | null;
  @Field(() => [String], { nullable: true, description: 'CAT-015' }) taxes?: string[] | null;
}

@InputType('UpdateProductInput', { description: 'Los campos que cambian; null borra uno opcional.' })
export class UpdateProductInput {
  @Field(() => String, { nullable: true }) code?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => String, { nullable: true }) type?: string | null;
  @Field(() => String, { nullable: true }) unitCode?: string | null;
  @Field(() => String, { nullable: true }) unitPrice?: string | null;
  @Field(() => String, { nullable: true }) tax?: string | null;
  @Field(() => [String], { nullable: true }) taxes?: string[] | null;
}
