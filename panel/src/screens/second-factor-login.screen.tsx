import { useState } from 'preact/hooks';
import { useAction } from '../lib/hooks';
import { logout, verifySecondFactor, type Session } from '../lib/session';
import { Brand } from '../ui/brand';
import { Button } from '../ui/button';
import { TextField, fieldError } from '../ui/form';
import { Alert, ErrorAlert } from '../ui/states';
import { EnrolmentRequiredPanel } from '../ui/second-factor-enrolment';

/** After the right password: the app's code (or a recovery code), or — when the account requires it — enrolling first. */
export function SecondFactorLoginScreen({ session }: { session: Session }) {
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const verify = useAction(async () => {
    await verifySecondFactor(recovery ? { recovery_code: code.trim() } : { code: code.trim() });
  });
  const throttled = verify.error?.status === 429;
  return (
    <div class="auth-page">
      <div class="auth-card">
        <Brand dark />
        {session.secondFactor === 'enrolment_required' ? (
          <>
            <h1>Verificación en dos pasos</h1>
            <EnrolmentRequiredPanel />
          </>
        ) : (
          <>
            <h1>Verificación en dos pasos</h1>
            <p class="muted">{recovery ? 'Escriba uno de sus códigos de recuperación (cada uno sirve una vez).' : 'Escriba el código de seis dígitos que muestra su aplicación de autenticación.'}</p>
            {throttled ? <Alert tone="danger">Demasiados intentos fallidos. Espere unos minutos antes de volver a intentarlo.</Alert> : <ErrorAlert error={verify.error && !fieldError(verify.error, 'code', 'recovery_code') ? verify.error : null} />}
            <form
              class="form-stack"
              onSubmit={(e) => {
                e.preventDefault();
                void verify.run();
              }}
            >
              <TextField
                label={recovery ? 'Código de recuperación' : 'Código de verificación'}
                inputMode={recovery ? 'text' : 'numeric'}
                autoComplete="one-time-code"
                required
                value={code}
                onValue={setCode}
                error={fieldError(verify.error, 'code', 'recovery_code')}
              />
              <Button type="submit" variant="primary" pending={verify.pending} class="btn-block">
                Verificar
              </Button>
            </form>
          </>
        )}
        <p class="auth-footer muted">
          {session.secondFactor === 'required' ? (
            <a
              href="#"
              onClick={(e) => {
                e.preventDefault();
                setRecovery(!recovery);
                setCode('');
                verify.clear();
              }}
            >
              {recovery ? 'Usar el código de la aplicación' : 'Usar un código de recuperación'}
            </a>
          ) : null}{' '}
          <a
            href="#"
            onClick={(e) => {
              e.preventDefault();
              void logout();
            }}
          >
            Cancelar
          </a>
        </p>
      </div>
    </div>
  );
}
