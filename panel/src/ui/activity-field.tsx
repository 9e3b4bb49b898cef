import { useEffect, useId, useState } from 'preact/hooks';
import { searchCatalog, type CatalogEntry } from '../api/catalogs.api';
import { Field, useScopedField } from './form';

/** Economic activity (CAT-019): type a code or words of its name and pick from the suggestions. */
export function ActivityField({ label = 'Actividad económica', value, onValue, name }: { label?: string; value: string; onValue: (code: string) => void; name: string }) {
  const listId = useId();
  const f = useScopedField(name, undefined);
  const error = f.error;
  const [text, setText] = useState(value);
  const [options, setOptions] = useState<CatalogEntry[]>([]);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    const q = text.trim();
    if (q.length < 2) return;
    const t = window.setTimeout(() => {
      searchCatalog('CAT-019', q).then(setOptions, () => setOptions([]));
    }, 250);
    return () => window.clearTimeout(t);
  }, [text]);
  const chosen = options.find((o) => o.code === value);
  return (
    <Field label={label} error={error} hint={chosen ? chosen.name : 'Escriba el código o parte del nombre (CAT-019).'}>
      {(id, describedBy) => (
        <>
          <input
            id={id}
            list={listId}
            value={text}
            aria-describedby={describedBy}
            aria-invalid={error ? 'true' : undefined}
            onBlur={f.onLeave}
            onInput={(e) => {
              f.onEdit();
              const v = (e.currentTarget as HTMLInputElement).value;
              setText(v);
              const code = /^\d{5}$/.test(v.trim()) ? v.trim() : (options.find((o) => `${o.code} · ${o.name}` === v)?.code ?? '');
              onValue(code || v.trim());
              if (code && code !== v) setText(code);
            }}
          />
          <datalist id={listId}>
            {options.map((o) => (
              <option key={o.code} value={`${o.code} · ${o.name}`} />
            ))}
          </datalist>
        </>
      )}
    </Field>
  );
}
