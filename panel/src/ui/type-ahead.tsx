import { useEffect, useId, useState } from 'preact/hooks';
import { Button } from './button';
import { Icon } from './icons';

/**
 * A search field whose suggestions come from the service as one types (a combobox with a listbox),
 * with a «new …» action beside them for what is not there yet.
 */
export function TypeAhead<T>({ label, placeholder, search, keyOf, line, detail, onPick, newLabel, onNew }: {
  label: string;
  placeholder?: string;
  search: (q: string) => Promise<T[]>;
  keyOf: (t: T) => string;
  line: (t: T) => string;
  detail?: (t: T) => string;
  onPick: (t: T) => void;
  newLabel?: string;
  onNew?: (typed: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [results, setResults] = useState<T[] | null>(null);
  const [active, setActive] = useState(0);
  useEffect(() => {
    if (!open) return;
    let live = true;
    const t = window.setTimeout(() => {
      search(text.trim()).then(
        (r) => live && (setResults(r), setActive(0)),
        () => live && setResults([]),
      );
    }, 200);
    return () => {
      live = false;
      window.clearTimeout(t);
    };
  }, [text, open]);
  const pick = (t: T) => {
    onPick(t);
    setText('');
    setOpen(false);
  };
  return (
    <div class="type-ahead">
      <div class="field">
        <label for={id}>{label}</label>
        <div class="type-ahead-row">
          <span class="type-ahead-input">
            <Icon name="search" size={16} />
            <input
              id={id}
              type="search"
              aria-expanded={open ? 'true' : 'false'}
              aria-controls={`${id}-list`}
              aria-autocomplete="list"
              placeholder={placeholder}
              value={text}
              onFocus={() => setOpen(true)}
              onInput={(e) => {
                setText((e.currentTarget as HTMLInputElement).value);
                setOpen(true);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Escape') setOpen(false);
                if (!results?.length) return;
                if (e.key === 'ArrowDown') (e.preventDefault(), setActive((a) => Math.min(a + 1, results.length - 1)));
                if (e.key === 'ArrowUp') (e.preventDefault(), setActive((a) => Math.max(a - 1, 0)));
                if (e.key === 'Enter') (e.preventDefault(), pick(results[active]));
              }}
              onBlur={() => window.setTimeout(() => setOpen(false), 150)}
            />
          </span>
          {onNew ? (
            <Button size="sm" icon="plus" onClick={() => onNew(text.trim())}>
              {newLabel}
            </Button>
          ) : null}
        </div>
      </div>
      {open && results ? (
        <ul class="type-ahead-list" id={`${id}-list`} role="listbox" aria-label={label}>
          {results.length ? (
            results.map((r, i) => (
              <li key={keyOf(r)} role="option" aria-selected={i === active ? 'true' : 'false'} class={i === active ? 'active' : ''} onMouseDown={(e) => (e.preventDefault(), pick(r))}>
                <span class="strong">{line(r)}</span>
                {detail ? <span class="muted small">{detail(r)}</span> : null}
              </li>
            ))
          ) : (
            <li class="muted type-ahead-empty">{text.trim() ? 'Nada coincide con lo escrito.' : 'Todavía no hay nada guardado.'}</li>
          )}
        </ul>
      ) : null}
    </div>
  );
}
