import { useEffect, useState } from 'preact/hooks';
import { createDocumentReturn, type DocumentReturn } from '../api/dte-events.api';
import type { DocumentDetail } from '../api/documents.api';
import { formatDecimal } from '../lib/format';
import type { FieldError } from '../lib/http';
import { useAction } from '../lib/hooks';
import { returnableBalances, withinBalance } from '../lib/return-balance';
import { Dialog } from './dialog';
import { TextField, normalizeAmount, useFormScope } from './form';
import { Alert, ErrorAlert } from './states';
import { toast } from './toast';

/**
 * «Devolución» of an FE, FEX or FSE (MH's return event, CAT-002 18): each line with its returnable
 * balance; a quantity above it is refused at its field before the service is asked (the service
 * refuses it too, `return_exceeds_balance`, shown at the same field).
 */
export function ReturnDialog({ doc, returns, open, onClose, onDone }: { doc: DocumentDetail; returns: DocumentReturn[]; open: boolean; onClose: () => void; onDone: (r: DocumentReturn) => void }) {
  const [qty, setQty] = useState<Record<number, string>>({});
  useEffect(() => {
    if (open) setQty({});
  }, [open]);
  const balances = returnableBalances(doc.items, returns);
  const wanted = doc.items.map((it) => ({ numItem: it.number, quantity: normalizeAmount(qty[it.number] ?? '') })).filter((l) => l.quantity !== '');
  const checks: FieldError[] = [];
  doc.items.forEach((it, i) => {
    const q = normalizeAmount(qty[it.number] ?? '');
    if (!q) return;
    const ok = withinBalance(q, balances.get(it.number) ?? '0');
    if (ok === null) checks.push({ path: `lines[${i}].quantity`, code: 'invalid_format', message: 'Escriba la cantidad con números, p. ej. 1 o 0,5.' });
    else if (!ok) checks.push({ path: `lines[${i}].quantity`, code: 'return_exceeds_balance', message: `Puede devolver hasta ${formatDecimal(balances.get(it.number) ?? '0')} de esta línea.` });
  });
  const submit = useAction(async (key: string) => {
    const r = await createDocumentReturn(doc.id, { lines: wanted }, key);
    toast(r.status === 'SEALED' ? 'Devolución sellada por el MH.' : r.status === 'PENDING' ? 'Devolución enviada; el MH todavía no responde.' : 'El MH rechazó la devolución.');
    onDone(r);
    onClose();
  });
  const scope = useFormScope(submit.error, { checks });
  return (
    <Dialog
      open={open}
      size="lg"
      title="Registrar devolución"
      onClose={onClose}
      form={scope}
      confirm={{ label: 'Registrar devolución', pending: submit.pending, disabled: wanted.length === 0, onClick: () => void (checks.length === 0 && submit.run()) }}
    >
      <Alert tone="info">Se informa al MH la devolución de bienes (o la disminución de un servicio) sin anular el documento. Después de una devolución el documento ya no puede invalidarse.</Alert>
      <div class="return-lines">
        {doc.items.map((it, i) => {
          const balance = balances.get(it.number) ?? '0';
          return (
            <div class="return-line" key={it.number}>
              <div>
                <p class="strong">
                  {it.number}. {it.description}
                </p>
                <p class="muted" data-balance={it.number}>
                  Vendido: {formatDecimal(it.quantity)} · Por devolver: {formatDecimal(balance)}
                </p>
              </div>
              <TextField label={`Cantidad a devolver de la línea ${it.number}`} inputMode="decimal" placeholder="0" value={qty[it.number] ?? ''} onValue={(v) => setQty({ ...qty, [it.number]: v })} name={`lines[${i}].quantity`} tidy={normalizeAmount} disabled={balance === '0'} />
            </div>
          );
        })}
      </div>
      <ErrorAlert error={submit.error} />
    </Dialog>
  );
}
