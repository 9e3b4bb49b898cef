import { useState } from 'preact/hooks';
import type { ScreenProps } from '../app';
import { listEmitters, type CredentialStatus, type Emitter } from '../api/emitters.api';
import { useLoad } from '../lib/hooks';
import { href } from '../lib/router';
import { can } from '../lib/session';
import { Badge } from '../ui/badge';
import { LinkButton } from '../ui/button';
import { PageHeader } from '../ui/page';
import { Pager } from '../ui/pager';
import { DataTable, type Column } from '../ui/table';
import { EmptyState, ErrorState, SkeletonRows } from '../ui/states';

export function CredentialBadge({ credential }: { credential: CredentialStatus | undefined }) {
  if (!credential?.certificateLoaded) return <Badge tone="neutral">Sin credenciales</Badge>;
  if (!credential.mhLoginOk) return <Badge tone="danger">Error con el MH</Badge>;
  return <Badge tone="success">Listas</Badge>;
}

export default function EmittersScreen({ session }: ScreenProps) {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const page = useLoad(() => listEmitters(cursors[cursors.length - 1]), [cursors]);
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
        {page.error ? (
          <ErrorState error={page.error} onRetry={page.reload} />
        ) : !page.data ? (
          <SkeletonRows rows={3} />
        ) : page.data.nodes.length ? (
          <>
            <DataTable caption="Emisores" columns={columns} rows={page.data.nodes} rowKey={(e) => e.id} rowHref={(e) => `/emisores/${e.id}`} />
            <Pager cursors={cursors} hasNext={page.data.pageInfo.hasNextPage} endCursor={page.data.pageInfo.endCursor} onPage={setCursors} />
          </>
        ) : (
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
        )}
      </div>
    </div>
  );
}
