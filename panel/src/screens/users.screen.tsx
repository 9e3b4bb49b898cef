import { useState } from 'preact/hooks';
import type { ScreenProps } from '../app';
import { inviteUser, listUsers, removeUser, resendInvitation, revokeInvitation, updateUser, type User } from '../api/account.api';
import { ROLE_LABELS, formatDateTime } from '../lib/format';
import { useAction, useLoad } from '../lib/hooks';
import { can } from '../lib/session';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { SelectField, TextField, useFormScope } from '../ui/form';
import { PageHeader } from '../ui/page';
import { PagedList, fromList, useCursors } from '../ui/paged-list';
import { DataTable, type Column } from '../ui/table';
import { Alert, EmptyState, ErrorAlert } from '../ui/states';
import { toast } from '../ui/toast';

const ROLE_OPTIONS = [
  { value: 'owner', label: 'Propietario: todo, también usuarios y cierre de períodos' },
  { value: 'member', label: 'Miembro: emite y administra emisores, webhooks y libros' },
  { value: 'viewer', label: 'Solo lectura: consulta documentos, libros y consumo' },
];

export default function UsersScreen({ session }: ScreenProps) {
  const pages = useCursors();
  const users = useLoad(() => listUsers(pages.after), [pages.after]);
  const [inviting, setInviting] = useState(false);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('member');
  const [editing, setEditing] = useState<User | null>(null);
  const [newRole, setNewRole] = useState('member');
  const [removing, setRemoving] = useState<User | null>(null);
  const [revoking, setRevoking] = useState<User | null>(null);
  const owner = can(session, 'manage');
  const invite = useAction(async (key: string) => {
    await inviteUser({ email: email.trim(), role }, key);
    toast(`Invitación enviada a ${email.trim()}. El enlace vale 7 días y se usa una sola vez.`);
    setInviting(false);
    setEmail('');
    users.reload();
  });
  const inviteForm = useFormScope(invite.error, { checks: email.trim() ? [] : [{ path: 'email', code: 'required', message: 'Escriba el correo de la persona que invita.' }] });
  const change = useAction(async (key: string) => {
    await updateUser(editing!.id, { role: newRole }, key);
    toast(`Rol de ${editing!.email} cambiado a ${ROLE_LABELS[newRole]}.`);
    setEditing(null);
    users.reload();
  });
  const remove = useAction(async (key: string) => {
    await removeUser(removing!.id, key);
    toast(`${removing!.email} ya no tiene acceso a la cuenta.`);
    setRemoving(null);
    users.reload();
  });
  const resend = useAction(async (key: string, u: User) => {
    const r = await resendInvitation(u.id, key);
    toast(`Invitación reenviada a ${u.email}: el enlace nuevo vale hasta el ${formatDateTime(r.invitation?.expires_at)} y el anterior ya no sirve.`);
    users.reload();
  });
  const revoke = useAction(async (key: string) => {
    await revokeInvitation(revoking!.id, key);
    toast(`Invitación a ${revoking!.email} revocada: su enlace ya no sirve.`);
    setRevoking(null);
    users.reload();
  });
  const actionsColumn: Column<User> = {
    key: 'actions',
    label: 'Acciones',
    noLabel: true,
    render: (u) =>
      u.status === 'invited' ? (
        <span class="row">
          <Button size="sm" variant="ghost" icon="mail" pending={resend.pending} onClick={() => void resend.run(u)} aria-label={`Reenviar la invitación a ${u.email}`}>
            Reenviar
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setRevoking(u)} aria-label={`Revocar la invitación a ${u.email}`}>
            Revocar
          </Button>
        </span>
      ) : u.id !== session.user.id ? (
        <span class="row">
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setNewRole(u.role);
              setEditing(u);
            }}
            aria-label={`Cambiar el rol de ${u.email}`}
          >
            Cambiar rol
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setRemoving(u)} aria-label={`Quitar a ${u.email}`}>
            Quitar
          </Button>
        </span>
      ) : null,
  };
  const columns: Column<User>[] = [
    { key: 'email', label: 'Correo', primary: true, render: (u) => <span class="strong">{u.email}{u.id === session.user.id ? ' (usted)' : ''}</span> },
    { key: 'role', label: 'Rol', render: (u) => <Badge tone={u.role === 'owner' ? 'info' : 'neutral'}>{ROLE_LABELS[u.role] ?? u.role}</Badge> },
    {
      key: 'status',
      label: 'Estado',
      render: (u) =>
        u.status === 'invited' ? (
          <span class="stack-tight">
            <Badge tone="warning">Invitado</Badge>
            {u.invitation ? (
              <small class="muted">{`El enlace vale hasta el ${formatDateTime(u.invitation.expires_at)}${owner ? '; «Reenviar» manda uno nuevo.' : '.'}`}</small>
            ) : null}
          </span>
        ) : (
          <Badge tone="success">Activo</Badge>
        ),
    },
    { key: 'login', label: 'Último ingreso', render: (u) => (u.last_login_at ? formatDateTime(u.last_login_at) : <span class="muted">—</span>) },
    // Only the owner changes roles and removes users: nobody else gets an empty column.
    ...(owner ? [actionsColumn] : []),
  ];
  return (
    <div class="screen">
      <PageHeader
        title="Usuarios"
        subtitle="Las personas que entran a este panel y lo que cada una puede hacer."
        actions={
          owner ? (
            <Button variant="primary" icon="mail" onClick={() => setInviting(true)}>
              Invitar usuario
            </Button>
          ) : null
        }
      />
      {!owner ? <Alert tone="info">Solo el propietario de la cuenta invita usuarios y cambia roles.</Alert> : null}
      <div class="card card-flush">
        <PagedList {...fromList(users)} pages={pages} empty={<EmptyState icon="users" title="Sin usuarios" />}>
          {(list) => <DataTable caption="Usuarios" columns={columns} rows={list} rowKey={(u) => u.id} />}
        </PagedList>
      </div>
      <Dialog
        open={inviting}
        title="Invitar usuario"
        onClose={() => setInviting(false)}
        form={inviteForm}
        confirm={{ label: 'Enviar invitación', icon: 'send', pending: invite.pending, onClick: () => void (email.trim() && invite.run()) }}
      >
        <p class="muted">Le llegará un correo con un enlace para elegir su contraseña (vale 7 días, un solo uso).</p>
        <TextField label="Correo electrónico" type="email" value={email} onValue={setEmail} name="email" />
        <SelectField label="Rol" value={role} onValue={setRole} options={ROLE_OPTIONS} name="role" />
        <ErrorAlert error={invite.error} />
      </Dialog>
      <Dialog
        open={Boolean(editing)}
        title={`Cambiar rol de ${editing?.email ?? ''}`}
        onClose={() => setEditing(null)}
        confirm={{ label: 'Guardar', pending: change.pending, onClick: () => void change.run() }}
      >
        <SelectField label="Rol" value={newRole} onValue={setNewRole} options={ROLE_OPTIONS} />
        <p class="muted">Sus sesiones abiertas se cierran para que el cambio valga de inmediato.</p>
        <ErrorAlert error={change.error} />
      </Dialog>
      <Dialog
        open={Boolean(removing)}
        title="Quitar usuario"
        onClose={() => setRemoving(null)}
        confirm={{ label: 'Quitar acceso', variant: 'danger', pending: remove.pending, onClick: () => void remove.run() }}
      >
        <p>
          <strong>{removing?.email}</strong> no podrá volver a entrar y sus sesiones se cierran de inmediato. Queda registrado en la auditoría.
        </p>
        <ErrorAlert error={remove.error} />
      </Dialog>
      <Dialog
        open={Boolean(revoking)}
        title="Revocar invitación"
        onClose={() => setRevoking(null)}
        confirm={{ label: 'Revocar invitación', variant: 'danger', pending: revoke.pending, onClick: () => void revoke.run() }}
      >
        <p>
          El enlace que recibió <strong>{revoking?.email}</strong> deja de servir de inmediato y la invitación desaparece de la lista. Queda registrado en la auditoría.
        </p>
        <ErrorAlert error={revoke.error} />
      </Dialog>
      <ErrorAlert error={resend.error} title="No se pudo reenviar la invitación" />
    </div>
  );
}
