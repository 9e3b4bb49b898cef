import { Field, InputType, ObjectType } from 'type-graphql';
import { productView, type ProductView } from '../../domain/directory/product-view';
import { connectionOf, payloadOf } from '../common/generic.types';
import { objectTypeOf } from '../common/view-object-type';

/** `Product`, derived from the product's view (src/domain/directory/product-view.ts, ADR 0062). */
export const ProductType = objectTypeOf(productView, 'Product', 'Un producto o servicio del catálogo de un emisor: lo que una línea toma por productId.');
export type ProductType = ProductView;

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
