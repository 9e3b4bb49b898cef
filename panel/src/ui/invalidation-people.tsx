import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Checkbox, SelectField, TextAreaField, TextField, normalizeTaxId } from './form';

/**
 * What every invalidation the panel sends asks of people and reasons — a document's («Invalidar
 * documento») and a sealed event's («Anular devolución», «Anular» a special-operations event): MH's
 * reason, its description, who is responsible and who asks for it, and the «definitiva» check.
 */

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

const EMPTY_PERSON: Person = { name: '', documentType: '13', documentNumber: '' };

const personInput = (p: Person): Person => ({
  name: p.name.trim(),
  documentType: p.documentType,
  documentNumber: p.documentType === '36' ? normalizeTaxId(p.documentNumber) : p.documentNumber.trim(),
});

function PersonFields({ legend, value, onChange, prefix }: { legend: string; value: Person; onChange: (p: Person) => void; prefix: string }) {
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

/** The form's state: reason, people and the «definitiva» check (cleared each time `openedFor` changes). */
export function useInvalidationForm(openedFor: unknown) {
  const [reasonType, setReasonType] = useState('2');
  const [reason, setReason] = useState('');
  const [responsible, setResponsible] = useState<Person>(EMPTY_PERSON);
  const [requester, setRequester] = useState<Person>(EMPTY_PERSON);
  const [sameRequester, setSameRequester] = useState(true);
  const [understood, setUnderstood] = useState(false);
  useEffect(() => {
    if (openedFor) setUnderstood(false);
  }, [openedFor]);
  return {
    reasonType, setReasonType, reason, setReason, responsible, setResponsible, requester, setRequester, sameRequester, setSameRequester, understood, setUnderstood,
    /** The reason and the two people as the API takes them (the responsible twice when they are one). */
    input() {
      const who = personInput(responsible);
      return { reasonType, reason: reason.trim() || undefined, responsible: who, requester: sameRequester ? who : personInput(requester) };
    },
    /** With one person as both, what the service says of the requester is said of the responsible. */
    aliases: (sameRequester ? { 'requester.': 'responsible.' } : {}) as Record<string, string>,
  };
}

export type InvalidationForm = ReturnType<typeof useInvalidationForm>;

/** MH's reason (CAT-024 types 1–3, labelled by the caller) and its description, «Otro» needing one. */
export function ReasonFields({ form, labels, children }: { form: InvalidationForm; labels: Record<'1' | '2' | '3', string>; children?: ComponentChildren }) {
  return (
    <div class="form-grid">
      <SelectField
        class="span-2"
        label="Motivo"
        value={form.reasonType}
        onValue={form.setReasonType}
        name="reasonType"
        options={(['2', '1', '3'] as const).map((value) => ({ value, label: labels[value] }))}
      />
      {children}
      <TextAreaField class="span-2" label="Descripción del motivo" hint={form.reasonType === '3' ? 'Obligatoria para «Otro».' : 'Opcional.'} value={form.reason} onValue={form.setReason} name="reason" />
    </div>
  );
}

/** The responsible, the requester (the same person unless unticked) and, below `children`, the «definitiva» check. */
export function PeopleAndConfirmation({ form, responsibleLegend, understoodLabel, children }: { form: InvalidationForm; responsibleLegend: string; understoodLabel: string; children?: ComponentChildren }) {
  return (
    <>
      <PersonFields legend={responsibleLegend} prefix="responsible" value={form.responsible} onChange={form.setResponsible} />
      <Checkbox label="Quien la solicita es el mismo responsable" checked={form.sameRequester} onChange={form.setSameRequester} />
      {form.sameRequester ? null : <PersonFields legend="Quien la solicita" prefix="requester" value={form.requester} onChange={form.setRequester} />}
      {children}
      <Checkbox label={understoodLabel} checked={form.understood} onChange={form.setUnderstood} />
    </>
  );
}
