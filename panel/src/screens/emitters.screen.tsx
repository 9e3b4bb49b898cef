import type { ScreenProps } from '../app';
import { listEmitters, type Emitter } from '../api/emitters.api';
import { useLoad } from '../lib/hooks';
import { href } from '../lib/router';
import { can } from '../lib/session';
import { LinkButton } from '../ui/button';
import { CredentialBadge } from '../ui/credential-status';
import { PageHeader } from '../ui/page';
import { PagedList, fromConnection, useCursors } from '../ui/paged-list';
import { DataTable, type Column } from '../ui/table';
import { EmptyState } from '../ui/states';

export default function EmittersScreen({ session }: ScreenProps) {
  const pages = useCursors();
  const page = useLoad(() => listEmitters(pages.after), [pages.after]);
  const columns: Column<Emitter>[] = [
    {
      key: 'name',
      label: 'Emisor',
      primary: true,
      render: (e) => (
        <a class="strong" href={href(`/emisores/${e.id}`)}>
          {e.name}
        </a>
      ),
    },
    { key: 'nit', label: 'NIT', render: (e) => <span class="mono">{e.nit}</span> },
    { key: 'nrc', label: 'NRC', render: (e) => <span class="mono">{e.nrc}</span> },
    { key: 'est', label: 'Establecimientos', render: (e) => e.establishments.length },
    { key: 'cred', label: 'Credenciales en este ambiente', render: (e) => <CredentialBadge credential={e.credentials.find((c) => c.environment === session.environment)} /> },
  ];
  return (
    <div class="screen">
      <PageHeader
        title="Emisores"
        subtitle="Los contribuyentes a cuyo nombre emite, con sus establecimientos y puntos de venta."
        actions={
          can(session, 'write') ? (
            <LinkButton variant="primary" icon="plus" href={href('/emisores/nuevo')}>
              Registrar emisor
            </LinkButton>
          ) : null
        }
      />
      <div class="card card-flush">
        <PagedList
          {...fromConnection(page)}
                    pages={pages}
          empty={
          <EmptyState
            icon="building"
            title="Todavía no hay emisores"
            action={
              can(session, 'write') ? (
                <LinkButton variant="primary" href={href('/emisores/nuevo')}>
                  Registrar el primero
                </LinkButton>
              ) : null
            }
          >
            Registre el NIT, el NRC y la dirección del contribuyente; luego sus establecimientos y sus credenciales del MH.
          </EmptyState>
          }
        >
          {(rows) => <DataTable caption="Emisores" columns={columns} rows={rows} rowKey={(e) => e.id} rowHref={(e) => `/emisores/${e.id}`} />}
        </PagedList>
      </div>
    </div>
  );
}
