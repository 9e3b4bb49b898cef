import { useEffect, useState } from 'preact/hooks';
import { invalidateDocumentReturn, invalidateSpecialOperation, type DocumentReturn, type EventInvalidationInput, type SpecialOperation } from '../api/dte-events.api';
import { formatMoney } from '../lib/format';
import { useAction } from '../lib/hooks';
import { Dialog } from './dialog';
import { Checkbox, SelectField, TextAreaField, useFormScope } from './form';
import { PersonFields, personInput, type Person } from './invalidate-dialog';
import { Alert, ErrorAlert } from './states';
import { toast } from './toast';

/** Which event: a document's return or an issuer's special-operations event. */
export type EventTarget =
  | { kind: 'return'; documentId: string; event: DocumentReturn }
  | { kind: 'special_operation'; emitterId: string; event: SpecialOperation };

/**
 * «Anular devolución» / «Anular» a special-operations event: MH's invalidation event of a sealed event
 * (no replacement document), with its reason, responsible and requester.
 */
export function InvalidateEventDialog({ target, onClose, onDone }: { target: EventTarget | null; onClose: () => void; onDone: (e: DocumentReturn | SpecialOperation) => void }) {
  const empty: Person = { name: '', documentType: '13', documentNumber: '' };
  const [reasonType, setReasonType] = useState('2');
  const [reason, setReason] = useState('');
  const [responsible, setResponsible] = useState<Person>(empty);
  const [requester, setRequester] = useState<Person>(empty);
  const [sameRequester, setSameRequester] = useState(true);
  const [understood, setUnderstood] = useState(false);
  const isReturn = target?.kind === 'return';
  const submit = useAction(async (key: string) => {
    if (!target) return;
    const who = personInput(responsible);
    const input: EventInvalidationInput = { reasonType, reason: reason.trim() || undefined, responsible: who, requester: sameRequester ? who : personInput(requester) };
    const r =
      target.kind === 'return'
        ? await invalidateDocumentReturn(target.documentId, target.event.id, input, key).then((p) => ({ outcome: p.outcome, event: p.documentReturn as DocumentReturn | SpecialOperation }))
        : await invalidateSpecialOperation(target.emitterId, target.event.id, input, key).then((p) => ({ outcome: p.outcome, event: p.specialOperation as DocumentReturn | SpecialOperation }));
    toast(r.outcome === 'pending' ? 'Anulación enviada; el MH todavía no responde. El estado se actualizará solo.' : isReturn ? 'Devolución anulada.' : 'Operación especial anulada.');
    onDone(r.event);
    onClose();
  });
  const scope = useFormScope(submit.error, { aliases: sameRequester ? { 'requester.': 'responsible.' } : {} });
  useEffect(() => {
    if (target) setUnderstood(false);
  }, [target?.event.id]);
  const title = isReturn ? 'Anular devolución' : 'Anular operación especial';
  return (
    <Dialog
      open={target !== null}
      size="lg"
      title={title}
      onClose={onClose}
      form={scope}
      confirm={{ label: title, variant: 'danger', pending: submit.pending, disabled: !understood, onClick: () => void submit.run() }}
    >
      <Alert tone="warning" title="Esta acción no se puede deshacer">
        El MH anulará {isReturn ? 'la devolución' : 'el evento'} de {target ? formatMoney(target.event.totals.total) : ''}.
        {isReturn ? ' Sus cantidades vuelven a poder devolverse, y el documento se podrá invalidar si no tiene otra devolución activa.' : ''} Plazo: hasta el décimo día hábil del mes siguiente a su sello.
      </Alert>
      <div class="form-grid">
        <SelectField
          class="span-2"
          label="Motivo"
          value={reasonType}
          onValue={setReasonType}
          name="reasonType"
          options={[
            { value: '2', label: 'Rescindir la operación' },
            { value: '1', label: 'Error en la información' },
            { value: '3', label: 'Otro' },
          ]}
        />
        <TextAreaField class="span-2" label="Descripción del motivo" hint={reasonType === '3' ? 'Obligatoria para «Otro».' : 'Opcional.'} value={reason} onValue={setReason} name="reason" />
      </div>
      <PersonFields legend="Responsable de la anulación" prefix="responsible" value={responsible} onChange={setResponsible} />
      <Checkbox label="Quien la solicita es el mismo responsable" checked={sameRequester} onChange={setSameRequester} />
      {sameRequester ? null : <PersonFields legend="Quien la solicita" prefix="requester" value={requester} onChange={setRequester} />}
      <ErrorAlert error={submit.error} />
      <Checkbox label="Entiendo que la anulación es definitiva y no se puede deshacer." checked={understood} onChange={setUnderstood} />
    </Dialog>
  );
}
