import { useEffect, useState } from 'preact/hooks';
import type { ScreenProps } from '../app';
import { getEmitter, testCredentials, uploadCredentials, type CredentialStatus, type Emitter } from '../api/emitters.api';
import { ENVIRONMENT_LABELS, formatDate, formatDateTime } from '../lib/format';
import { useAction, useLoad } from '../lib/hooks';
import { can, type Session } from '../lib/session';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { ExpiryAlert } from '../ui/credential-status';
import { Dialog } from '../ui/dialog';
import { EmitterPicker } from '../ui/emitter-picker';
import { readBase64 } from '../lib/files';
import { FileField, TextField, useFormScope } from '../ui/form';
import { MhCredentialsGuide } from '../ui/mh-credentials-guide';
import { Card, DetailList, PageHeader } from '../ui/page';
import { Alert, ErrorAlert, ErrorState, Loading } from '../ui/states';
import { toast } from '../ui/toast';


/**
 * Upload of an environment's credentials. The first upload needs every part; later ones carry only
 * what changes (the MH password alone, or the certificate with its key password).
 */
function UploadDialog({ emitter, environment, existing, open, onClose, onSaved }: { emitter: Emitter; environment: string; existing: CredentialStatus | undefined; open: boolean; onClose: () => void; onSaved: () => void }) {
  const loaded = Boolean(existing?.certificateLoaded);
  const [file, setFile] = useState<File | null>(null);
  const [keyPassword, setKeyPassword] = useState('');
  const [mhUser, setMhUser] = useState(existing?.mhUser ?? emitter.nit);
  const [mhPassword, setMhPassword] = useState('');
  useEffect(() => {
    if (!open) return;
    setFile(null);
    setKeyPassword('');
    setMhPassword('');
    setMhUser(existing?.mhUser ?? emitter.nit);
  }, [open]);
  // What is missing, said at its field (ADR 0042): the first upload needs every part; a new
  // certificate needs its key's password; a later upload needs something to change.
  const need = (path: string, message: string) => ({ path, code: 'required', message });
  const checks = loaded
    ? file
      ? keyPassword ? [] : [need('privateKeyPassword', 'Escriba la contraseña de la clave privada del certificado nuevo.')]
      : mhPassword || mhUser.trim() !== (existing?.mhUser ?? '') ? [] : [need('mhPassword', 'Nada cambió: elija un certificado nuevo o escriba la contraseña de la API.')]
    : [
        ...(file ? [] : [need('certificate', 'Elija el archivo del certificado (.crt del MH o .p12).')]),
        ...(keyPassword ? [] : [need('privateKeyPassword', 'Escriba la contraseña de la clave privada.')]),
        ...(mhUser.trim() ? [] : [need('mhUser', 'Escriba el usuario de la API (el NIT del emisor).')]),
        ...(mhPassword ? [] : [need('mhPassword', 'Escriba la contraseña de la API del MH.')]),
      ];
  const save = useAction(async (key: string) => {
    const input = {
      environment,
      ...(file ? { certificateBase64: await readBase64(file), privateKeyPassword: keyPassword } : {}),
      ...(mhUser.trim() && mhUser.trim() !== existing?.mhUser ? { mhUser: mhUser.trim() } : {}),
      ...(mhPassword ? { mhPassword } : {}),
    };
    const status = await uploadCredentials(emitter.id, input, key);
    setKeyPassword('');
    setMhPassword('');
    toast(status.mhLoginOk ? 'Credenciales guardadas; el MH aceptó el inicio de sesión.' : 'Credenciales guardadas, pero el MH no aceptó el inicio de sesión: revise el usuario y la clave.', status.mhLoginOk ? 'success' : 'danger');
    onSaved();
    onClose();
  });
  const scope = useFormScope(save.error, { checks, aliases: { certificateBase64: 'certificate' } });
  return (
    <Dialog
      open={open}
      title={`Cargar credenciales · ${ENVIRONMENT_LABELS[environment]}`}
      onClose={onClose}
      form={scope}
      confirm={{ label: 'Guardar y probar', icon: 'upload', pending: save.pending, onClick: () => void (checks.length ? undefined : save.run()) }}
    >
      <p class="muted">
        Se guardan cifradas; ni el certificado ni las claves se vuelven a mostrar.
        {loaded ? ' Envíe solo lo que cambia: deje vacío lo que quiere conservar.' : ''}
      </p>
      <FileField
        label="Certificado"
        name="certificate"
        accept=".crt,.cer,.xml,.p12,.pfx"
        onFile={setFile}
        hint={loaded ? 'Opcional: solo si lo reemplaza (va con la contraseña de su clave privada).' : 'El archivo que entrega el MH (.crt con <CertificadoMH>) o un PKCS#12 (.p12/.pfx).'}
      />
      <TextField label="Contraseña de la clave privada" type="password" autoComplete="off" value={keyPassword} onValue={setKeyPassword} hint={loaded ? 'Solo junto con un certificado nuevo.' : undefined} name="privateKeyPassword" />
      <TextField label="Usuario de la API del MH" value={mhUser} onValue={setMhUser} hint="Normalmente el NIT del emisor." name="mhUser" />
      <TextField label="Contraseña de la API del MH" type="password" autoComplete="off" value={mhPassword} onValue={setMhPassword} hint={loaded ? 'Vacía: se conserva la guardada.' : undefined} name="mhPassword" />
      <ErrorAlert error={save.error} title="No se guardaron las credenciales" />
    </Dialog>
  );
}

function EnvironmentCard({ emitter, environment, session, onChanged }: { emitter: Emitter; environment: string; session: Session; onChanged: () => void }) {
  const credential = emitter.credentials.find((c) => c.environment === environment);
  const current = session.environment === environment;
  const [uploading, setUploading] = useState(false);
  const test = useAction(async (key: string) => {
    const r = await testCredentials(emitter.id, environment, key);
    toast(r.mhLoginOk ? 'El MH aceptó el inicio de sesión.' : `El MH no aceptó el inicio de sesión${r.message ? `: ${r.message}` : '.'}`, r.mhLoginOk ? 'success' : 'danger');
    onChanged();
  });
  const writer = can(session, 'write');
  return (
    <Card
      title={
        <span class="row">
          {ENVIRONMENT_LABELS[environment]}
          {!credential?.certificateLoaded ? <Badge>Sin cargar</Badge> : credential.mhLoginOk ? <Badge tone="success">Conectado al MH</Badge> : <Badge tone="danger">El MH no acepta el inicio de sesión</Badge>}
        </span>
      }
      actions={
        current && writer ? (
          <>
            {credential?.certificateLoaded ? (
              <Button size="sm" icon="refresh" pending={test.pending} onClick={() => void test.run()}>
                Probar conexión
              </Button>
            ) : null}
            <Button size="sm" variant="primary" icon="upload" onClick={() => setUploading(true)}>
              {credential?.certificateLoaded ? 'Reemplazar' : 'Cargar credenciales'}
            </Button>
          </>
        ) : null
      }
    >
      <div class="stack">
        {credential ? <ExpiryAlert credential={credential} /> : null}
        {credential?.certificateLoaded ? (
          <DetailList
            items={[
              ['NIT del certificado', <span class="mono">{credential.certificateNit ?? '—'}</span>],
              ['Válido hasta', formatDate(credential.certificateValidUntil)],
              ['Usuario del MH', <span class="mono">{credential.mhUser ?? '—'}</span>],
              ['Última prueba', formatDateTime(credential.checkedAt)],
            ]}
          />
        ) : (
          <p class="muted">Cargue el certificado y la clave de la API del MH de este ambiente para firmar y transmitir documentos.</p>
        )}
        {credential?.message && !credential.mhLoginOk ? <Alert tone="danger">{credential.message}</Alert> : null}
        {!current ? <p class="field-hint">Para administrarlas, cambie al ambiente {environment === '01' ? 'de producción' : 'de prueba'} con el interruptor de arriba.</p> : null}
        <ErrorAlert error={test.error} />
      </div>
      <UploadDialog emitter={emitter} environment={environment} existing={credential} open={uploading} onClose={() => setUploading(false)} onSaved={onChanged} />
    </Card>
  );
}

function EmitterCredentials({ emitterId, session }: { emitterId: string; session: Session }) {
  const emitter = useLoad(() => getEmitter(emitterId), [emitterId]);
  if (emitter.error) return <ErrorState error={emitter.error} onRetry={emitter.reload} />;
  if (!emitter.data) return <Loading />;
  const order = session.environment === '01' ? ['01', '00'] : ['00', '01'];
  return (
    <div class="grid-2">
      {order.map((env) => (
        <EnvironmentCard key={env} emitter={emitter.data!} environment={env} session={session} onChanged={emitter.reload} />
      ))}
    </div>
  );
}

export default function CredentialsScreen({ session, query }: ScreenProps) {
  return (
    <div class="screen">
      <PageHeader title="Credenciales del MH" subtitle="El certificado de firma y la clave de la API del MH de cada emisor, por ambiente." />
      <MhCredentialsGuide />
      <EmitterPicker query={query}>{(e) => <EmitterCredentials emitterId={e.id} session={session} />}</EmitterPicker>
    </div>
  );
}
