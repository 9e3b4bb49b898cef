import { useEffect, useState } from 'preact/hooks';
import { createCustomerEditLink, type Customer, type CustomerEditLink } from '../api/directory.api';
import { formatDate } from '../lib/format';
import { useAction } from '../lib/hooks';
import { CopyButton } from './copy-button';
import { Dialog } from './dialog';
import { ErrorAlert } from './states';

/**
 * «Enviar enlace para que el cliente complete sus datos»: creates a single-use link (7 days) and shows
 * it with a copy button; says when the customer last completed their data through one (ADR 0064).
 */
export function CustomerEditLinkDialog({ customer, onClose }: { customer: Customer | null; onClose: () => void }) {
  const [link, setLink] = useState<CustomerEditLink | null>(null);
  const create = useAction(async (key: string) => setLink(await createCustomerEditLink(customer!.id, key)));
  useEffect(() => setLink(null), [customer?.id]);
  return (
    <Dialog
      open={customer !== null}
      title="Enlace para que el cliente complete sus datos"
      onClose={onClose}
      confirm={link ? undefined : { label: 'Crear enlace', variant: 'primary', pending: create.pending, onClick: () => void create.run() }}
    >
      <p>
        {customer?.name}: {customer?.selfServiceCompletedAt ? `completó sus datos el ${formatDate(customer.selfServiceCompletedAt)}.` : 'todavía no ha completado sus datos con un enlace.'}
      </p>
      <p class="muted">El cliente abre el enlace sin cuenta, revisa o escribe sus datos fiscales y los guarda una vez. Vence en 7 días.</p>
      {link ? (
        <p class="row">
          <span class="mono" data-copy-source={link.url} data-testid="customer-edit-link-url">
            {link.url}
          </span>
          <CopyButton value={link.url} label="enlace" />
        </p>
      ) : null}
      {link ? <p class="muted">Vence el {formatDate(link.expiresAt)}.</p> : null}
      <ErrorAlert error={create.error} />
    </Dialog>
  );
}
