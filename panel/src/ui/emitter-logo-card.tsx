import { useState } from 'preact/hooks';
import { deleteEmitterLogo, uploadEmitterLogo, type Emitter } from '../api/emitters.api';
import { readBase64 } from '../lib/files';
import { useAction } from '../lib/hooks';
import { Button } from './button';
import { FileField, FormScope, useFormScope } from './form';
import { Card } from './page';
import { ErrorAlert } from './states';
import { toast } from './toast';

/** Whether the issuer's logo_url is the one the service serves (uploaded here), not a URL set by hand. */
const uploaded = (e: Emitter) => Boolean(e.logoUrl && e.logoUrl.endsWith(`/v1/emitters/${e.id}/logo`));

/** «Logo»: the issuer's logo for its PDFs, uploaded from here (PNG or JPEG up to 512 KB; ADR 0046). */
export function EmitterLogoCard({ emitter, writer, onSaved }: { emitter: Emitter; writer: boolean; onSaved: (e: Emitter) => void }) {
  const [file, setFile] = useState<File | null>(null);
  // Bumped after a save: the file picker starts empty again instead of naming the file just saved.
  const [picker, setPicker] = useState(0);
  const save = useAction(async (key: string) => {
    const saved = await uploadEmitterLogo(emitter.id, await readBase64(file!), key);
    setFile(null);
    setPicker((n) => n + 1);
    scope.reset();
    onSaved(saved);
    toast('Logo guardado: los PDF del emisor lo llevan desde ahora.');
  });
  const remove = useAction(async (key: string) => {
    onSaved(await deleteEmitterLogo(emitter.id, key));
    toast('Logo quitado: los PDF se generan sin logo.');
  });
  const scope = useFormScope(save.error, { aliases: { contentBase64: 'logo' }, checks: file ? [] : [{ path: 'logo', code: 'required', message: 'Elija la imagen del logo: un archivo PNG o JPEG.' }] });
  const mine = uploaded(emitter);
  return (
    <Card title="Logo">
      <div class="stack">
        {mine ? (
          <img class="logo-preview" src={`/v1/emitters/${encodeURIComponent(emitter.id)}/logo?v=${encodeURIComponent(emitter.updatedAt)}`} alt={`Logo de ${emitter.name}`} />
        ) : emitter.logoUrl ? (
          <p class="muted">El logo se toma de <code class="break">{emitter.logoUrl}</code>. Si sube uno aquí, lo reemplaza.</p>
        ) : (
          <p class="muted">Sin logo: los PDF de este emisor salen sin él.</p>
        )}
        {writer ? (
          <FormScope scope={scope}>
            <FileField key={picker} label={mine ? 'Reemplazar el logo' : 'Subir el logo'} name="logo" accept="image/png,image/jpeg" onFile={setFile} hint="PNG o JPEG, hasta 512 KB. Aparece en la esquina de cada PDF." />
            <ErrorAlert error={save.error} />
            <div class="row">
              <Button variant="primary" icon="upload" size="sm" pending={save.pending} onClick={() => (scope.submit(), file ? void save.run() : undefined)}>
                Guardar logo
              </Button>
              {mine ? (
                <Button size="sm" variant="ghost" pending={remove.pending} onClick={() => void remove.run()}>
                  Quitar logo
                </Button>
              ) : null}
            </div>
            <ErrorAlert error={remove.error} />
          </FormScope>
        ) : null}
      </div>
    </Card>
  );
}
