import { useEffect, useState } from 'preact/hooks';
import { invalidateDocument, listDocuments, type DocumentDetail, type DocumentRow } from '../api/documents.api';
import { formatDate, formatMoney } from '../lib/format';
import { useAction } from '../lib/hooks';
import { href } from '../lib/router';
import { Dialog } from './dialog';
import { Checkbox, SelectField, TextAreaField, TextField, normalizeTaxId, useFormScope } from './form';
import { Alert, ErrorAlert } from './states';
import { toast } from './toast';

const PERSON_TYPES = [
  { value: '13', label: 'DUI' },
  { value: '36', label: 'NIT' },
  { value: '03', label: 'Pasaporte' },
  { value: '02', label: 'Carné de residente' },
  { value: '37', label: 'Otro' },
];

export interface Person {
  name: string;
  documentType: string;
  documentNumber: string;
}

export const personInput = (p: Person): Person => ({
  name: p.name.trim(),
  documentType: p.documentType,
  documentNumber: p.documentType === '36' ? normalizeTaxId(p.documentNumber) : p.documentNumber.trim(),
});

export function PersonFields({ legend, value, onChange, prefix }: { legend: string; value: Person; onChange: (p: Person) => void; prefix: string }) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      <div class="form-grid">
        <TextField class="span-2" label="Nombre" value={value.name} onValue={(name) => onChange({ ...value, name })} name={`${prefix}.name`} />
        <SelectField label="Tipo de documento" value={value.documentType} onValue={(documentType) => onChange({ ...value, documentType })} options={PERSON_TYPES} name={`${prefix}.documentType`} />
        <TextField
          label="Número de documento"
          value={value.documentNumber}
          onValue={(documentNumber) => onChange({ ...value, documentNumber })}
          name={`${prefix}.documentNumber`}
          tidy={value.documentType === '36' ? normalizeTaxId : undefined}
          hint={value.documentType === '13' ? 'Con su guion: 01234567-8.' : value.documentType === '36' ? 'Con o sin guiones.' : undefined}
        />
      </div>
    </fieldset>
  );
}

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
  const empty: Person = { name: '', documentType: '13', documentNumber: '' };
  const [reasonType, setReasonType] = useState('2');
  const [reason, setReason] = useState('');
  const [replacement, setReplacement] = useState('');
  const [responsible, setResponsible] = useState<Person>(empty);
  const [requester, setRequester] = useState<Person>(empty);
  const [sameRequester, setSameRequester] = useState(true);
  const [understood, setUnderstood] = useState(false);
  const needsReplacement = (reasonType === '1' || reasonType === '3') && doc.type !== '05';
  const replacements = useReplacements(doc, open && needsReplacement);
  const window_ = doc.invalidationWindow;
  const submit = useAction(async (key: string) => {
    const who = personInput(responsible);
    const outcome = await invalidateDocument(
      doc.id,
      {
        reasonType,
        reason: reason.trim() || undefined,
        replacementDocumentId: needsReplacement ? replacement || undefined : undefined,
        responsible: who,
        requester: sameRequester ? who : personInput(requester),
      },
      key,
    );
    toast(outcome === 'pending' ? 'Invalidación enviada; el MH todavía no responde. El estado se actualizará solo.' : 'Documento invalidado.');
    onDone();
    onClose();
  });
  // With one person as both, what the service says of the requester is said of the responsible.
  const scope = useFormScope(submit.error, { aliases: sameRequester ? { 'requester.': 'responsible.' } : {} });
  useEffect(() => {
    if (open) setUnderstood(false);
  }, [open]);
  return (
    <Dialog
      open={open}
      size="lg"
      title="Invalidar documento"
      onClose={onClose}
      form={scope}
      confirm={{ label: 'Invalidar documento', variant: 'danger', pending: submit.pending, disabled: !understood, onClick: () => void submit.run() }}
    >
        <Alert tone="warning" title="Esta acción no se puede deshacer">
          El MH anulará el documento {doc.controlNumber} ({formatMoney(doc.totals.total)}). Su receptor ya no podrá usarlo.
          {window_ ? ` Plazo para invalidarlo: hasta el ${formatDate(`${window_.lastDay}T12:00:00-06:00`)} a las 23:59.` : ''}
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
              { value: '1', label: 'Error en la información (se reemplaza por otro documento)' },
              { value: '3', label: 'Otro (se reemplaza por otro documento)' },
            ]}
          />
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
          <TextAreaField class="span-2" label="Descripción del motivo" hint={reasonType === '3' ? 'Obligatoria para «Otro».' : 'Opcional.'} value={reason} onValue={setReason} name="reason" />
        </div>
        <PersonFields legend="Responsable de la invalidación" prefix="responsible" value={responsible} onChange={setResponsible} />
        <Checkbox label="Quien la solicita es el mismo responsable" checked={sameRequester} onChange={setSameRequester} />
        {sameRequester ? null : <PersonFields legend="Quien la solicita" prefix="requester" value={requester} onChange={setRequester} />}
        <ErrorAlert error={submit.error} />
        <Checkbox label="Entiendo que la invalidación es definitiva y no se puede deshacer." checked={understood} onChange={setUnderstood} />
    </Dialog>
  );
}
