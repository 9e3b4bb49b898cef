import type { ScreenProps } from '../app';
import { listAudit, listUsers, type AuditEntry, type AuditFilter } from '../api/account.api';
import { formatDateTime } from '../lib/format';
import { useLoad } from '../lib/hooks';
import { setQuery } from '../lib/router';
import { Button } from '../ui/button';
import { SelectField, TextField } from '../ui/form';
import { PageHeader } from '../ui/page';
import { PagedList, fromList, useCursors } from '../ui/paged-list';
import { DataTable, type Column } from '../ui/table';
import { EmptyState } from '../ui/states';
import { AUDIT_ACTIONS, auditDetail } from '../ui/audit-words';

/** What kind of thing an entry is about, in words. */
const TARGET_TYPES: Record<string, string> = {
  api_key: 'Llave de API',
  emitter: 'Emisor',
  user: 'Usuario',
  document: 'Documento',
  session: 'Sesión del panel',
  account: 'Cuenta',
  webhook_endpoint: 'Webhook',
};

/** The target by name (the service reads it), its kind above; the internal id stays in the tooltip. */
function Target({ target }: { target: AuditEntry['target'] }) {
  if (!target?.id) return <span class="muted">—</span>;
  const kind = TARGET_TYPES[target.type ?? ''] ?? target.type ?? '';
  if (!target.label) return <span title={target.id}>{kind || <code class="break">{target.id}</code>}</span>;
  return (
    <span class="audit-target" title={`${kind} ${target.id}`}>
      <span class="muted small">{kind}</span>
      <span class="break">{target.label}</span>
    </span>
  );
}

function who(e: AuditEntry): string {
  if (e.actor?.type === 'cli') return 'Línea de comandos del servicio';
  return e.actor?.email ?? (e.actor?.key_id ? `Llave ${e.actor.key_label ?? e.actor.key_id}` : (e.actor?.id ?? 'Anónimo'));
}

/** The filters as the address keeps them (`?usuario=…&accion=…&desde=…&hasta=…`), so a link opens the same list. */
function filterOf(query: URLSearchParams): AuditFilter {
  return { user_id: query.get('usuario') ?? undefined, action: query.get('accion') ?? undefined, created_from: query.get('desde') ?? undefined, created_to: query.get('hasta') ?? undefined };
}

export default function AuditLogScreen({ query }: ScreenProps) {
  const filter = filterOf(query);
  const key = JSON.stringify(filter);
  // A change of filters starts again from the first page.
  const pages = useCursors([key]);
  const log = useLoad(() => listAudit(pages.after, filter), [pages.after, key]);
  const users = useLoad(() => listUsers(null), []);
  const any = Object.values(filter).some(Boolean);
  const set = (patch: Record<string, string | null>) => {
    setQuery({ usuario: filter.user_id ?? null, accion: filter.action ?? null, desde: filter.created_from ?? null, hasta: filter.created_to ?? null, ...patch });
  };
  const columns: Column<AuditEntry>[] = [
    { key: 'action', label: 'Acción', primary: true, render: (e) => <span class="strong">{AUDIT_ACTIONS[e.action] ?? e.action}</span> },
    { key: 'who', label: 'Quién', render: (e) => <span class="break">{who(e)}</span> },
    { key: 'target', label: 'Sobre', render: (e) => <Target target={e.target} /> },
    { key: 'detail', label: 'Detalle', render: (e) => <span class="break">{auditDetail(e) ?? <span class="muted">—</span>}</span> },
    { key: 'when', label: 'Cuándo', render: (e) => <span class="nowrap">{formatDateTime(e.created_at)}</span> },
    { key: 'ip', label: 'Desde', render: (e) => (e.ip ? <code>{e.ip}</code> : e.actor?.type === 'cli' && e.user_agent ? <code>{e.user_agent.replace(/^cli /, '')}</code> : <span class="muted">—</span>) },
  ];
  return (
    <div class="screen">
      <PageHeader title="Auditoría" subtitle="Quién hizo qué, cuándo y desde dónde: llaves, credenciales, emisores y establecimientos, webhooks, usuarios, invalidaciones y períodos." />
      <div class="card">
        <div class="audit-filters" role="search" aria-label="Filtros de la auditoría">
          <SelectField
            label="Usuario"
            value={filter.user_id ?? ''}
            onValue={(v) => set({ usuario: v || null })}
            options={[{ value: '', label: 'Todos' }, ...(users.data?.data ?? []).map((u) => ({ value: u.id, label: u.email }))]}
          />
          <SelectField
            label="Acción"
            value={filter.action ?? ''}
            onValue={(v) => set({ accion: v || null })}
            options={[{ value: '', label: 'Todas' }, ...Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label }))]}
          />
          <TextField label="Desde" type="date" value={filter.created_from ?? ''} onValue={(v) => set({ desde: v || null })} />
          <TextField label="Hasta" type="date" value={filter.created_to ?? ''} onValue={(v) => set({ hasta: v || null })} />
          <Button size="sm" disabled={!any} onClick={() => set({ usuario: null, accion: null, desde: null, hasta: null })}>
            Quitar filtros
          </Button>
        </div>
      </div>
      <div class="card card-flush">
        <PagedList
          {...fromList(log)}
          pages={pages}
          skeletonRows={6}
          empty={any ? <EmptyState icon="search" title="Ninguna acción coincide con los filtros" /> : <EmptyState icon="list" title="Sin acciones registradas todavía" />}
        >
          {(list) => <DataTable caption="Registro de auditoría" columns={columns} rows={list} rowKey={(e) => e.id} />}
        </PagedList>
      </div>
    </div>
  );
}
