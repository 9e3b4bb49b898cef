import { useEffect, useState } from 'preact/hooks';
import { catalogEntries, type CatalogEntry } from '../../api/catalogs.api';
import { SelectField } from '../form';

/** One entry of a small MH catalog (CAT-020 countries, CAT-027 customs offices…), by name with its code. */
export function CatalogSelect({ catalog, label, value, onValue, name, hint, optional, class: className, exclude }: { catalog: string; label: string; value: string; onValue: (v: string) => void; name: string; hint?: string; optional?: boolean; class?: string; exclude?: string[] }) {
  const [entries, setEntries] = useState<CatalogEntry[] | null>(null);
  useEffect(() => {
    catalogEntries(catalog).then(setEntries, () => setEntries([]));
  }, [catalog]);
  const list = (entries ?? []).filter((e) => !exclude?.includes(e.code));
  const options = [{ value: '', label: entries ? (optional ? 'Ninguno' : 'Elija…') : 'Cargando…' }, ...list.map((e) => ({ value: e.code, label: `${e.name} (${e.code})` }))];
  return <SelectField class={className} label={label} value={value} onValue={onValue} name={name} hint={hint} options={options} disabled={!entries} />;
}
