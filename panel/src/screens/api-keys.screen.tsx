import { useState } from 'preact/hooks';
import type { ScreenProps } from '../app';
import { createApiKey, getEmbedOrigins, listApiKeys, revokeApiKey, setEmbedOrigins, type ApiKey } from '../api/account.api';
import { listEmitterSummaries } from '../api/emitters.api';
import { ENVIRONMENT_LABELS, formatDateTime } from '../lib/format';
import { useAction, useLoad } from '../lib/hooks';
import { can, type Session } from '../lib/session';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Checkbox, FormScope, GroupError, TextAreaField, TextField, fieldError, useFormScope } from '../ui/form';
import { Card, PageHeader } from '../ui/page';
import { PagedList, fromList, useCursors } from '../ui/paged-list';
import { SecretReveal } from '../ui/secret-reveal';
import { DataTable, type Column } from '../ui/table';
import { Alert, EmptyState, ErrorAlert } from '../ui/states';
import { toast } from '../ui/toast';

export const SCOPES: { scope: string; label: string; default: boolean; ownerOnly?: boolean }[] = [
  { scope: 'emitters:read', label: 'Ver emisores', default: true },
  { scope: 'emitters:write', label: 'Crear y editar emisores', default: true },
  { scope: 'documents:read', label: 'Ver documentos', default: true },
  { scope: 'documents:write', label: 'Emitir y reenviar documentos', default: true },
  { scope: 'documents:invalidate', label: 'Invalidar documentos procesados', default: false },
  { scope: 'webhooks:write', label: 'Administrar webhooks', default: true },
  { scope: 'fiscal:read', label: 'Ver libros y reportes', default: true },
  { scope: 'fiscal:write', label: 'Enviar registros y pedir reportes', default: true },
  { scope: 'fiscal:close', label: 'Cerrar y reabrir períodos', default: false, ownerOnly: true },
];

/** The scopes a key created by this user may carry (never more than the user's role). */
function allowedScopes(session: Session) {
  if (session.user.role === 'viewer') return SCOPES.filter((s) => s.scope.endsWith(':read'));
  if (session.user.role === 'member') return SCOPES.filter((s) => !s.ownerOnly);
  return SCOPES;
}

function keyText(k: ApiKey): string {
  if (k.redacted) return k.redacted;
  if (k.prefix || k.last4) return `${k.prefix ?? ''}…${k.last4 ?? ''}`;
  return k.id;
}

/** How a key is called: its name, or (a key created at the command line has none) its visible prefix. */
function keyName(k: ApiKey): string {
  return k.name?.trim() || `Llave ${k.prefix ? `${k.prefix}…` : k.id}`;
}

const DOCUMENT_TYPES = ['01', '03', '04', '05', '06', '07', '08', '09', '11', '14', '15'];
const list = (text: string) => text.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean);

/** The limits of a key, in words; null when it has none. */
export function keyLimitsText(k: ApiKey, emitterName: (id: string) => string): string[] {
  const out: string[] = [];
  if (k.emitter_ids?.length) out.push(`Emisores: ${k.emitter_ids.map(emitterName).join(', ')}`);
  if (k.document_types?.length) out.push(`Tipos: ${k.document_types.join(', ')}`);
  if (k.allowed_ips?.length) out.push(`Direcciones: ${k.allowed_ips.join(', ')}`);
  if (k.expires_at) out.push(`Vence: ${formatDateTime(k.expires_at)}`);
  return out;
}

function CreateDialog({ session, open, onClose, onCreated }: { session: Session; open: boolean; onClose: () => void; onCreated: () => void }) {
  const choices = allowedScopes(session);
  const emitters = useLoad(() => (open ? listEmitterSummaries() : Promise.resolve([])), [open]);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(choices.filter((s) => s.default).map((s) => s.scope));
  const [onlyEmitters, setOnlyEmitters] = useState<string[]>([]);
  const [types, setTypes] = useState<string[]>([]);
  const [ips, setIps] = useState('');
  const [expires, setExpires] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const create = useAction(async (key: string) => {
    const k = await createApiKey(
      {
        name: name.trim(),
        scopes,
        ...(onlyEmitters.length ? { emitter_ids: onlyEmitters } : {}),
        ...(types.length ? { document_types: types } : {}),
        ...(list(ips).length ? { allowed_ips: list(ips) } : {}),
        ...(expires ? { expires_at: new Date(expires).toISOString() } : {}),
      },
      key,
    );
    setCreated(k.key);
    onCreated();
  });
  const close = () => {
    setCreated(null);
    setOnlyEmitters([]);
    setTypes([]);
    setIps('');
    setExpires('');
    setName('');
    setScopes(choices.filter((s) => s.default).map((s) => s.scope));
    create.clear();
    onClose();
  };
  const live = session.environment === '01';
  const checks = [
    ...(name.trim() ? [] : [{ path: 'name', code: 'required', message: 'Escriba un nombre para reconocer la llave.' }]),
    ...(scopes.length ? [] : [{ path: 'scopes', code: 'required', message: 'Elija al menos un permiso.' }]),
  ];
  const scope = useFormScope(create.error, { checks });
  return (
    <Dialog
      open={open}
      title={created ? 'Llave creada' : 'Crear llave de API'}
      onClose={close}
      form={scope}
      footer={
        created ? (
          <Button variant="primary" onClick={close}>
            Ya la copié
          </Button>
        ) : (
          <>
            <Button onClick={close}>Cancelar</Button>
            <Button variant="primary" pending={create.pending} onClick={() => (scope.submit(), checks.length ? undefined : void create.run())}>
              Crear llave
            </Button>
          </>
        )
      }
    >
      {created ? (
        <SecretReveal value={created} label="la llave de API" note="Esta es la única vez que se muestra la llave completa. Guárdela en la configuración de su sistema; si la pierde, revóquela y cree otra." />
      ) : (
        <>
          <Alert tone={live ? 'warning' : 'info'}>
            {live ? 'Llave de producción (sk_live_…): los documentos que emita tienen validez fiscal.' : 'Llave del ambiente de prueba (sk_test_…). Para una de producción, cambie a producción arriba.'}
          </Alert>
          <TextField label="Nombre" placeholder="ERP de la casa matriz" value={name} onValue={setName} hint="Para reconocerla en esta lista." name="name" />
          <fieldset>
            <legend>Permisos</legend>
            <div class="checkbox-grid">
              {choices.map((s) => (
                <Checkbox
                  key={s.scope}
                  label={s.label}
                  hint={s.scope}
                  checked={scopes.includes(s.scope)}
                  onChange={(on) => {
                    scope.left('scopes');
                    setScopes(on ? [...scopes, s.scope] : scopes.filter((x) => x !== s.scope));
                  }}
                />
              ))}
            </div>
            <GroupError name="scopes" />
          </fieldset>
          <fieldset>
            <legend>Límites (opcionales)</legend>
            <p class="muted small">Sin límites, la llave opera sobre todos los emisores y tipos, desde cualquier dirección, sin vencer.</p>
            {(emitters.data ?? []).length ? (
              <div class="checkbox-grid" role="group" aria-label="Solo estos emisores">
                {(emitters.data ?? []).map((e) => (
                  <Checkbox key={e.id} label={`Solo ${e.name}`} hint={e.nit} checked={onlyEmitters.includes(e.id)} onChange={(on) => setOnlyEmitters(on ? [...onlyEmitters, e.id] : onlyEmitters.filter((x) => x !== e.id))} />
                ))}
              </div>
            ) : null}
            <div class="checkbox-grid" role="group" aria-label="Solo estos tipos de documento">
              {DOCUMENT_TYPES.map((t) => (
                <Checkbox key={t} label={`Tipo ${t}`} checked={types.includes(t)} onChange={(on) => setTypes(on ? [...types, t] : types.filter((x) => x !== t))} />
              ))}
            </div>
            <TextField label="Direcciones permitidas" placeholder="203.0.113.0/24, 2001:db8::1" value={ips} onValue={setIps} hint="Direcciones IP o rangos CIDR, separados por comas." error={create.error?.fieldErrors.find((f) => f.path?.startsWith('allowed_ips'))?.message} />
            <TextField label="Vence el" type="datetime-local" value={expires} onValue={setExpires} error={fieldError(create.error, 'expires_at')} />
          </fieldset>
          <ErrorAlert error={create.error} />
        </>
      )}
    </Dialog>
  );
}

/**
 * The sites that may frame the account's read-only embed views (`Content-Security-Policy:
 * frame-ancestors`). Every user sees the list; the owner edits it, one origin per line.
 */
function EmbedOriginsCard({ session }: { session: Session }) {
  const owner = can(session, 'manage');
  const current = useLoad(() => getEmbedOrigins(), []);
  const [text, setText] = useState<string | null>(null);
  const save = useAction(async () => {
    const origins = (text ?? '').split(/\n/).map((l) => l.trim()).filter(Boolean);
    const saved = await setEmbedOrigins(origins);
    setText(null);
    current.reload();
    toast(saved.origins.length ? `Las vistas se pueden incrustar en ${saved.origins.length === 1 ? 'un sitio' : `${saved.origins.length} sitios`}.` : 'Las vistas ya no se pueden incrustar en ningún sitio.');
  });
  const origins = current.data?.origins ?? [];
  const editing = text !== null;
  // A refused line is named by its position among the non-empty lines sent (origins[i]): shown under the list.
  const scope = useFormScope(save.error);
  return (
    <Card
      title="Vista embebida: sitios que pueden incrustarla"
      actions={
        owner && !editing ? (
          <Button size="sm" icon="edit" onClick={() => setText(origins.join('\n'))}>
            Editar
          </Button>
        ) : null
      }
    >
      <p class="muted">
        Las vistas de solo lectura que su sistema abre con <code>POST /v1/fiscal/embed-sessions</code> solo se muestran dentro de un iframe en estos sitios. Sin ninguno, no se pueden incrustar.
      </p>
      {current.error ? (
        <ErrorAlert error={current.error} />
      ) : editing ? (
        <FormScope scope={scope}>
          <TextAreaField
            label="Orígenes permitidos"
            hint="Uno por línea, como https://erp.ejemplo.com o https://erp.ejemplo.com:8443, sin ruta. Hasta 20."
            rows={4}
            value={text}
            onValue={setText}
            name="origins"
          />
          <div class="row">
            <Button
              onClick={() => {
                setText(null);
                save.clear();
              }}
            >
              Cancelar
            </Button>
            <Button variant="primary" pending={save.pending} onClick={() => (scope.submit(), void save.run())}>
              Guardar orígenes
            </Button>
          </div>
          <ErrorAlert error={save.error} />
        </FormScope>
      ) : origins.length ? (
        <ul class="chips" aria-label="Orígenes permitidos">
          {origins.map((o) => (
            <li key={o} class="chip">
              {o}
            </li>
          ))}
        </ul>
      ) : (
        <p>{current.data ? 'Ningún sitio puede incrustar las vistas.' : 'Cargando…'}</p>
      )}
      {owner ? null : <p class="muted small">Solo el propietario de la cuenta cambia esta lista.</p>}
    </Card>
  );
}

export default function ApiKeysScreen({ session }: ScreenProps) {
  const pages = useCursors();
  const keys = useLoad(() => listApiKeys(pages.after), [pages.after, session.environment]);
  const emitterNames = useLoad(() => listEmitterSummaries(), [session.environment]);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useAction(async (key: string) => {
    await revokeApiKey(revoking!.id, key);
    toast(`Llave «${revoking!.name?.trim() || keyText(revoking!)}» revocada: deja de funcionar de inmediato.`);
    setRevoking(null);
    keys.reload();
  });
  const columns: Column<ApiKey>[] = [
    {
      key: 'name',
      label: 'Nombre',
      primary: true,
      render: (k) =>
        k.name?.trim() ? (
          <span class="strong">{k.name}</span>
        ) : (
          <span class="stack-tight">
            <span class="strong">{keyName(k)}</span>
            <span class="muted small">{k.created_by_user_id ? 'Sin nombre' : 'Creada en la línea de comandos'}</span>
          </span>
        ),
    },
    { key: 'key', label: 'Llave', render: (k) => <code>{keyText(k)}</code> },
    { key: 'env', label: 'Ambiente', render: (k) => ENVIRONMENT_LABELS[k.environment] ?? k.environment },
    {
      key: 'scopes',
      label: 'Permisos',
      render: (k) => (
        <span class="chips">
          {k.scopes.map((s) => (
            <span key={s} class="chip">
              {s}
            </span>
          ))}
        </span>
      ),
    },
    {
      key: 'limits',
      label: 'Límites',
      render: (k) => {
        const lines = keyLimitsText(k, (id) => emitterNames.data?.find((e) => e.id === id)?.name ?? id);
        return lines.length ? (
          <span class="stack-tight small">
            {lines.map((l) => (
              <span key={l}>{l}</span>
            ))}
          </span>
        ) : (
          <span class="muted">Ninguno</span>
        );
      },
    },
    { key: 'used', label: 'Último uso', render: (k) => (k.last_used_at ? formatDateTime(k.last_used_at) : <span class="muted">Nunca</span>) },
    { key: 'created', label: 'Creada', render: (k) => formatDateTime(k.created_at) },
    {
      key: 'state',
      label: 'Estado',
      render: (k) => (k.revoked_at ? <Badge title={`Revocada el ${formatDateTime(k.revoked_at)}`}>Revocada</Badge> : <Badge tone="success">Activa</Badge>),
    },
    // Revoking is for those who may write; a read-only user gets no empty column.
    ...(can(session, 'write')
      ? [
          {
            key: 'actions',
            label: 'Acciones',
            noLabel: true,
            render: (k: ApiKey) =>
              k.revoked_at ? null : (
                <Button size="sm" variant="ghost" onClick={() => setRevoking(k)} aria-label={`Revocar ${keyName(k)}`}>
                  Revocar
                </Button>
              ),
          },
        ]
      : []),
  ];
  return (
    <div class="screen">
      <PageHeader
        title="Llaves de API"
        subtitle="Con una llave, su ERP o su sistema emite y consulta documentos por REST o GraphQL."
        actions={
          can(session, 'write') ? (
            <Button variant="primary" icon="plus" onClick={() => setCreating(true)}>
              Crear llave
            </Button>
          ) : null
        }
      />
      <div class="card card-flush">
        <PagedList
          {...fromList(keys)}

          pages={pages}
          empty={
            <EmptyState icon="key" title="Sin llaves en este ambiente" action={can(session, 'write') ? <Button variant="primary" onClick={() => setCreating(true)}>Crear llave</Button> : null}>
              Cree una llave para conectar su sistema. Se muestra completa una sola vez.
            </EmptyState>
          }
        >
          {(list) => <DataTable caption="Llaves de API" columns={columns} rows={list} rowKey={(k) => k.id} />}
        </PagedList>
      </div>
      <EmbedOriginsCard session={session} />
      <CreateDialog session={session} open={creating} onClose={() => setCreating(false)} onCreated={keys.reload} />
      <Dialog
        open={Boolean(revoking)}
        title="Revocar llave"
        onClose={() => setRevoking(null)}
        confirm={{ label: 'Revocar llave', variant: 'danger', pending: revoke.pending, onClick: () => void revoke.run() }}
      >
        <p>
          La llave <strong>{revoking ? keyName(revoking) : ''}</strong> (<code>{revoking ? keyText(revoking) : ''}</code>) dejará de funcionar de inmediato. Los sistemas que la usan recibirán 401.
        </p>
        <ErrorAlert error={revoke.error} />
      </Dialog>
    </div>
  );
}
