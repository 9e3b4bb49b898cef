import { useState } from 'preact/hooks';
import type { ScreenProps } from '../app';
import { api } from '../lib/http';
import { useAction } from '../lib/hooks';
import { PASSWORD_HINT, passwordTooShort } from '../lib/password-rules';
import { href } from '../lib/router';
import { Brand } from '../ui/brand';
import { Button } from '../ui/button';
import { FormScope, TextField, useFormScope } from '../ui/form';
import { Alert, ErrorAlert } from '../ui/states';

/**
 * Choosing a password from an e-mailed single-use link (password reset, or an invitation to the
 * account). The token travels after `#`: it never reaches a server log, a proxy or a Referer.
 */
/** Without a token: asks for a link by e-mail (the answer is the same whether the e-mail has a user or not). */
function RequestLink() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const request = useAction(async () => {
    await api('POST', '/v1/auth/password-reset', { body: { email: email.trim() }, anonymous: true });
    setSent(true);
  });
  const scope = useFormScope(request.error);
  if (sent) {
    return (
      <Alert tone="success" title="Revise su correo">
        Si {email.trim()} es el correo de un usuario, le llegará un enlace para elegir una contraseña nueva. Vale 30 minutos y se usa una sola vez.
      </Alert>
    );
  }
  return (
    <FormScope scope={scope}>
    <form
      class="form-stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        scope.submit();
        void request.run();
      }}
    >
      <p class="muted">Escriba el correo con el que entra al panel y le enviaremos un enlace para elegir una contraseña nueva.</p>
      <TextField label="Correo electrónico" type="email" autoComplete="email" required value={email} onValue={setEmail} name="email" />
      <ErrorAlert error={request.error} />
      <Button type="submit" variant="primary" class="btn-block" pending={request.pending} disabled={!email.trim()}>
        Enviar enlace
      </Button>
      <p class="auth-footer muted">
        <a href={href('/')}>Volver a iniciar sesión</a>
      </p>
    </form>
    </FormScope>
  );
}

export default function PasswordResetScreen(_props: ScreenProps) {
  const invitation = window.location.pathname.includes('/invitacion');
  const [token] = useState(() => decodeURIComponent(window.location.hash.slice(1)));
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [done, setDone] = useState(false);
  const submit = useAction(async () => {
    await api('POST', invitation ? '/v1/auth/invitations/accept' : '/v1/auth/password-reset/confirm', { body: { token, password }, anonymous: true });
    // The token is spent: take it out of the address bar and the history.
    window.history.replaceState(null, '', window.location.pathname);
    setDone(true);
  });
  const mismatch = repeat.length > 0 && repeat !== password;
  const short = passwordTooShort(password);
  // The service's rule, checked here too (password-rules.ts): shown under the field once it is left.
  const checks = [
    ...(short ? [{ path: 'password', code: 'password_too_short', message: short }] : []),
    ...(mismatch ? [{ path: 'repeat', code: 'mismatch', message: 'Las contraseñas no coinciden.' }] : []),
  ];
  const scope = useFormScope(submit.error, { checks });
  return (
    <div class="auth-page">
      <div class="auth-card">
        <Brand dark />
        <h1>{invitation ? 'Aceptar invitación' : 'Restablecer contraseña'}</h1>
        {done ? (
          <>
            <Alert tone="success" title="Contraseña guardada">
              Ya puede iniciar sesión con su correo y la contraseña nueva.
            </Alert>
            <a class="btn btn-primary btn-block" href={href('/')}>
              Iniciar sesión
            </a>
          </>
        ) : !token && invitation ? (
          <Alert tone="danger" title="Enlace incompleto">
            Abra el enlace tal como llegó en el correo. Si ya lo usó o pasaron más de 7 días, pida al propietario de la cuenta que le invite de nuevo.
          </Alert>
        ) : !token ? (
          <RequestLink />
        ) : (
          <FormScope scope={scope}>
          <form
            class="form-stack"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              scope.submit();
              if (!mismatch && !short) void submit.run();
            }}
          >
            <p class="muted">{invitation ? 'Elija la contraseña con la que entrará al panel.' : 'Elija una contraseña nueva para su usuario.'}</p>
            <TextField
              label="Contraseña nueva"
              type="password"
              autoComplete="new-password"
              required
              value={password}
              onValue={setPassword}
              hint={PASSWORD_HINT}
              name="password"
            />
            <TextField label="Repita la contraseña" type="password" autoComplete="new-password" required value={repeat} onValue={setRepeat} name="repeat" />
            <ErrorAlert error={submit.error} />
            <Button type="submit" variant="primary" class="btn-block" pending={submit.pending} disabled={!password}>
              Guardar contraseña
            </Button>
          </form>
          </FormScope>
        )}
      </div>
    </div>
  );
}
