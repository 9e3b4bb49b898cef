import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ScreenProps } from '../app';
import { dryRunDocument, issueDocument, type DryRun, type IssueInput, type IssueItem } from '../api/documents.api';
import { getEmitter, listEmitterSummaries, type Address } from '../api/emitters.api';
import { formatMoney } from '../lib/format';
import { ApiError } from '../lib/http';
import { useAction, useLoad } from '../lib/hooks';
import { href, navigate } from '../lib/router';
import { can } from '../lib/session';
import { ActivityField } from '../ui/activity-field';
import { AddressFields, EMPTY_ADDRESS } from '../ui/address-fields';
import { Button, LinkButton } from '../ui/button';
import { Checkbox, SelectField, TextField, fieldError } from '../ui/form';
import { Icon } from '../ui/icons';
import { Card, PageHeader } from '../ui/page';
import { Alert, EmptyState, ErrorAlert, ErrorState, Loading } from '../ui/states';
import { toast } from '../ui/toast';

type Kind = '01' | '03';

interface Receiver {
  name: string;
  documentType: string;
  documentNumber: string;
  nrc: string;
  economicActivity: string;
  email: string;
  phone: string;
  address: Address;
}

const EMPTY_RECEIVER: Receiver = { name: '', documentType: '13', documentNumber: '', nrc: '', economicActivity: '', email: '', phone: '', address: EMPTY_ADDRESS };
const newItem = (): IssueItem => ({ type: '1', description: '', quantity: '1', unitCode: '59', unitPrice: '', tax: 'gravada' });
const DECIMAL = /^\d+(\.\d+)?$/;

function receiverInput(kind: Kind, r: Receiver): Record<string, unknown> | null {
  const opt = (v: string) => v.trim() || undefined;
  if (kind === '03') {
    return { name: r.name.trim(), documentType: '36', documentNumber: r.documentNumber.trim(), nrc: r.nrc.trim(), economicActivity: r.economicActivity.trim(), email: opt(r.email), phone: opt(r.phone), address: r.address };
  }
  if (!r.name.trim() && !r.documentNumber.trim() && !r.email.trim()) return null;
  return { name: opt(r.name), documentType: r.documentNumber.trim() ? r.documentType : undefined, documentNumber: opt(r.documentNumber), email: opt(r.email) };
}

/** What is still missing before a dry run makes sense (the service checks everything else). */
function missing(kind: Kind, emitterId: string, items: IssueItem[], r: Receiver): string | null {
  if (!emitterId) return 'Elija el emisor.';
  if (!items.length) return 'Agregue al menos una línea.';
  if (items.some((i) => !i.description.trim() || !DECIMAL.test(i.quantity.trim()) || !DECIMAL.test(i.unitPrice.trim()))) return 'Complete la descripción, la cantidad y el precio de cada línea.';
  if (kind === '03' && (!r.name.trim() || !r.documentNumber.trim() || !r.nrc.trim() || !r.economicActivity.trim() || !r.address.district || !r.address.line.trim())) {
    return 'Complete los datos del receptor del crédito fiscal.';
  }
  return null;
}

function lineTotal(run: DryRun | null, index: number): string | null {
  const line = run?.json?.cuerpoDocumento?.[index];
  if (!line) return null;
  const parts = [line.ventaGravada, line.ventaExenta, line.ventaNoSuj].map((v) => String(v ?? '0'));
  // Only one of the three is non-zero on a line; keep the service's decimal text as it is.
  return parts.find((p) => Number(p) !== 0) ?? parts[0];
}

function ItemsEditor({ items, onChange, kind, run, error }: { items: IssueItem[]; onChange: (items: IssueItem[]) => void; kind: Kind; run: DryRun | null; error: ApiError | null }) {
  const set = (i: number, patch: Partial<IssueItem>) => onChange(items.map((it, j) => (j === i ? { ...it, ...patch } : it)));
  const cell = (i: number, name: keyof IssueItem) => fieldError(error, `items[${i}].${name}`);
  return (
    <div class="items-editor">
      {items.map((it, i) => (
        <div class="item-row" key={i}>
          <div class="item-row-head">
            <span class="item-number">Línea {i + 1}</span>
            {items.length > 1 ? (
              <button type="button" class="icon-btn" aria-label={`Quitar la línea ${i + 1}`} onClick={() => onChange(items.filter((_, j) => j !== i))}>
                <Icon name="trash" size={16} />
              </button>
            ) : null}
          </div>
          <div class="item-grid">
            <TextField class="item-description" label="Descripción" value={it.description} onValue={(description) => set(i, { description })} error={cell(i, 'description')} />
            <TextField label="Cantidad" inputMode="decimal" value={it.quantity} onValue={(quantity) => set(i, { quantity })} error={cell(i, 'quantity')} />
            <TextField label={kind === '01' ? 'Precio unitario (con IVA)' : 'Precio unitario (sin IVA)'} inputMode="decimal" placeholder="0.00" value={it.unitPrice} onValue={(unitPrice) => set(i, { unitPrice })} error={cell(i, 'unitPrice')} />
            <SelectField
              label="Tipo de venta"
              value={it.tax}
              onValue={(tax) => set(i, { tax })}
              options={[
                { value: 'gravada', label: 'Gravada' },
                { value: 'exenta', label: 'Exenta' },
                { value: 'no_sujeta', label: 'No sujeta' },
              ]}
            />
            <SelectField
              label="Bien o servicio"
              value={it.type}
              onValue={(type) => set(i, { type })}
              options={[
                { value: '1', label: 'Bien' },
                { value: '2', label: 'Servicio' },
              ]}
            />
            <div class="field item-total">
              <span class="label">Total de la línea</span>
              <span class="amount strong">{lineTotal(run, i) ? formatMoney(lineTotal(run, i)) : '—'}</span>
            </div>
          </div>
        </div>
      ))}
      <Button icon="plus" size="sm" onClick={() => onChange([...items, newItem()])}>
        Agregar línea
      </Button>
    </div>
  );
}

export default function IssueDocumentScreen({ session, query }: ScreenProps) {
  const emitters = useLoad(listEmitterSummaries, []);
  const [kind, setKind] = useState<Kind>(query.get('tipo') === '03' ? '03' : '01');
  const [emitterId, setEmitterId] = useState('');
  const [establishment, setEstablishment] = useState('');
  const [pointOfSale, setPointOfSale] = useState('');
  const [receiver, setReceiver] = useState<Receiver>(EMPTY_RECEIVER);
  const [items, setItems] = useState<IssueItem[]>([newItem()]);
  const [sendEmail, setSendEmail] = useState(true);

  useEffect(() => {
    if (!emitterId && emitters.data?.length) setEmitterId(query.get('emisor') ?? emitters.data[0].id);
  }, [emitters.data]);
  const selected = useLoad(() => (emitterId ? getEmitter(emitterId) : Promise.resolve(null)), [emitterId]);
  const emitter = selected.data?.id === emitterId ? selected.data : undefined;
  useEffect(() => {
    const est = emitter?.establishments.find((e) => e.active) ?? emitter?.establishments[0];
    setEstablishment(est?.code ?? '');
  }, [emitter]);
  const est = emitter?.establishments.find((e) => e.code === establishment);
  useEffect(() => {
    const pos = est?.pointsOfSale.find((p) => p.active) ?? est?.pointsOfSale[0];
    setPointOfSale(pos?.code ?? '');
  }, [establishment, emitter]);

  const input: IssueInput = useMemo(
    () => ({
      emitterId,
      type: kind,
      establishment,
      pointOfSale,
      receiver: receiverInput(kind, receiver),
      items: items.map((i) => ({ ...i, description: i.description.trim(), quantity: i.quantity.trim(), unitPrice: i.unitPrice.trim() })),
      sendEmail: sendEmail && Boolean(receiver.email.trim()),
    }),
    [emitterId, kind, establishment, pointOfSale, receiver, items, sendEmail],
  );
  const inputKey = JSON.stringify(input);
  const notReady = missing(kind, emitter ? emitterId : '', items, receiver);

  // Totals come from a dry run of exactly what would be sent; «Emitir» waits for the one that matches the form.
  const [run, setRun] = useState<{ key: string; result: DryRun | null; error: ApiError | null } | null>(null);
  const [running, setRunning] = useState(false);
  const latest = useRef('');
  useEffect(() => {
    latest.current = inputKey;
    if (notReady) return;
    setRunning(true);
    const t = window.setTimeout(() => {
      dryRunDocument(input).then(
        (result) => latest.current === inputKey && setRun({ key: inputKey, result, error: null }),
        (error) => latest.current === inputKey && setRun({ key: inputKey, result: null, error: error instanceof ApiError ? error : new ApiError(String(error), 0, 'panel_error') }),
      ).finally(() => latest.current === inputKey && setRunning(false));
    }, 450);
    return () => window.clearTimeout(t);
  }, [inputKey, notReady]);
  const current = run && run.key === inputKey ? run : null;
  const ready = !notReady && current?.result && !running;

  const issue = useAction(async (key: string) => {
    const d = await issueDocument(input, key);
    toast('Documento enviado al MH. Su estado se actualiza en esta pantalla.');
    navigate(`/documentos/${d.id}`);
  });

  if (!can(session, 'write')) {
    return (
      <div class="screen">
        <PageHeader title="Emitir documento" />
        <EmptyState icon="shield" title="Su usuario es de solo lectura" action={<LinkButton href={href('/documentos')}>Ver los documentos</LinkButton>}>
          Pida al propietario de la cuenta un rol con permiso para emitir documentos.
        </EmptyState>
      </div>
    );
  }
  if (emitters.error) return <ErrorState error={emitters.error} onRetry={emitters.reload} />;
  if (!emitters.data) return <Loading />;
  if (!emitters.data.length) {
    return (
      <div class="screen">
        <PageHeader title="Emitir documento" />
        <EmptyState icon="building" title="Primero registre un emisor" action={<LinkButton variant="primary" href={href('/emisores/nuevo')}>Registrar emisor</LinkButton>}>
          Los documentos se emiten a nombre de un emisor con sus establecimientos y sus credenciales del MH.
        </EmptyState>
      </div>
    );
  }
  const shownError = issue.error ?? current?.error ?? null;
  const credential = emitter?.credentials.find((c) => c.environment === session.environment);

  return (
    <div class="screen">
      <PageHeader title="Emitir documento" subtitle="Los totales se calculan con el servicio antes de enviar; nada se envía al MH hasta que presione «Emitir»." />
      {emitter && !credential?.certificateLoaded ? (
        <Alert tone="warning" title="Este emisor no tiene credenciales en este ambiente">
          Puede revisar los totales, pero para emitir <a href={href('/credenciales')}>cargue el certificado y la clave del MH</a>.
        </Alert>
      ) : null}
      <form
        class="issue-layout"
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) void issue.run();
        }}
      >
        <div class="stack">
          <Card title="Documento">
            <div class="segmented" role="radiogroup" aria-label="Tipo de documento">
              {(
                [
                  ['01', 'Factura (FE)'],
                  ['03', 'Crédito fiscal (CCF)'],
                ] as const
              ).map(([k, label]) => (
                <button key={k} type="button" role="radio" aria-checked={kind === k ? 'true' : 'false'} class={kind === k ? 'active' : ''} onClick={() => setKind(k)}>
                  {label}
                </button>
              ))}
            </div>
            <div class="form-grid mt">
              <SelectField class="span-2" label="Emisor" value={emitterId} onValue={setEmitterId} options={emitters.data.map((e) => ({ value: e.id, label: `${e.name} · NIT ${e.nit}` }))} />
              <SelectField label="Establecimiento" value={establishment} onValue={setEstablishment} options={(emitter?.establishments ?? []).map((s) => ({ value: s.code, label: `${s.code}${s.name ? ` · ${s.name}` : ''}` }))} error={fieldError(shownError, 'establishment')} />
              <SelectField label="Punto de venta" value={pointOfSale} onValue={setPointOfSale} options={(est?.pointsOfSale ?? []).map((p) => ({ value: p.code, label: `${p.code}${p.name ? ` · ${p.name}` : ''}` }))} error={fieldError(shownError, 'pointOfSale')} />
            </div>
          </Card>
          <Card title={kind === '03' ? 'Receptor (contribuyente)' : 'Receptor (opcional)'}>
            <div class="form-grid">
              <TextField class="span-2" label={kind === '03' ? 'Nombre o razón social' : 'Nombre'} value={receiver.name} onValue={(name) => setReceiver({ ...receiver, name })} error={fieldError(shownError, 'receiver.name')} />
              {kind === '01' ? (
                <SelectField
                  label="Tipo de documento"
                  value={receiver.documentType}
                  onValue={(documentType) => setReceiver({ ...receiver, documentType })}
                  options={[
                    { value: '13', label: 'DUI' },
                    { value: '36', label: 'NIT' },
                    { value: '03', label: 'Pasaporte' },
                    { value: '02', label: 'Carné de residente' },
                    { value: '37', label: 'Otro' },
                  ]}
                />
              ) : null}
              <TextField label={kind === '03' ? 'NIT' : 'Número de documento'} value={receiver.documentNumber} onValue={(documentNumber) => setReceiver({ ...receiver, documentNumber })} error={fieldError(shownError, 'receiver.documentNumber')} />
              {kind === '03' ? (
                <>
                  <TextField label="NRC" value={receiver.nrc} onValue={(nrc) => setReceiver({ ...receiver, nrc })} error={fieldError(shownError, 'receiver.nrc')} />
                  <div class="span-2">
                    <ActivityField value={receiver.economicActivity} onValue={(economicActivity) => setReceiver({ ...receiver, economicActivity })} error={fieldError(shownError, 'receiver.economicActivity')} />
                  </div>
                  <AddressFields prefix="receiver.address" value={receiver.address} onChange={(address) => setReceiver({ ...receiver, address })} error={shownError} />
                  <TextField label="Teléfono" value={receiver.phone} onValue={(phone) => setReceiver({ ...receiver, phone })} error={fieldError(shownError, 'receiver.phone')} />
                </>
              ) : null}
              <TextField class={kind === '03' ? undefined : 'span-2'} label="Correo del receptor" type="email" value={receiver.email} onValue={(email) => setReceiver({ ...receiver, email })} error={fieldError(shownError, 'receiver.email')} />
            </div>
          </Card>
          <Card title="Detalle">
            <ItemsEditor items={items} onChange={setItems} kind={kind} run={current?.result ?? null} error={shownError} />
          </Card>
        </div>
        <aside class="issue-summary">
          <Card title="Totales">
            {notReady ? (
              <p class="muted">{notReady}</p>
            ) : running || !current ? (
              <p class="muted row">
                <span class="spinner" aria-hidden="true" /> Calculando con el servicio…
              </p>
            ) : current.result ? (
              <>
                <dl class="totals" aria-label="Totales calculados">
                  <dt>Subtotal</dt>
                  <dd>{formatMoney(current.result.totals.subtotal)}</dd>
                  <dt>IVA{kind === '01' ? ' (incluido)' : ''}</dt>
                  <dd>{formatMoney(current.result.totals.iva)}</dd>
                  <dt class="grand">Total a pagar</dt>
                  <dd class="grand" data-total="total">
                    {formatMoney(current.result.totals.total)}
                  </dd>
                </dl>
                <p class="in-words">{current.result.totals.totalInWords}</p>
                {current.result.warnings.map((w) => (
                  <Alert key={w.code} tone="warning">
                    {w.message}
                  </Alert>
                ))}
              </>
            ) : null}
            <ErrorAlert error={shownError} title={issue.error ? 'No se pudo emitir' : 'Revise el documento'} />
            {receiver.email.trim() ? <Checkbox label="Enviar por correo al receptor al procesarse" checked={sendEmail} onChange={setSendEmail} /> : null}
            <Button type="submit" variant="primary" class="btn-block mt" icon="send" pending={issue.pending} disabled={!ready}>
              Emitir
            </Button>
          </Card>
        </aside>
      </form>
    </div>
  );
}
