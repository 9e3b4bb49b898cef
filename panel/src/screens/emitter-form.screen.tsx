import { useState } from 'preact/hooks';
import type { ScreenProps } from '../app';
import { createEmitter } from '../api/emitters.api';
import { useAction } from '../lib/hooks';
import { navigate } from '../lib/router';
import { Button } from '../ui/button';
import { EMPTY_EMITTER, EmitterFields, emitterInput } from '../ui/emitter-fields';
import { Card, PageHeader } from '../ui/page';
import { ErrorAlert } from '../ui/states';
import { FormScope, useFormScope } from '../ui/form';
import { toast } from '../ui/toast';

export default function EmitterFormScreen(_props: ScreenProps) {
  const [draft, setDraft] = useState(EMPTY_EMITTER);
  const save = useAction(async (key: string) => {
    const e = await createEmitter(emitterInput(draft), key);
    toast('Emisor registrado. Agregue ahora su primer establecimiento.');
    navigate(`/emisores/${e.id}`);
  });
  const scope = useFormScope(save.error);
  return (
    <div class="screen">
      <PageHeader back={{ to: '/emisores', label: 'Emisores' }} title="Registrar emisor" subtitle="Los datos deben coincidir con el registro del contribuyente en el MH." />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          scope.submit();
          void save.run();
        }}
      >
        <Card>
          <FormScope scope={scope}>
          <div class="stack">
            <EmitterFields value={draft} onChange={setDraft} />
            <ErrorAlert error={save.error} title="No se pudo registrar el emisor" />
            <div class="form-actions">
              <Button onClick={() => navigate('/emisores')}>Cancelar</Button>
              <Button type="submit" variant="primary" pending={save.pending}>
                Registrar emisor
              </Button>
            </div>
          </div>
          </FormScope>
        </Card>
      </form>
    </div>
  );
}
