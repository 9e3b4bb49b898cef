import { invalidateDocumentReturn, invalidateSpecialOperation, type DocumentReturn, type EventInvalidationInput, type SpecialOperation } from '../api/dte-events.api';
import { formatMoney } from '../lib/format';
import { useAction } from '../lib/hooks';
import { Dialog } from './dialog';
import { useFormScope } from './form';
import { PeopleAndConfirmation, ReasonFields, useInvalidationForm } from './invalidation-people';
import { Alert, ErrorAlert } from './states';
import { toast } from './toast';

/** Which event: a document's return or an issuer's special-operations event. */
export type EventTarget =
  | { kind: 'return'; documentId: string; event: DocumentReturn }
  | { kind: 'special_operation'; emitterId: string; event: SpecialOperation };

const REASONS = { '2': 'Rescindir la operación', '1': 'Error en la información', '3': 'Otro' };

/**
 * «Anular devolución» / «Anular» a special-operations event: MH's invalidation event of a sealed event
 * (no replacement document), with its reason, responsible and requester.
 */
export function InvalidateEventDialog({ target, onClose, onDone }: { target: EventTarget | null; onClose: () => void; onDone: (e: DocumentReturn | SpecialOperation) => void }) {
  const form = useInvalidationForm(target?.event.id);
  const isReturn = target?.kind === 'return';
  const submit = useAction(async (key: string) => {
    if (!target) return;
    const input: EventInvalidationInput = form.input();
    const r =
      target.kind === 'return'
        ? await invalidateDocumentReturn(target.documentId, target.event.id, input, key).then((p) => ({ outcome: p.outcome, event: p.documentReturn as DocumentReturn | SpecialOperation }))
        : await invalidateSpecialOperation(target.emitterId, target.event.id, input, key).then((p) => ({ outcome: p.outcome, event: p.specialOperation as DocumentReturn | SpecialOperation }));
    toast(r.outcome === 'pending' ? 'Anulación enviada; el MH todavía no responde. El estado se actualizará solo.' : isReturn ? 'Devolución anulada.' : 'Operación especial anulada.');
    onDone(r.event);
    onClose();
  });
  const scope = useFormScope(submit.error, { aliases: form.aliases });
  const title = isReturn ? 'Anular devolución' : 'Anular operación especial';
  return (
    <Dialog
      open={target !== null}
      size="lg"
      title={title}
      onClose={onClose}
      form={scope}
      confirm={{ label: title, variant: 'danger', pending: submit.pending, disabled: !form.understood, onClick: () => void submit.run() }}
    >
      <Alert tone="warning" title="Esta acción no se puede deshacer">
        El MH anulará {isReturn ? 'la devolución' : 'el evento'} de {target ? formatMoney(target.event.totals.total) : ''}.
        {isReturn ? ' Sus cantidades vuelven a poder devolverse, y el documento se podrá invalidar si no tiene otra devolución activa.' : ''} Plazo: hasta el décimo día hábil del mes siguiente a su sello.
      </Alert>
      <ReasonFields form={form} labels={REASONS} />
      <PeopleAndConfirmation form={form} responsibleLegend="Responsable de la anulación" understoodLabel="Entiendo que la anulación es definitiva y no se puede deshacer.">
        <ErrorAlert error={submit.error} />
      </PeopleAndConfirmation>
    </Dialog>
  );
}
