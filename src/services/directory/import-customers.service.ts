import { LockMode } from '@mikro-orm/core';
import { createCustomerSchema } from '../../domain/directory/customer-input.schema';
import { DomainError } from '../../domain/shared/domain-error';
import { CustomerEntity } from '../../persistence/entities';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { customerColumns, newCustomerRow } from './directory-rows';
import { importDirectoryEntries, type ImportKind, type ImportOutcome } from './import-directory-entries';

type Cols = ReturnType<typeof customerColumns>;

const CUSTOMERS: ImportKind<Parameters<typeof customerColumns>[0], Cols, CustomerEntity> = {
  schema: createCustomerSchema as never,
  columns: customerColumns,
  key: (c) => c.documentNumber,
  keyPath: 'documentNumber',
  keyLabel: 'El documento',
  findByKeys: (tx, emitter, keys, lock) =>
    tx.find(CustomerEntity, { emitter, documentNumber: { $in: keys } }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {}),
  keyOf: (c) => c.documentNumber,
  create: (tx, actor, emitter, cols, now) => newCustomerRow(tx, actor, emitter.id, cols, now),
  // The item is the whole customer (its receiver replaced); an item without external_id keeps the one it had.
  update: (c, cols, now) => Object.assign(c, cols, { externalId: cols.externalId ?? c.externalId, updatedAt: now }),
  auditAction: 'customer.imported',
  taken: () => new DomainError('customer_document_taken', 'Otra solicitud guardó al mismo tiempo un cliente con uno de estos documentos; no se guardó nada: reintente el lote.'),
};

/**
 * Imports up to 500 customers into an emitter's directory (ADR 0065): each validated as the single
 * create is; one with a document number the emitter already has updates that customer.
 */
export class ImportCustomersService {
  constructor(private readonly deps: ServiceDeps) {}

  execute(actor: Actor, emitterId: string, items: unknown, opts: { dryRun: boolean }): Promise<ImportOutcome<CustomerEntity>> {
    return importDirectoryEntries(this.deps, CUSTOMERS, actor, emitterId, items, opts.dryRun);
  }
}
