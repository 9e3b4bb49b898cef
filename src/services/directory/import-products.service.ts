import { LockMode } from '@mikro-orm/core';
import { createProductSchema } from '../../domain/directory/product-input.schema';
import { DomainError } from '../../domain/shared/domain-error';
import { ProductEntity } from '../../persistence/entities';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { newProductRow, productColumns } from './directory-rows';
import { importDirectoryEntries, type ImportKind, type ImportOutcome } from './import-directory-entries';

type Cols = ReturnType<typeof productColumns>;

const PRODUCTS: ImportKind<Parameters<typeof productColumns>[0], Cols, ProductEntity> = {
  schema: createProductSchema as never,
  columns: productColumns,
  key: (p) => p.code,
  keyPath: 'code',
  keyLabel: 'El código',
  findByKeys: (tx, emitter, keys, lock) =>
    tx.find(ProductEntity, { emitter, code: { $in: keys } }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {}),
  keyOf: (p) => p.code,
  create: (tx, actor, emitter, cols, now) => newProductRow(tx, actor, emitter.id, cols, now),
  update: (p, cols, now) => Object.assign(p, cols, { updatedAt: now }),
  auditAction: 'product.imported',
  taken: () => new DomainError('product_code_taken', 'Otra solicitud guardó al mismo tiempo un producto con uno de estos códigos; no se guardó nada: reintente el lote.'),
};

/**
 * Imports up to 500 products or services into an emitter's catalogue (ADR 0065): each validated as
 * the single create is; one with a code the emitter already has updates that product.
 */
export class ImportProductsService {
  constructor(private readonly deps: ServiceDeps) {}

  execute(actor: Actor, emitterId: string, items: unknown, opts: { dryRun: boolean }): Promise<ImportOutcome<ProductEntity>> {
    return importDirectoryEntries(this.deps, PRODUCTS, actor, emitterId, items, opts.dryRun);
  }
}
