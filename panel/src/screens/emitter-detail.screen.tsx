import { useEffect, useState } from 'preact/hooks';
import type { ScreenProps } from '../app';
import { catalogEntries, catalogName, placeNames, type CatalogEntry, type PlaceNames } from '../api/catalogs.api';
import { createEstablishment, getEmitter, updateEmitter, updateEstablishment, type Emitter, type Establishment, type EstablishmentInput } from '../api/emitters.api';
import { ENVIRONMENT_LABELS, formatDate } from '../lib/format';
import { useAction, useLoad } from '../lib/hooks';
import { href } from '../lib/router';
import { can } from '../lib/session';
import { AddressFields, EMPTY_ADDRESS } from '../ui/address-fields';
import { Badge } from '../ui/badge';
import { Button, LinkButton } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { EmitterFields, emitterInput, type EmitterDraft } from '../ui/emitter-fields';
import { CredentialBadge } from '../ui/credential-status';
import { EmitterLogoCard } from '../ui/emitter-logo-card';
import { SpecialOperationsCard } from '../ui/special-operations-card';
import { Checkbox, SelectField, TextField, useFormScope } from '../ui/form';
import { Icon } from '../ui/icons';
import { Card, DetailList, PageHeader } from '../ui/page';
import { DataTable, type Column } from '../ui/table';
import { EmptyState, ErrorAlert, ErrorState, Loading } from '../ui/states';
import { toast } from '../ui/toast';

function draftOf(e: Emitter): EmitterDraft {
  return { nit: e.nit, nrc: e.nrc, name: e.name, tradeName: e.tradeName ?? '', economicActivity: e.economicActivity, email: e.email, phone: e.phone ?? '', isLargeTaxpayer: e.isLargeTaxpayer, address: e.address };
}

function EditEmitterDialog({ emitter, open, onClose, onSaved }: { emitter: Emitter; open: boolean; onClose: () => void; onSaved: (e: Emitter) => void }) {
  const [draft, setDraft] = useState(draftOf(emitter));
  useEffect(() => {
    if (open) setDraft(draftOf(emitter));
  }, [open]);
  const save = useAction(async (key: string) => {
    onSaved(await updateEmitter(emitter.id, emitterInput(draft), key));
    toast('Datos del emisor actualizados.');
    onClose();
  });
  const scope = useFormScope(save.error);
  return (
    <Dialog open={open} size="lg" title="Editar datos del emisor" onClose={onClose} form={scope} confirm={{ label: 'Guardar', pending: save.pending, onClick: () => void save.run() }}>
      <EmitterFields value={draft} onChange={setDraft} />
      <ErrorAlert error={save.error} />
    </Dialog>
  );
}

interface EstablishmentDraft {
  code: string;
  type: string;
  name: string;
  phone: string;
  email: string;
  active: boolean;
  address: Establishment['address'];
  pointsOfSale: { code: string; name: string; active: boolean }[];
}

const EMPTY_ESTABLISHMENT: EstablishmentDraft = { code: '', type: '02', name: '', phone: '', email: '', active: true, address: EMPTY_ADDRESS, pointsOfSale: [{ code: 'P001', name: 'Caja 1', active: true }] };

function establishmentDraft(e: Establishment): EstablishmentDraft {
  return { code: e.code, type: e.type, name: e.name ?? '', phone: e.phone ?? '', email: e.email ?? '', active: e.active, address: e.address, pointsOfSale: e.pointsOfSale.map((p) => ({ code: p.code, name: p.name ?? '', active: p.active })) };
}

function EstablishmentDialog({ emitter, establishment, open, onClose, onSaved }: { emitter: Emitter; establishment: Establishment | null; open: boolean; onClose: () => void; onSaved: () => void }) {
  const emitterId = emitter.id;
  const [draft, setDraft] = useState<EstablishmentDraft>(EMPTY_ESTABLISHMENT);
  const [types, setTypes] = useState<CatalogEntry[]>([]);
  useEffect(() => {
    // A new establishment starts at the issuer's address (most have only their head office).
    if (open) setDraft(establishment ? establishmentDraft(establishment) : { ...EMPTY_ESTABLISHMENT, address: { ...emitter.address } });
  }, [open, establishment]);
  useEffect(() => {
    catalogEntries('CAT-009').then(setTypes, () => setTypes([]));
  }, []);
  const set = (patch: Partial<EstablishmentDraft>) => setDraft({ ...draft, ...patch });
  const save = useAction(async (key: string) => {
    const input: EstablishmentInput = {
      code: draft.code.trim().toUpperCase(),
      type: draft.type,
      name: draft.name.trim() || null,
      phone: draft.phone.trim() || null,
      email: draft.email.trim() || null,
      active: draft.active,
      address: { ...draft.address, line: draft.address.line.trim() },
      pointsOfSale: draft.pointsOfSale.map((p) => ({ code: p.code.trim().toUpperCase(), name: p.name.trim() || null, active: p.active })),
    };
    if (establishment) await updateEstablishment(emitterId, establishment.id, input, key);
    else await createEstablishment(emitterId, input, key);
    toast(establishment ? 'Establecimiento actualizado.' : 'Establecimiento agregado.');
    onSaved();
    onClose();
  });
  const scope = useFormScope(save.error);
  const setPos = (i: number, patch: Partial<EstablishmentDraft['pointsOfSale'][number]>) => set({ pointsOfSale: draft.pointsOfSale.map((p, j) => (j === i ? { ...p, ...patch } : p)) });
  const nextPos = `P${String(draft.pointsOfSale.length + 1).padStart(3, '0')}`;
  return (
    <Dialog
      open={open}
      size="lg"
      title={establishment ? `Editar establecimiento ${establishment.code}` : 'Agregar establecimiento'}
      onClose={onClose}
      form={scope}
      confirm={{ label: 'Guardar', pending: save.pending, onClick: () => void save.run() }}
    >
      {establishment ? null : <p class="muted">La dirección es la del emisor; cámbiela si este establecimiento está en otro lugar.</p>}
      <div class="form-grid">
        <TextField label="Código del MH" value={draft.code} onValue={(code) => set({ code })} hint="M, S, B o P y tres dígitos: M001." name="code" />
        <SelectField label="Tipo" value={draft.type} onValue={(type) => set({ type })} options={(types.length ? types : [{ code: draft.type, name: draft.type, department: null }]).map((t) => ({ value: t.code, label: t.name }))} name="type" />
        <TextField class="span-2" label="Nombre" value={draft.name} onValue={(name) => set({ name })} hint="Opcional: cómo lo reconoce su equipo." name="name" />
        <AddressFields prefix="address" value={draft.address} onChange={(address) => set({ address })} />
        <TextField label="Teléfono" value={draft.phone} onValue={(phone) => set({ phone })} name="phone" />
        <TextField label="Correo" type="email" value={draft.email} onValue={(email) => set({ email })} name="email" />
        <div class="span-2">
          <Checkbox label="Activo (se puede emitir desde aquí)" checked={draft.active} onChange={(active) => set({ active })} />
        </div>
      </div>
      <fieldset>
        <legend>Puntos de venta</legend>
        <div class="stack">
          {draft.pointsOfSale.map((p, i) => (
            <div class="pos-row" key={i}>
              <TextField label="Código" value={p.code} onValue={(code) => setPos(i, { code })} name={`pointsOfSale[${i}].code`} />
              <TextField label="Nombre" value={p.name} onValue={(name) => setPos(i, { name })} name={`pointsOfSale[${i}].name`} />
              <Checkbox label="Activo" checked={p.active} onChange={(active) => setPos(i, { active })} />
            </div>
          ))}
          <div>
            <Button size="sm" icon="plus" onClick={() => set({ pointsOfSale: [...draft.pointsOfSale, { code: nextPos, name: '', active: true }] })}>
              Agregar punto de venta
            </Button>
          </div>
          <p class="field-hint">Un punto de venta con documentos emitidos no se borra: desactívelo.</p>
        </div>
      </fieldset>
      <ErrorAlert error={save.error} />
    </Dialog>
  );
}

/** The economic activity by its CAT-019 name, its code beside it (the code alone while the name loads). */
function Activity({ code }: { code: string }) {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    setName(null);
    catalogName('CAT-019', code).then(setName, () => setName(null));
  }, [code]);
  return (
    <span>
      {name ? `${name} ` : null}
      <code class="muted">{code}</code>
    </span>
  );
}

/** The address line, then district, municipality and department by name (their codes while the catalogs load). */
function AddressText({ address }: { address: Emitter['address'] }) {
  const [names, setNames] = useState<PlaceNames | null>(null);
  useEffect(() => {
    placeNames(address).then(setNames, () => setNames(null));
  }, [address.department, address.municipality, address.district]);
  const places =
    names?.department && names.municipality && names.district
      ? `Distrito de ${names.district}, municipio de ${names.municipality}, departamento de ${names.department}`
      : `Departamento ${address.department}, municipio ${address.municipality}, distrito ${address.district}`;
  return (
    <span class="stack-tight">
      <span>{address.line}</span>
      <span class="muted">{places}</span>
    </span>
  );
}

export default function EmitterDetailScreen({ session, params }: ScreenProps) {
  const emitter = useLoad(() => getEmitter(params.id), [params.id]);
  const [dialog, setDialog] = useState<{ kind: 'emitter' } | { kind: 'establishment'; establishment: Establishment | null } | null>(null);
  if (emitter.error) return <ErrorState error={emitter.error} onRetry={emitter.reload} />;
  if (emitter.loading && !emitter.data) return <Loading />;
  const e = emitter.data;
  if (!e) return <EmptyState icon="building" title="No se encontró el emisor" action={<LinkButton href={href('/emisores')}>Volver a Emisores</LinkButton>} />;
  const writer = can(session, 'write');
  const columns: Column<Establishment>[] = [
    { key: 'code', label: 'Código', primary: true, render: (s) => <span class="mono strong">{s.code}</span> },
    { key: 'name', label: 'Nombre', render: (s) => s.name ?? <span class="muted">—</span> },
    { key: 'address', label: 'Dirección', render: (s) => <span class="truncate">{s.address.line}</span> },
    {
      key: 'pos',
      label: 'Puntos de venta',
      render: (s) => (
        <span class="chips">
          {s.pointsOfSale.map((p) => (
            <span key={p.code} class="chip" title={p.active ? p.name ?? '' : 'Inactivo'}>
              {p.code}
              {p.active ? '' : ' (inactivo)'}
            </span>
          ))}
        </span>
      ),
    },
    { key: 'active', label: 'Estado', render: (s) => (s.active ? <Badge tone="success">Activo</Badge> : <Badge>Inactivo</Badge>) },
    ...(writer
      ? [
          {
            key: 'edit',
            label: 'Acciones',
            noLabel: true,
            render: (s: Establishment) => (
              <Button size="sm" variant="ghost" onClick={() => setDialog({ kind: 'establishment', establishment: s })} aria-label={`Editar ${s.code}`}>
                Editar
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <div class="screen">
      <PageHeader
        back={{ to: '/emisores', label: 'Emisores' }}
        title={e.name}
        subtitle={`NIT ${e.nit} · NRC ${e.nrc}`}
        actions={
          writer ? (
            <>
              <Button onClick={() => setDialog({ kind: 'emitter' })}>Editar datos</Button>
              <LinkButton variant="primary" icon="plus" href={href(`/emitir?emisor=${e.id}`)}>
                Emitir documento
              </LinkButton>
            </>
          ) : null
        }
      />
      <div class="grid-2">
        <Card title="Datos fiscales">
          <DetailList
            items={[
              ['Nombre comercial', e.tradeName ?? '—'],
              ['Actividad económica', <Activity code={e.economicActivity} />],
              ['Correo', e.email],
              ['Teléfono', e.phone ?? '—'],
              ['Dirección', <AddressText address={e.address} />],
              ['Gran contribuyente', e.isLargeTaxpayer ? 'Sí' : 'No'],
              ['Numeración', e.numbering === 'CENTRALIZED' ? 'Centralizada por emisor' : 'Por establecimiento y punto de venta'],
              ['Registrado', formatDate(e.createdAt)],
            ]}
          />
        </Card>
        <Card
          title="Credenciales del MH"
          actions={
            <LinkButton size="sm" href={href(`/credenciales?emisor=${e.id}`)} icon="shield">
              Administrar
            </LinkButton>
          }
        >
          <DetailList
            single
            items={['00', '01'].map((env) => [ENVIRONMENT_LABELS[env], <CredentialBadge credential={e.credentials.find((c) => c.environment === env)} />])}
          />
        </Card>
        <EmitterLogoCard emitter={e} writer={writer} onSaved={(saved) => emitter.setData(() => saved)} />
      </div>
      <Card
        title="Establecimientos"
        class="card-flush"
        actions={
          writer ? (
            <Button size="sm" icon="plus" onClick={() => setDialog({ kind: 'establishment', establishment: null })}>
              Agregar establecimiento
            </Button>
          ) : null
        }
      >
        {e.establishments.length ? (
          <DataTable caption="Establecimientos" columns={columns} rows={e.establishments} rowKey={(s) => s.id} />
        ) : (
          <EmptyState icon="building" title="Sin establecimientos">
            Cada documento sale de un establecimiento y un punto de venta registrados en el MH. <Icon name="info" size={14} />
          </EmptyState>
        )}
      </Card>
      <SpecialOperationsCard emitterId={e.id} writer={writer} />
      <EditEmitterDialog emitter={e} open={dialog?.kind === 'emitter'} onClose={() => setDialog(null)} onSaved={(saved) => emitter.setData(() => saved)} />
      <EstablishmentDialog emitter={e} establishment={dialog?.kind === 'establishment' ? dialog.establishment : null} open={dialog?.kind === 'establishment'} onClose={() => setDialog(null)} onSaved={emitter.reload} />
    </div>
  );
}
