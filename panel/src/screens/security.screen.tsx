import { useState } from 'preact/hooks';
import type { ScreenProps } from '../app';
import { changePassword, disableSecondFactor, endOtherSessions, endOwnSession, getSecondFactor, listOwnSessions, setSecondFactorPolicy, type OwnSession } from '../api/security.api';
import { formatDateTime } from '../lib/format';
import { useAction, useLoad } from '../lib/hooks';
import { PASSWORD_HINT, passwordTooShort } from '../lib/password-rules';
import { can, logout, type Session } from '../lib/session';
import { EnrolmentCard } from '../ui/second-factor-enrolment';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Checkbox, TextField, fieldError } from '../ui/form';
import { Card, PageHeader } from '../ui/page';
import { DataTable, type Column } from '../ui/table';
import { ErrorAlert, Loading } from '../ui/states';
import { toast } from '../ui/toast';

/** Change one's own password with the current one (the other sessions end; the user is e-mailed). */
function PasswordCard() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const save = useAction(async () => {
    await changePassword({ current_password: current, new_password: next });
    setCurrent('');
    setNext('');
    setRepeat('');
    toast('Contraseña cambiada. Sus demás sesiones se cerraron y le enviamos un aviso por correo.');
  });
  const short = passwordTooShort(next);
  const mismatch = repeat && repeat !== next ? 'Las contraseñas no coinciden.' : undefined;
  return (
    <Card title="Contraseña">
      <form
        class="form-stack"
        onSubmit={(e) => {
          e.preventDefault();
          void save.run();
        }}
      >
        <TextField label="Contraseña actual" type="password" autoComplete="current-password" required value={current} onValue={setCurrent} error={fieldError(save.error, 'current_password')} />
        <TextField label="Contraseña nueva" type="password" autoComplete="new-password" required value={next} onValue={setNext} hint={PASSWORD_HINT} error={short ?? fieldError(save.error, 'new_password')} />
        <TextField label="Repita la contraseña nueva" type="password" autoComplete="new-password" required value={repeat} onValue={setRepeat} error={mismatch} />
        <div>
          <Button type="submit" variant="primary" pending={save.pending} disabled={!current || !next || Boolean(short) || repeat !== next}>
            Cambiar contraseña
          </Button>
        </div>
      </form>
    </Card>
  );
}

function DisableForm({ onDone }: { onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const off = useAction(async () => {
    await disableSecondFactor({ password, code: code.trim() });
    toast('Verificación en dos pasos desactivada. Le enviamos un aviso por correo.');
    onDone();
  });
  return (
    <form
      class="form-stack"
      onSubmit={(e) => {
        e.preventDefault();
        void off.run();
      }}
    >
      <TextField label="Contraseña" type="password" autoComplete="current-password" required value={password} onValue={setPassword} error={fieldError(off.error, 'password')} />
      <TextField label="Código de la aplicación o de recuperación" autoComplete="one-time-code" required value={code} onValue={setCode} error={fieldError(off.error, 'code')} />
      <div>
        <Button type="submit" variant="danger" pending={off.pending} disabled={!password || !code.trim()}>
          Desactivar
        </Button>
      </div>
    </form>
  );
}

function SecondFactorCard({ session }: { session: Session }) {
  const status = useLoad(() => getSecondFactor(), []);
  const [disabling, setDisabling] = useState(false);
  const policy = useAction(async (_key: string, required: boolean) => {
    await setSecondFactorPolicy(required);
    toast(required ? 'Todos los usuarios deberán usar la verificación en dos pasos.' : 'La verificación en dos pasos ya no es obligatoria.');
    status.reload();
  });
  const s = status.data;
  return (
    <Card title="Verificación en dos pasos" actions={s ? s.enabled ? <Badge tone="success">Activada</Badge> : <Badge>Desactivada</Badge> : null}>
      {!s ? (
        <Loading />
      ) : s.enabled ? (
        <div class="form-stack">
          <p>
            Activada el {s.enabled_at ? formatDateTime(s.enabled_at) : '—'}. Le quedan {s.recovery_codes_left} códigos de recuperación.
          </p>
          {disabling ? (
            <DisableForm
              onDone={() => {
                setDisabling(false);
                status.reload();
              }}
            />
          ) : (
            <div>
              <Button variant="ghost" onClick={() => setDisabling(true)}>
                Desactivar la verificación en dos pasos
              </Button>
            </div>
          )}
        </div>
      ) : (
        <EnrolmentCard onEnabled={() => status.reload()} />
      )}
      {s && can(session, 'manage') ? (
        <div class="form-stack policy-row">
          <Checkbox
            label="Exigir la verificación en dos pasos a todos los usuarios de la cuenta"
            hint="Quien no la tenga la activará al iniciar sesión."
            checked={s.account_required}
            onChange={(on) => void policy.run(on)}
          />
          <ErrorAlert error={policy.error} />
        </div>
      ) : null}
    </Card>
  );
}

function SessionsCard() {
  const sessions = useLoad(() => listOwnSessions(), []);
  const end = useAction(async (_key: string, s: OwnSession) => {
    await endOwnSession(s.id);
    if (s.current) {
      await logout();
      return;
    }
    toast(`Sesión cerrada: ${s.device}.`);
    sessions.reload();
  });
  const others = useAction(async () => {
    const r = await endOtherSessions();
    toast(r.ended ? `Se ${r.ended === 1 ? 'cerró 1 sesión' : `cerraron ${r.ended} sesiones`}.` : 'No había otras sesiones abiertas.');
    sessions.reload();
  });
  const columns: Column<OwnSession>[] = [
    { key: 'device', label: 'Dispositivo', primary: true, render: (s) => <span class="stack-tight"><span class="strong">{s.device}</span>{s.current ? <Badge tone="success">Esta sesión</Badge> : null}</span> },
    { key: 'ip', label: 'Dirección', render: (s) => <code>{s.ip ?? '—'}</code> },
    { key: 'started', label: 'Inició', render: (s) => formatDateTime(s.created_at) },
    { key: 'seen', label: 'Último uso', render: (s) => formatDateTime(s.last_seen_at) },
    {
      key: 'actions',
      label: 'Acciones',
      noLabel: true,
      render: (s) => (
        <Button size="sm" variant="ghost" pending={end.pending} onClick={() => void end.run(s)} aria-label={`Cerrar esta sesión: ${s.device}${s.current ? ' (esta)' : ''}`}>
          Cerrar esta sesión
        </Button>
      ),
    },
  ];
  const list = sessions.data?.data ?? [];
  return (
    <Card
      title="Sesiones activas"
      actions={
        <Button size="sm" pending={others.pending} disabled={list.filter((s) => !s.current).length === 0} onClick={() => void others.run()}>
          Cerrar las demás
        </Button>
      }
    >
      {sessions.data ? <DataTable caption="Sesiones activas" columns={columns} rows={list} rowKey={(s) => s.id} /> : <Loading />}
      <ErrorAlert error={end.error ?? others.error} />
    </Card>
  );
}

export default function SecurityScreen({ session }: ScreenProps) {
  return (
    <div class="screen">
      <PageHeader title="Seguridad" subtitle={`Su usuario ${session.user.email}: contraseña, verificación en dos pasos y sesiones abiertas.`} />
      <PasswordCard />
      <SecondFactorCard session={session} />
      <SessionsCard />
    </div>
  );
}

