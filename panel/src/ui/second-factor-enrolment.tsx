import { useState } from 'preact/hooks';
import { beginEnrolment, confirmEnrolment } from '../api/security.api';
import { useAction } from '../lib/hooks';
import { reloadSession } from '../lib/session';
import { Button } from './button';
import { TextField, fieldError } from './form';
import { SecretReveal } from './secret-reveal';
import { Alert, ErrorAlert } from './states';

/** Enrol TOTP: a QR, then one code confirms it and the recovery codes are shown once. */
export function EnrolmentCard({ onEnabled }: { onEnabled: () => void }) {
  const [enrolment, setEnrolment] = useState<{ secret: string; qr_code: string } | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const begin = useAction(async () => setEnrolment(await beginEnrolment()));
  const confirm = useAction(async () => {
    const r = await confirmEnrolment(code.trim());
    setCodes(r.recovery_codes);
  });
  if (codes) {
    return (
      <div class="form-stack">
        <Alert tone="success" title="Verificación en dos pasos activada">
          Guarde estos diez códigos de recuperación en un lugar seguro: cada uno sirve una sola vez para entrar si pierde su teléfono. No se volverán a mostrar.
        </Alert>
        <SecretReveal value={codes.join('\n')} label="los códigos de recuperación" note="Cópielos ahora; el servicio solo guarda su huella." />
        <ul class="recovery-codes" aria-label="Códigos de recuperación">
          {codes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
        <div>
          <Button variant="primary" onClick={onEnabled}>
            Ya los guardé
          </Button>
        </div>
      </div>
    );
  }
  if (!enrolment) {
    return (
      <div class="form-stack">
        <p>Con una aplicación de autenticación (Google Authenticator, Microsoft Authenticator, 1Password…), cada inicio de sesión le pedirá además un código de seis dígitos.</p>
        <div>
          <Button variant="primary" icon="shield" pending={begin.pending} onClick={() => void begin.run()}>
            Activar la verificación en dos pasos
          </Button>
        </div>
        <ErrorAlert error={begin.error} />
      </div>
    );
  }
  return (
    <form
      class="form-stack"
      onSubmit={(e) => {
        e.preventDefault();
        void confirm.run();
      }}
    >
      <p>1. Lea este código QR con su aplicación de autenticación.</p>
      <img class="totp-qr" src={enrolment.qr_code} width={200} height={200} alt="Código QR para la aplicación de autenticación" />
      <p class="muted small">
        ¿No puede leerlo? Escriba esta clave en la aplicación: <code class="totp-secret">{enrolment.secret}</code>
      </p>
      <p>2. Escriba el código de seis dígitos que muestra la aplicación.</p>
      <TextField label="Código de la aplicación" inputMode="numeric" autoComplete="one-time-code" required value={code} onValue={setCode} error={fieldError(confirm.error, 'code')} />
      <div>
        <Button type="submit" variant="primary" pending={confirm.pending} disabled={code.trim().length < 6}>
          Confirmar y activar
        </Button>
      </div>
    </form>
  );
}


/** A session that must enrol before anything else (the account requires a second factor). */
export function EnrolmentRequiredPanel() {
  return (
    <div class="form-stack">
      <Alert tone="warning" title="Su cuenta exige la verificación en dos pasos">
        Actívela para entrar al panel.
      </Alert>
      <EnrolmentCard onEnabled={() => void reloadSession()} />
    </div>
  );
}
