import type { JSX } from 'preact';
import type { Loadable } from '../lib/hooks';
import { href } from '../lib/router';
import { can, type Session } from '../lib/session';
import { LinkButton } from './button';
import { PageHeader } from './page';
import { EmptyState, ErrorState, Loading } from './states';

/**
 * What a screen that issues documents («Emitir documento», «Emisión masiva») shows in place of its
 * form: the read-only user's explanation, the issuers loading or failing, or the invitation to
 * register the first one — or, when the form can be shown, the issuers it offers.
 */
export function issuingGate<T>(title: string, session: Session, emitters: Loadable<T[]>): { screen: JSX.Element } | { emitters: T[] } {
  if (!can(session, 'write')) {
    return {
      screen: (
        <div class="screen">
          <PageHeader title={title} />
          <EmptyState icon="shield" title="Su usuario es de solo lectura" action={<LinkButton href={href('/documentos')}>Ver los documentos</LinkButton>}>
            Pida al propietario de la cuenta un rol con permiso para emitir documentos.
          </EmptyState>
        </div>
      ),
    };
  }
  if (emitters.error) return { screen: <ErrorState error={emitters.error} onRetry={emitters.reload} /> };
  if (!emitters.data) return { screen: <Loading /> };
  if (!emitters.data.length) {
    return {
      screen: (
        <div class="screen">
          <PageHeader title={title} />
          <EmptyState icon="building" title="Primero registre un emisor" action={<LinkButton variant="primary" href={href('/emisores/nuevo')}>Registrar emisor</LinkButton>}>
            Los documentos se emiten a nombre de un emisor con sus establecimientos y sus credenciales del MH.
          </EmptyState>
        </div>
      ),
    };
  }
  return { emitters: emitters.data };
}
