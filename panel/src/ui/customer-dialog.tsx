import { useEffect, useState } from 'preact/hooks';
import { createCustomer, updateCustomer, type Customer } from '../api/directory.api';
import { customerInput, customerKind, receiverOf, type CustomerKind } from '../lib/customer-draft';
import { useAction } from '../lib/hooks';
import { EMPTY_RECEIVER, type ReceiverDraft } from '../lib/issue-draft';
import { Dialog } from './dialog';
import { SelectField, TextField, useFormScope } from './form';
import { ConsumerReceiver } from './issue/receiver-consumer';
import { ForeignReceiver } from './issue/receiver-foreign';
import { TaxpayerReceiver } from './issue/receiver-taxpayer';
import { ErrorAlert } from './states';
import { toast } from './toast';

/**
 * «Nuevo cliente» / «Editar cliente»: a taxpayer (NIT and NRC, for CCF and notes), a consumer (FE)
 * or a buyer abroad (FEX), with the receiver fields the issuance form has. `start` prefills a new one
 * (the name typed in the picker).
 */
export function CustomerDialog({ emitterId, customer, start, open, onClose, onSaved }: { emitterId: string; customer: Customer | null; start?: Partial<ReceiverDraft> & { kind?: CustomerKind }; open: boolean; onClose: () => void; onSaved: (c: Customer) => void }) {
  const [kind, setKind] = useState<CustomerKind>('taxpayer');
  const [draft, setDraft] = useState<ReceiverDraft>(EMPTY_RECEIVER);
  const [tradeName, setTradeName] = useState('');
  useEffect(() => {
    if (!open) return;
    setKind(customer ? customerKind(customer) : start?.kind ?? 'taxpayer');
    setDraft(customer ? receiverOf(customer) : { ...EMPTY_RECEIVER, ...start });
    setTradeName(customer?.tradeName ?? '');
  }, [open]);
  const save = useAction(async (key: string) => {
    const input = customerInput(kind, draft, tradeName);
    const saved = customer ? await updateCustomer(customer.id, input, key) : await createCustomer(emitterId, input, key);
    toast(customer ? 'Cliente actualizado.' : `Cliente ${saved.name} guardado.`);
    onSaved(saved);
    onClose();
  });
  // The directory answers with the receiver's own paths (`documentNumber`): shown at the receiver's fields.
  const scope = useFormScope(save.error, { aliases: { '': 'receiver.' } });
  return (
    <Dialog open={open} size="lg" title={customer ? 'Editar cliente' : 'Nuevo cliente'} onClose={onClose} form={scope} confirm={{ label: 'Guardar cliente', pending: save.pending, onClick: () => void save.run() }}>
      <div class="form-grid">
        <SelectField
          label="Tipo de cliente"
          value={kind}
          onValue={(k) => setKind(k as CustomerKind)}
          options={[
            { value: 'taxpayer', label: 'Contribuyente (NIT y NRC: crédito fiscal)' },
            { value: 'consumer', label: 'Consumidor final (factura)' },
            { value: 'foreign', label: 'En el exterior (exportación)' },
          ]}
        />
        <TextField label="Nombre comercial" value={tradeName} onValue={setTradeName} name="receiver.tradeName" hint="Opcional." />
      </div>
      {kind === 'taxpayer' ? <TaxpayerReceiver type="03" value={draft} onChange={setDraft} /> : kind === 'foreign' ? <ForeignReceiver value={draft} onChange={setDraft} /> : <ConsumerReceiver value={draft} onChange={setDraft} />}
      <ErrorAlert error={save.error} />
    </Dialog>
  );
}
