import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../common/context';
import { connectionComplexity, pageRequest, toConnection } from '../common/page-info.type';
import { plain } from '../common/plain';
import { runMutation } from '../common/run-mutation';
import { PageArgs } from '../emitter/emitter.resolver';
import { CreateCustomerInput, CustomerConnection, CustomerEditLinkPayload, CustomerPayload, CustomerType, UpdateCustomerInput } from './customer.types';
import { toCustomer, toProduct } from './directory.mapper';
import { CreateProductInput, ProductConnection, ProductPayload, ProductType, UpdateProductInput } from './product.types';

/** An emitter's directory: its customers (receivers) and its products and services. */
@Resolver()
export class DirectoryResolver {
  @Authorized('emitters:read')
  @Query(() => CustomerConnection, { nullable: true, description: 'Clientes de un emisor en orden alfabético; `q` busca en nombre, nombre comercial, documento (NIT parcial), NRC y correo sin distinguir mayúsculas, tildes ni guiones. null si el emisor no existe.', complexity: connectionComplexity })
  async customers(
    @Arg('emitterId', () => ID) emitterId: string,
    @Arg('q', () => String, { nullable: true }) q: string | null,
    @Args() { first, after }: PageArgs,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CustomerConnection | null> {
    if (!(await ctx.services.getEmitter.execute(ctx.actor!, emitterId))) return null;
    const page = await ctx.services.listCustomers.execute(ctx.actor!, emitterId, q, pageRequest(first, after));
    return toConnection(page, toCustomer, (n) => n.id);
  }

  @Authorized('emitters:read')
  @Query(() => CustomerType, { nullable: true })
  async customer(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<CustomerType | null> {
    const c = await ctx.services.getCustomer.execute(ctx.actor!, null, id);
    return c ? toCustomer(c) : null;
  }

  @Authorized('emitters:write')
  @Mutation(() => CustomerPayload)
  async createCustomer(@Arg('emitterId', () => ID) emitterId: string, @Arg('input', () => CreateCustomerInput) input: CreateCustomerInput, @Ctx() ctx: GraphQLContext): Promise<CustomerPayload> {
    return runMutation(async () => ({ customer: toCustomer(await ctx.services.createCustomer.execute(ctx.actor!, emitterId, plain(input))) }));
  }

  @Authorized('emitters:write')
  @Mutation(() => CustomerPayload)
  async updateCustomer(@Arg('id', () => ID) id: string, @Arg('input', () => UpdateCustomerInput) input: UpdateCustomerInput, @Ctx() ctx: GraphQLContext): Promise<CustomerPayload> {
    return runMutation(async () => ({ customer: toCustomer(await ctx.services.updateCustomer.execute(ctx.actor!, null, id, plain(input))) }));
  }

  @Authorized('emitters:write')
  @Mutation(() => CustomerPayload, { description: 'Quita el cliente del directorio; los documentos ya emitidos no cambian.' })
  async deleteCustomer(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<CustomerPayload> {
    return runMutation(async () => ({ customer: toCustomer(await ctx.services.deleteCustomer.execute(ctx.actor!, null, id)) }));
  }

  @Authorized('emitters:write')
  @Mutation(() => CustomerEditLinkPayload, { description: 'Enlace de un solo uso (7 días) para que el cliente complete sus propios datos fiscales, sin cuenta; al guardarlos, selfServiceCompletedAt toma la fecha.' })
  async createCustomerEditLink(@Arg('customerId', () => ID) customerId: string, @Ctx() ctx: GraphQLContext): Promise<CustomerEditLinkPayload> {
    return runMutation(async () => ({ customerEditLink: await ctx.services.createCustomerEditLink.execute(ctx.actor!, null, customerId) }));
  }

  @Authorized('emitters:read')
  @Query(() => ProductConnection, { nullable: true, description: 'Productos y servicios de un emisor por descripción; `q` busca en código y descripción. null si el emisor no existe.', complexity: connectionComplexity })
  async products(
    @Arg('emitterId', () => ID) emitterId: string,
    @Arg('q', () => String, { nullable: true }) q: string | null,
    @Args() { first, after }: PageArgs,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ProductConnection | null> {
    if (!(await ctx.services.getEmitter.execute(ctx.actor!, emitterId))) return null;
    const page = await ctx.services.listProducts.execute(ctx.actor!, emitterId, q, pageRequest(first, after));
    return toConnection(page, toProduct, (n) => n.id);
  }

  @Authorized('emitters:read')
  @Query(() => ProductType, { nullable: true })
  async product(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<ProductType | null> {
    const p = await ctx.services.getProduct.execute(ctx.actor!, null, id);
    return p ? toProduct(p) : null;
  }

  @Authorized('emitters:write')
  @Mutation(() => ProductPayload)
  async createProduct(@Arg('emitterId', () => ID) emitterId: string, @Arg('input', () => CreateProductInput) input: CreateProductInput, @Ctx() ctx: GraphQLContext): Promise<ProductPayload> {
    return runMutation(async () => ({ product: toProduct(await ctx.services.createProduct.execute(ctx.actor!, emitterId, plain(input))) }));
  }

  @Authorized('emitters:write')
  @Mutation(() => ProductPayload)
  async updateProduct(@Arg('id', () => ID) id: string, @Arg('input', () => UpdateProductInput) input: UpdateProductInput, @Ctx() ctx: GraphQLContext): Promise<ProductPayload> {
    return runMutation(async () => ({ product: toProduct(await ctx.services.updateProduct.execute(ctx.actor!, null, id, plain(input))) }));
  }

  @Authorized('emitters:write')
  @Mutation(() => ProductPayload, { description: 'Quita el producto del catálogo; los documentos ya emitidos no cambian.' })
  async deleteProduct(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<ProductPayload> {
    return runMutation(async () => ({ product: toProduct(await ctx.services.deleteProduct.execute(ctx.actor!, null, id)) }));
  }
}
