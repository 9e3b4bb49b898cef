import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import { listEmitterSummaries, type EmitterSummary } from '../api/emitters.api';
import { useLoad } from '../lib/hooks';
import { href, setQuery } from '../lib/router';
import { LinkButton } from './button';
import { SelectField } from './form';
import { EmptyState, ErrorState, Loading } from './states';

/**
 * The emitter a per-emitter screen works on (credentials, books), kept in the address (?emisor=)
 * so a link or a reload opens the same one. Renders `children` once one is chosen.
 */
export function EmitterPicker({ query, children, extra }: { query: URLSearchParams; children: (emitter: EmitterSummary) => ComponentChildren; extra?: ComponentChildren }) {
  const list = useLoad(listEmitterSummaries, []);
  const wanted = query.get('emisor');
  const chosen = list.data?.find((e) => e.id === wanted) ?? list.data?.[0];
  useEffect(() => {
    if (chosen && chosen.id !== wanted) setQuery({ emisor: chosen.id });
  }, [chosen?.id]);
  if (list.error) return <ErrorState error={list.error} onRetry={list.reload} />;
  if (!list.data) return <Loading />;
  if (!chosen) {
    return (
      <EmptyState icon="building" title="Primero registre un emisor" action={<LinkButton variant="primary" href={href('/emisores/nuevo')}>Registrar emisor</LinkButton>}>
        Esta sección trabaja con los datos de un emisor.
      </EmptyState>
    );
  }
  return (
    <>
      <div class="card picker-bar">
        <SelectField label="Emisor" value={chosen.id} onValue={(id) => setQuery({ emisor: id })} options={list.data.map((e) => ({ value: e.id, label: `${e.name} · NIT ${e.nit}` }))} />
        {extra}
      </div>
      {children(chosen)}
    </>
  );
}
