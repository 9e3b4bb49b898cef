import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ScreenProps } from '../app';
import { dryRunDocument, issueDocument, type DryRun, type IssueInput, type IssueItem } from '../api/documents.api';
import { getEmitter, listEmitterSummaries, type Address } from '../api/emitters.api';
import { formatMoney } from '../lib/format';
import { ApiError, type FieldError } from '../lib/http';
import { useAction, useLoad } from '../lib/hooks';
import { href, navigate } from '../lib/router';
import { can } from '../lib/session';
import { ActivityField } from '../ui/activity-field';
import { AddressFields, EMPTY_ADDRESS } from '../ui/address-fields';
import { Button, LinkButton } from '../ui/button';
import { Checkbox, FormScope, SelectField, TextField, normalizeAmount, normalizeTaxId, useFormScope } from '../ui/form';
import { ItemsEditor, newItem } from '../ui/issue-items-editor';
import { Card, PageHeader } from '../ui/page';
import { DEFAULT_PAYMENT, PaymentTermsFields, paymentInput, type PaymentDraft } from '../ui/payment-terms-fields';
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
const DECIMAL = /^-?\d+(\.\d+)?$/;

function receiverInput(kind: Kind, r: Receiver): Record<string, unknown> | null {
  const opt = (v: string) => v.trim() || undefined;
  if (kind === '03') {
    return { name: r.name.trim(), documentType: '36', documentNumber: normalizeTaxId(r.documentNumber), nrc: normalizeTaxId(r.nrc), economicActivity: r.economicActivity.trim(), email: opt(r.email), phone: opt(r.phone), address: r.address };
  }
  if (!r.name.trim() && !r.documentNumber.trim() && !r.email.trim()) return null;
  // A NIT typed with dashes is sent as MH takes it (a DUI keeps its own dash, ########-#).
  const documentNumber = r.documentType === '36' ? normalizeTaxId(r.documentNumber) : r.documentNumber.trim();
  return { name: opt(r.name), documentType: documentNumber ? r.documentType : undefined, documentNumber: documentNumber || undefined, email: opt(r.email) };
}

const required = (path: string, message: string): FieldError => ({ path, code: 'required', message });

/**
 * What the form itself can tell before the service is asked: fields left empty, at their fields.
 * Anything typed (a negative price, a quantity of 0, «1,50») goes to the dry run, whose refusals show
 * at their fields too.
 */
function formChecks(kind: Kind, emitterId: string, items: IssueItem[], r: Receiver): FieldError[] {
  const out: FieldError[] = [];
  if (!emitterId) out.push(required('emitterId', 'Elija el emisor.'));
  items.forEach((i, n) => {
    if (!i.description.trim()) out.push(required(`items[${n}].description`, 'Escriba qué se vende en esta línea.'));
    if (!i.quantity.trim()) out.push(required(`items[${n}].quantity`, 'Escriba la cantidad.'));
    else if (!DECIMAL.test(normalizeAmount(i.quantity))) out.push({ path: `items[${n}].quantity`, code: 'invalid_format', message: 'Escriba la cantidad con números, p. ej. 2 o 1,5.' });
    if (!i.unitPrice.trim()) out.push(required(`items[${n}].unitPrice`, 'Escriba el precio unitario.'));
    else if (!DECIMAL.test(normalizeAmount(i.unitPrice))) out.push({ path: `items[${n}].unitPrice`, code: 'invalid_format', message: 'Escriba el precio con números, p. ej. 5.65 o 5,65.' });
  });
  if (kind === '03') {
    if (!r.name.trim()) out.push(required('receiver.name', 'Escriba el nombre o razón social del receptor.'));
    if (!r.documentNumber.trim()) out.push(required('receiver.documentNumber', 'Escriba el NIT del receptor.'));
    if (!r.nrc.trim()) out.push(required('receiver.nrc', 'Escriba el NRC del receptor.'));
    if (!r.economicActivity.trim()) out.push(required('receiver.economicActivity', 'Elija la actividad económica del receptor.'));
    if (!r.address.department) out.push(required('receiver.address.department', 'Elija el departamento.'));
    if (!r.address.municipality) out.push(required('receiver.address.municipality', 'Elija el municipio.'));
    if (!r.address.district) out.push(required('receiver.address.district', 'Elija el distrito.'));
    if (!r.address.line.trim()) out.push(required('receiver.address.line', 'Escriba la dirección.'));
  }
  return out;
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
  const [payment, setPayment] = useState<PaymentDraft>(DEFAULT_PAYMENT);

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
      items: items.map((i) => ({ ...i, description: i.description.trim(), quantity: normalizeAmount(i.quantity), unitPrice: normalizeAmount(i.unitPrice) })),
      // The dry run is asked with the condition only: the method's amount is the total it answers.
      payment: paymentInput(payment, null),
      sendEmail: sendEmail && Boolean(receiver.email.trim()),
    }),
    [emitterId, kind, establishment, pointOfSale, receiver, items, sendEmail, payment.condition],
  );
  const inputKey = JSON.stringify(input);
  const checks = formChecks(kind, emitter ? emitterId : '', items, receiver);
  const notReady = checks.length > 0;

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
    const d = await issueDocument({ ...input, payment: paymentInput(payment, current!.result!.totals.total) }, key);
    toast('Documento enviado al MH. Su estado se actualiza en esta pantalla.');
    navigate(`/documentos/${d.id}`);
  });
  // One rule for the whole form (form.tsx): the dry run's and the issuance's refusals, and the
  // form's own checks, each under its field once it is left (all of them after «Emitir»).
  const shownError = issue.error ?? current?.error ?? null;
  const scope = useFormScope(shownError, { checks });

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
  const credential = emitter?.credentials.find((c) => c.environment === session.environment);

  return (
    <div class="screen">
      <PageHeader title="Emitir documento" subtitle="Los totales se calculan con el servicio antes de enviar; nada se envía al MH hasta que presione «Emitir»." />
      {emitter && !credential?.certificateLoaded ? (
        <Alert tone="warning" title="Este emisor no tiene credenciales en este ambiente">
          Puede revisar los totales, pero para emitir <a href={href('/credenciales')}>cargue el certificado y la clave del MH</a>.
        </Alert>
      ) : null}
      <FormScope scope={scope}>
      <form
        class="issue-layout"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          scope.submit();
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
              <SelectField class="span-2" label="Emisor" value={emitterId} onValue={setEmitterId} name="emitterId" options={emitters.data.map((e) => ({ value: e.id, label: `${e.name} · NIT ${e.nit}` }))} />
              <SelectField label="Establecimiento" value={establishment} onValue={setEstablishment} options={(emitter?.establishments ?? []).map((s) => ({ value: s.code, label: `${s.code}${s.name ? ` · ${s.name}` : ''}` }))} name="establishment" />
              <SelectField label="Punto de venta" value={pointOfSale} onValue={setPointOfSale} options={(est?.pointsOfSale ?? []).map((p) => ({ value: p.code, label: `${p.code}${p.name ? ` · ${p.name}` : ''}` }))} name="pointOfSale" />
            </div>
          </Card>
          <Card title={kind === '03' ? 'Receptor (contribuyente)' : 'Receptor (opcional)'}>
            <div class="form-grid">
              <TextField class="span-2" label={kind === '03' ? 'Nombre o razón social' : 'Nombre'} value={receiver.name} onValue={(name) => setReceiver({ ...receiver, name })} name="receiver.name" />
              {kind === '01' ? (
                <SelectField
                  label="Tipo de documento"
                  value={receiver.documentType}
                  onValue={(documentType) => setReceiver({ ...receiver, documentType })}
                  name="receiver.documentType"
                  options={[
                    { value: '13', label: 'DUI' },
                    { value: '36', label: 'NIT' },
                    { value: '03', label: 'Pasaporte' },
                    { value: '02', label: 'Carné de residente' },
                    { value: '37', label: 'Otro' },
                  ]}
                />
              ) : null}
              <TextField
                label={kind === '03' ? 'NIT' : 'Número de documento'}
                value={receiver.documentNumber}
                onValue={(documentNumber) => setReceiver({ ...receiver, documentNumber })}
                name="receiver.documentNumber"
                hint={kind === '03' || receiver.documentType === '36' ? 'Con o sin guiones.' : receiver.documentType === '13' ? 'Con su guion: 01234567-8.' : undefined}
                tidy={kind === '03' || receiver.documentType === '36' ? normalizeTaxId : undefined}
              />
              {kind === '03' ? (
                <>
                  <TextField label="NRC" value={receiver.nrc} onValue={(nrc) => setReceiver({ ...receiver, nrc })} name="receiver.nrc" tidy={normalizeTaxId} />
                  <div class="span-2">
                    <ActivityField value={receiver.economicActivity} onValue={(economicActivity) => setReceiver({ ...receiver, economicActivity })} name="receiver.economicActivity" />
                  </div>
                  <AddressFields prefix="receiver.address" value={receiver.address} onChange={(address) => setReceiver({ ...receiver, address })} />
                  <TextField label="Teléfono" value={receiver.phone} onValue={(phone) => setReceiver({ ...receiver, phone })} name="receiver.phone" />
                </>
              ) : null}
              <TextField class={kind === '03' ? undefined : 'span-2'} label="Correo del receptor" type="email" value={receiver.email} onValue={(email) => setReceiver({ ...receiver, email })} name="receiver.email" />
            </div>
          </Card>
          <Card title="Detalle">
            <ItemsEditor items={items} onChange={setItems} kind={kind} run={current?.result ?? null} />
          </Card>
          <Card title="Condiciones de pago">
            <PaymentTermsFields value={payment} onChange={setPayment} />
          </Card>
        </div>
        <aside class="issue-summary">
          <Card title="Totales">
            {notReady ? (
              <p class="muted">Complete los campos del documento para ver sus totales.</p>
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
            <Button type="submit" variant="primary" class="btn-block mt" icon="send" pending={issue.pending} disabled={!notReady && running}>
              Emitir
            </Button>
          </Card>
        </aside>
      </form>
      </FormScope>
    </div>
  );
}
