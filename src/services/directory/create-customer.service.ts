import { createCustomerSchema } from '../../domain/directory/customer-input.schema';
import type { CustomerEntity } from '../../persistence/entities';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { createDirectoryEntry, type DirectoryEntryKind } from './create-directory-entry';
import { customerColumns, customerDocumentTaken, loadOwnCustomer, newCustomerRow } from './directory-rows';

const CUSTOMER: DirectoryEntryKind<Parameters<typeof customerColumns>[0], ReturnType<typeof customerColumns>, CustomerEntity> = {
  resource: 'customer',
  schema: createCustomerSchema as never,
  columns: customerColumns,
  load: loadOwnCustomer,
  create: (tx, actor, emitter, cols, now) => newCustomerRow(tx, actor, emitter.id, cols, now),
  audit: (c) => ({ action: 'customer.created', details: { customer_id: c.id, name: c.name } }),
  taken: (cols) => customerDocumentTaken(cols.documentNumber ?? ''),
};

/** Adds a customer (receiver) to an emitter's directory, validated as DocumentCreate.receiver is. */
export class CreateCustomerService {
  constructor(private readonly deps: ServiceDeps) {}

  execute(actor: Actor, emitterId: string, input: unknown): Promise<CustomerEntity> {
    return createDirectoryEntry(this.deps, CUSTOMER, actor, emitterId, input);
  }
}
