import type { DocRef } from '../../lib/issue-draft';
import { SelectField, TextField } from '../form';

const NAMES: Record<string, string> = { '01': 'Factura (FE)', '03': 'Crédito fiscal (CCF)', '05': 'Nota de crédito (NC)', '06': 'Nota de débito (ND)', '07': 'Retención (CR)', '11': 'Exportación (FEX)', '14': 'Sujeto excluido (FSE)' };

/**
 * One document another one refers to: its type, its generation code (an electronic document) or its
 * number (a paper one), and its date. `prefix` is the request's path (`relatedDocuments[0]`).
 */
export function DocRefFields({ value, onChange, prefix, types }: { value: DocRef; onChange: (r: DocRef) => void; prefix: string; types: string[] }) {
  return (
    <>
      <SelectField label="Tipo del documento" value={value.type} onValue={(type) => onChange({ ...value, type })} name={`${prefix}.type`} options={types.map((t) => ({ value: t, label: NAMES[t] ?? t }))} />
      <TextField label="Código de generación o número" value={value.generationCode} onValue={(generationCode) => onChange({ ...value, generationCode })} name={`${prefix}.generationCode`} hint="El código de generación de un DTE, o el número de un documento en papel." />
      <TextField label="Fecha del documento" type="date" value={value.issuedOn} onValue={(issuedOn) => onChange({ ...value, issuedOn })} name={`${prefix}.issuedOn`} />
    </>
  );
}
