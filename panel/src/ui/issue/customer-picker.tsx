import { useState } from 'preact/hooks';
import { listCustomers, type Customer } from '../../api/directory.api';
import { customerKind, receiverOf, type CustomerKind } from '../../lib/customer-draft';
import { receiverKind, type DteType, type ReceiverDraft } from '../../lib/issue-draft';
import { CustomerDialog } from '../customer-dialog';
import { TypeAhead } from '../type-ahead';

const KIND_FOR: Record<string, CustomerKind> = { consumer: 'consumer', taxpayer: 'taxpayer', foreign: 'foreign', excluded: 'consumer' };

/** «Buscar cliente» over the issuer's directory, and «Nuevo cliente» in place: a pick fills the receiver part. */
export function CustomerPicker({ emitterId, type, onPick }: { emitterId: string; type: DteType; onPick: (r: ReceiverDraft, c: Customer) => void }) {
  const [creating, setCreating] = useState<string | null>(null);
  const wanted = KIND_FOR[receiverKind(type)];
  return (
    <>
      <TypeAhead<Customer>
        label="Buscar cliente"
        placeholder="Nombre, NIT, NRC o correo de un cliente guardado"
        search={async (q) => (await listCustomers(emitterId, q, null, 8)).nodes}
        keyOf={(c) => c.id}
        line={(c) => c.name}
        detail={(c) => [c.documentNumber, c.nrc ? `NRC ${c.nrc}` : null, c.email].filter(Boolean).join(' · ')}
        onPick={(c) => onPick(receiverOf(c), c)}
        newLabel="Nuevo cliente"
        onNew={(typed) => setCreating(typed)}
      />
      <CustomerDialog
        emitterId={emitterId}
        customer={null}
        start={{ name: creating ?? '', kind: wanted }}
        open={creating !== null}
        onClose={() => setCreating(null)}
        onSaved={(c) => (customerKind(c), onPick(receiverOf(c), c))}
      />
    </>
  );
}
