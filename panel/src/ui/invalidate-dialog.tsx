import { useEffect, useState } from 'preact/hooks';
import { invalidateDocument, listDocuments, type DocumentDetail, type DocumentRow } from '../api/documents.api';
import { formatDate, formatMoney } from '../lib/format';
import { useAction } from '../lib/hooks';
import { href } from '../lib/router';
import { Dialog } from './dialog';
import { SelectField, useFormScope } from './form';
import { PeopleAndConfirmation, ReasonFields, useInvalidationForm } from './invalidation-people';
import { Alert, ErrorAlert } from './states';
import { toast } from './toast';

const REASONS = {
  '2': 'Rescindir la operación',
  '1': 'Error en la información (se reemplaza por otro documento)',
  '3': 'Otro (se reemplaza por otro documento)',
};

/** A replacement as a person recognises it: number, receiver, total and date. */
function replacementLabel(r: DocumentRow): string {
  return [r.controlNumber ?? r.id, r.receiver?.name, formatMoney(r.totals.total), formatDate(r.issuedAt)].filter(Boolean).join(' · ');
}

/** The documents that may replace this one: processed, of the same issuer, newest first (the MH requires one for reasons 1 and 3). */
function useReplacements(doc: DocumentDetail, wanted: boolean): DocumentRow[] | null {
  const [rows, setRows] = useState<DocumentRow[] | null>(null);
  useEffect(() => {
    if (!wanted || rows) return;
    listDocuments({ emitterId: doc.emitterId, status: 'processed' }, null, 50).then(
      (page) => setRows(page.nodes.filter((n) => n.id !== doc.id)),
      () => setRows([]),
    );
  }, [wanted]);
  return rows;
}

/** «Invalidar documento»: reason, replacement picked from the issuer's processed documents, responsible and requester. */
export function InvalidateDialog({ doc, open, onClose, onDone }: { doc: DocumentDetail; open: boolean; onClose: () => void; onDone: () => void }) {
  const form = useInvalidationForm(open);
  const [replacement, setReplacement] = useState('');
  const needsReplacement = (form.reasonType === '1' || form.reasonType === '3') && doc.type !== '05';
  const replacements = useReplacements(doc, open && needsReplacement);
  const window_ = doc.invalidationWindow;
  const submit = useAction(async (key: string) => {
    const outcome = await invalidateDocument(doc.id, { ...form.input(), replacementDocumentId: needsReplacement ? replacement || undefined : undefined }, key);
    toast(outcome === 'pending' ? 'Invalidación enviada; el MH todavía no responde. El estado se actualizará solo.' : 'Documento invalidado.');
    onDone();
    onClose();
  });
  const scope = useFormScope(submit.error, { aliases: form.aliases });
  return (
    <Dialog
      open={open}
      size="lg"
      title="Invalidar documento"
      onClose={onClose}
      form={scope}
      confirm={{ label: 'Invalidar documento', variant: 'danger', pending: submit.pending, disabled: !form.understood, onClick: () => void submit.run() }}
    >
      <Alert tone="warning" title="Esta acción no se puede deshacer">
        El MH anulará el documento {doc.controlNumber} ({formatMoney(doc.totals.total)}). Su receptor ya no podrá usarlo.
        {window_ ? ` Plazo para invalidarlo: hasta el ${formatDate(`${window_.lastDay}T12:00:00-06:00`)} a las 23:59.` : ''}
      </Alert>
      <ReasonFields form={form} labels={REASONS}>
        {needsReplacement ? (
          <SelectField
            class="span-2"
            label="Documento que lo reemplaza"
            hint={
              <>
                {replacements && !replacements.length ? 'Este emisor no tiene otro documento procesado.' : 'Un documento ya procesado del mismo emisor.'}{' '}
                <a href={href(`/emitir?desde=${encodeURIComponent(doc.id)}&como=duplicado`)}>Emitir el reemplazo</a> (una copia de este documento para corregirla).
              </>
            }
            value={replacement}
            onValue={setReplacement}
            name="replacementDocumentId"
            disabled={!replacements}
            options={[{ value: '', label: replacements ? 'Elija el documento…' : 'Cargando…' }, ...(replacements ?? []).map((r) => ({ value: r.id, label: replacementLabel(r) }))]}
          />
        ) : null}
      </ReasonFields>
      <PeopleAndConfirmation form={form} responsibleLegend="Responsable de la invalidación" understoodLabel="Entiendo que la invalidación es definitiva y no se puede deshacer.">
        <ErrorAlert error={submit.error} />
      </PeopleAndConfirmation>
    </Dialog>
  );
}
