import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Authorized, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import { isErrorCode } from '../../domain/shared/error-codes';
import type { ImportItemResult, ImportOutcome } from '../../services/directory/import-directory-entries';
import type { GraphQLContext } from '../common/context';
import { runMutation } from '../common/run-mutation';
import type { UserError } from '../common/user-error.type';
import { toCustomer, toProduct } from './directory.mapper';
import { DirectoryImportStatus, ImportCustomersPayload, ImportProductsPayload } from './directory-import.types';

const errorsOf = (r: ImportItemResult<unknown>): UserError[] =>
  (r.error?.errors ?? []).map((e) => ({ field: e.path, code: isErrorCode(e.code) ? e.code : 'invalid_value', message: e.message }));

const counts = (o: ImportOutcome<unknown>) => ({ dryRun: o.dryRun, created: o.created, updated: o.updated, refused: o.refused });
const statusOf = (s: ImportItemResult<unknown>['status']) => s as DirectoryImportStatus;

/** Batches of an emitter's directory (ADR 0065): the REST batches' twins. */
@Resolver()
export class DirectoryImportResolver {
  @Authorized('emitters:write')
  @Mutation(() => ImportCustomersPayload, {
    description: 'Crea o actualiza hasta 500 clientes (upsert por número de documento), cada uno validado como en createCustomer; cada elemento trae su resultado. dryRun: vista previa, nada se guarda. Más de 500: error y nada se guarda.',
  })
  async importCustomers(
    @Arg('emitterId', () => ID) emitterId: string,
    @Arg('items', () => [GraphQLJSONObject]) items: Record<string, unknown>[],
    @Arg('dryRun', () => Boolean, { nullable: true, defaultValue: false }) dryRun: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ImportCustomersPayload> {
    return runMutation(async () => {
      const o = await ctx.services.importCustomers.execute(ctx.actor!, emitterId, items, { dryRun: dryRun === true });
      return { ...counts(o), results: o.results.map((r) => ({ index: r.index, status: statusOf(r.status), customer: r.entry ? toCustomer(r.entry) : null, errors: errorsOf(r) })) };
    });
  }

  @Authorized('emitters:write')
  @Mutation(() => ImportProductsPayload, {
    description: 'Crea o actualiza hasta 500 productos o servicios (upsert por código), cada uno validado como en createProduct; cada elemento trae su resultado. dryRun: vista previa, nada se guarda.',
  })
  async importProducts(
    @Arg('emitterId', () => ID) emitterId: string,
    @Arg('items', () => [GraphQLJSONObject]) items: Record<string, unknown>[],
    @Arg('dryRun', () => Boolean, { nullable: true, defaultValue: false }) dryRun: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ImportProductsPayload> {
    return runMutation(async () => {
      const o = await ctx.services.importProducts.execute(ctx.actor!, emitterId, items, { dryRun: dryRun === true });
      return { ...counts(o), results: o.results.map((r) => ({ index: r.index, status: statusOf(r.status), product: r.entry ? toProduct(r.entry) : null, errors: errorsOf(r) })) };
    });
  }
}
