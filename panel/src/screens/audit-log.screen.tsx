import type { ScreenProps } from '../app';
import { listAudit, type AuditEntry } from '../api/account.api';
import { formatDateTime } from '../lib/format';
import { useLoad } from '../lib/hooks';
import { PageHeader } from '../ui/page';
import { PagedList, fromList, useCursors } from '../ui/paged-list';
import { DataTable, type Column } from '../ui/table';
import { EmptyState } from '../ui/states';

/** The actions the audit log records, in words. */
const ACTIONS: Record<string, string> = {
  'api_key.created': 'Creó una llave de API',
  'api_key.revoked': 'Revocó una llave de API',
  'credentials.uploaded': 'Cargó credenciales del MH',
  'user.created': 'Creó un usuario',
  'user.invited': 'Invitó a un usuario',
  'user.invitation_accepted': 'Aceptó la invitación',
  'user.removed': 'Quitó a un usuario',
  'user.role_changed': 'Cambió el rol de un usuario',
  'user.password_reset_requested': 'Pidió restablecer la contraseña',
  'user.password_reset': 'Restableció la contraseña',
  'user.password_set': 'Cambió la contraseña de un usuario',
  'user.password_changed': 'Cambió su propia contraseña',
  'user.second_factor_enabled': 'Activó la verificación en dos pasos',
  'user.second_factor_disabled': 'Desactivó la verificación en dos pasos',
  'user.recovery_code_used': 'Inició sesión con un código de recuperación',
  'session.second_factor_verified': 'Confirmó su inicio de sesión con el código de su aplicación',
  'account.second_factor_policy_changed': 'Cambió la exigencia de la verificación en dos pasos',
  'document.invalidation_requested': 'Solicitó la invalidación de un documento',
  'fiscal.period.reopened': 'Reabrió un período fiscal',
  'account.embed_origins_changed': 'Cambió los sitios que pueden incrustar la vista embebida',
  'session.login_succeeded': 'Inició sesión',
  'session.login_failed': 'Intento de inicio de sesión fallido',
  'session.login_locked': 'Usuario bloqueado por intentos fallidos',
  'session.ended': 'Cerró una o más de sus sesiones',
};

/** What kind of thing an entry is about, in words. */
const TARGET_TYPES: Record<string, string> = {
  api_key: 'Llave de API',
  emitter: 'Emisor',
  user: 'Usuario',
  document: 'Documento',
  session: 'Sesión del panel',
  account: 'Cuenta',
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

export default function AuditLogScreen(_props: ScreenProps) {
  const pages = useCursors();
  const log = useLoad(() => listAudit(pages.after), [pages.after]);
  const columns: Column<AuditEntry>[] = [
    { key: 'action', label: 'Acción', primary: true, render: (e) => <span class="strong">{ACTIONS[e.action] ?? e.action}</span> },
    { key: 'who', label: 'Quién', render: (e) => <span class="break">{who(e)}</span> },
    { key: 'target', label: 'Sobre', render: (e) => <Target target={e.target} /> },
    { key: 'when', label: 'Cuándo', render: (e) => <span class="nowrap">{formatDateTime(e.created_at)}</span> },
    { key: 'ip', label: 'Desde', render: (e) => (e.ip ? <code>{e.ip}</code> : e.actor?.type === 'cli' && e.user_agent ? <code>{e.user_agent.replace(/^cli /, '')}</code> : <span class="muted">—</span>) },
  ];
  return (
    <div class="screen">
      <PageHeader title="Auditoría" subtitle="Quién hizo qué, cuándo y desde dónde: llaves, credenciales, usuarios, invalidaciones y reaperturas." />
      <div class="card card-flush">
        <PagedList {...fromList(log)} pages={pages} skeletonRows={6} empty={<EmptyState icon="list" title="Sin acciones registradas todavía" />}>
          {(list) => <DataTable caption="Registro de auditoría" columns={columns} rows={list} rowKey={(e) => e.id} />}
        </PagedList>
      </div>
    </div>
  );
}
