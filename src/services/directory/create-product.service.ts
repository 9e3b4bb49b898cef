import { createProductSchema } from '../../domain/directory/product-input.schema';
import type { ProductEntity } from '../../persistence/entities';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { createDirectoryEntry, type DirectoryEntryKind } from './create-directory-entry';
import { loadOwnProduct, newProductRow, productCodeTaken, productColumns } from './directory-rows';

const PRODUCT: DirectoryEntryKind<Parameters<typeof productColumns>[0], ReturnType<typeof productColumns>, ProductEntity> = {
  resource: 'product',
  schema: createProductSchema as never,
  columns: productColumns,
  load: loadOwnProduct,
  create: (tx, actor, emitter, cols, now) => newProductRow(tx, actor, emitter.id, cols, now),
  audit: (p) => ({ action: 'product.created', details: { product_id: p.id, code: p.code, description: p.description } }),
  taken: (cols) => productCodeTaken(cols.code ?? ''),
};

/** Adds a product or service to an emitter's catalogue, validated as an issuance line's fields are. */
export class CreateProductService {
  constructor(private readonly deps: ServiceDeps) {}

  execute(actor: Actor, emitterId: string, input: unknown): Promise<ProductEntity> {
    return createDirectoryEntry(this.deps, PRODUCT, actor, emitterId, input);
  }
}
