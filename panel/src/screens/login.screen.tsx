import { useState } from 'preact/hooks';
import { countOf } from '../lib/format';
import { ApiError } from '../lib/http';
import { useAction } from '../lib/hooks';
import { href } from '../lib/router';
import { login } from '../lib/session';
import { Brand } from '../ui/brand';
import { Button } from '../ui/button';
import { TextField } from '../ui/form';
import { Alert } from '../ui/states';

function loginMessage(error: ApiError): string {
  if (error.status === 429) {
    const minutes = error.retryAfterS ? Math.max(1, Math.ceil(error.retryAfterS / 60)) : null;
    return `Demasiados intentos fallidos. Espere${minutes ? ` ${countOf(minutes, 'minuto', 'minutos')}` : ' unos minutos'} antes de volver a intentarlo.`;
  }
  if (error.status === 401) return 'El correo electrónico o la contraseña no son correctos.';
  return error.message;
}

export function LoginScreen({ notice }: { notice: string | null }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = useAction(async () => {
    await login(email.trim(), password);
  });
  return (
    <div class="auth-page">
      <div class="auth-card">
        <Brand dark />
        <h1>Iniciar sesión</h1>
        <p class="muted">Ingrese con el correo y la contraseña de su usuario del panel.</p>
        {notice && !submit.error ? <Alert tone="info">{notice}</Alert> : null}
        {submit.error ? <Alert tone="danger">{loginMessage(submit.error)}</Alert> : null}
        <form
          class="form-stack"
          onSubmit={(e) => {
            e.preventDefault();
            void submit.run();
          }}
        >
          <TextField label="Correo electrónico" type="email" autoComplete="username" required value={email} onValue={setEmail} />
          <TextField label="Contraseña" type="password" autoComplete="current-password" required value={password} onValue={setPassword} />
          <Button type="submit" variant="primary" pending={submit.pending} class="btn-block">
            Iniciar sesión
          </Button>
        </form>
        <p class="auth-footer muted">
          ¿Olvidó su contraseña? <a href={href('/restablecer-contrasena')}>Reciba un enlace por correo para restablecerla</a>.
        </p>
      </div>
    </div>
  );
}
