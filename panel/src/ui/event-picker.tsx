import { WEBHOOK_EVENTS } from '../api/webhooks.api';
import { Checkbox } from './form';

/** The events an endpoint receives: all (including future ones) or a chosen list. */
export function EventPicker({ value, onChange }: { value: string[]; onChange: (events: string[]) => void }) {
  const all = value.includes('*');
  const toggle = (name: string, on: boolean) => onChange(on ? [...value.filter((v) => v !== name), name] : value.filter((v) => v !== name));
  return (
    <fieldset>
      <legend>Eventos</legend>
      <div class="stack">
        <Checkbox label="Todos los eventos (también los que se agreguen después)" checked={all} onChange={(on) => onChange(on ? ['*'] : [])} />
        {all ? null : (
          <div class="checkbox-grid">
            {WEBHOOK_EVENTS.map((e) => (
              <Checkbox key={e.name} label={e.label} hint={e.name} checked={value.includes(e.name)} onChange={(on) => toggle(e.name, on)} />
            ))}
          </div>
        )}
      </div>
    </fieldset>
  );
}
