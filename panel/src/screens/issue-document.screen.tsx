import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ScreenProps } from '../app';
import { dryRunDocument, getDocumentSource, issueDocument, type DryRun, type IssueInput } from '../api/documents.api';
import { getEmitter, listEmitterSummaries } from '../api/emitters.api';
import { DOCUMENT_TYPES } from '../lib/format';
import { ApiError } from '../lib/http';
import { useAction, useLoad } from '../lib/hooks';
import { draftInput, emptyDraft, hasPayment, isDteType, type DteType, type IssueDraft } from '../lib/issue-draft';
import { issueChecks } from '../lib/issue-checks';
import { duplicateDraft, noteDraft } from '../lib/issue-prefill';
import { href, navigate } from '../lib/router';
import { Button } from '../ui/button';
import { Checkbox, FormScope, SelectField, useFormScope } from '../ui/form';
import { IssueTotals } from '../ui/issue/issue-totals';
import { ReceiverFields, receiverTitle } from '../ui/issue/receiver-fields';
import { TypeParts } from '../ui/issue/type-parts';
import { TypePicker } from '../ui/issue/type-picker';
import { CustomerPicker } from '../ui/issue/customer-picker';
import { ProductPicker } from '../ui/issue/product-picker';
import { Card, PageHeader } from '../ui/page';
import { DEFAULT_PAYMENT, PaymentTermsFields, paymentInput, type PaymentDraft } from '../ui/payment-terms-fields';
import { Alert, ErrorAlert, Loading } from '../ui/states';
import { issuingGate } from '../ui/issuing-gate';
import { toast } from '../ui/toast';

/**
 * The draft the screen opens with: `?tipo=` picks the type; `?desde=<id>&como=nc|nd|duplicado`
 * prefills it from a document already issued (its page's «Nota de crédito», «Nota de débito»,
 * «Duplicar»). Null while that document is on its way.
 */
function useStartingDraft(query: URLSearchParams): { draft: IssueDraft | null; from: string | null; source: string | null } {
  const from = query.get('desde');
  const how = query.get('como');
  const tipo = query.get('tipo');
  const source = useLoad(() => (from ? getDocumentSource(from) : Promise.resolve(null)), [from]);
  if (!from) return { draft: emptyDraft(isDteType(tipo) ? tipo : '01'), from: null, source: null };
  if (!source.data) return { draft: source.error || source.data === null ? emptyDraft('01') : null, from, source: null };
  const d = source.data;
  const draft = how === 'nc' || how === 'nd' ? noteDraft(d, how === 'nc' ? '05' : '06') : duplicateDraft(d) ?? emptyDraft('01');
  return { draft, from, source: String((d.json?.identificacion as { numeroControl?: string } | undefined)?.numeroControl ?? d.id) };
}

export default function IssueDocumentScreen(props: ScreenProps) {
  const start = useStartingDraft(props.query);
  if (!start.draft) return <Loading label="Preparando el documento…" />;
  return <IssueForm {...props} initial={start.draft} from={start.from} source={start.source} />;
}

function IssueForm({ session, query, initial, from, source }: ScreenProps & { initial: IssueDraft; from: string | null; source: string | null }) {
  const emitters = useLoad(listEmitterSummaries, []);
  const [draft, setDraft] = useState<IssueDraft>(initial);
  const kind = draft.type;
  const setKind = (type: DteType) => setDraft((d) => ({ ...emptyDraft(type), receiver: d.receiver, customerId: d.customerId, items: d.items.map((i) => ({ ...i, relatedDocument: '' })), notes: d.notes }));
  const [emitterId, setEmitterId] = useState('');
  const [establishment, setEstablishment] = useState('');
  const [pointOfSale, setPointOfSale] = useState('');
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
      ...draftInput(draft),
      type: kind,
      establishment,
      pointOfSale,
      // The dry run is asked with the condition only: the method's amount is the total it answers.
      payment: hasPayment(kind) ? paymentInput(payment, null) : undefined,
      sendEmail: sendEmail && Boolean(draft.receiver.email.trim()),
    }),
    [emitterId, draft, establishment, pointOfSale, sendEmail, payment.condition],
  );
  const inputKey = JSON.stringify(input);
  const checks = issueChecks(emitter ? emitterId : '', draft);
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
    const d = await issueDocument({ ...input, payment: hasPayment(kind) ? paymentInput(payment, current!.result!.totals.total) : undefined }, key);
    toast('Documento enviado al MH. Su estado se actualiza en esta pantalla.');
    navigate(`/documentos/${d.id}`);
  });
  // One rule for the whole form (form.tsx): the dry run's and the issuance's refusals, and the
  // form's own checks, each under its field once it is left (all of them after «Emitir»).
  const shownError = issue.error ?? current?.error ?? null;
  const scope = useFormScope(shownError, { checks });

  const gate = issuingGate('Emitir documento', session, emitters);
  if ('screen' in gate) return gate.screen;
  const credential = emitter?.credentials.find((c) => c.environment === session.environment);

  return (
    <div class="screen">
      <PageHeader
        title={from ? (kind === '05' ? 'Nota de crédito' : kind === '06' ? 'Nota de débito' : 'Duplicar documento') : 'Emitir documento'}
        back={from ? { to: `/documentos/${from}`, label: source ?? 'Documento' } : undefined}
        subtitle="Los totales se calculan con el servicio antes de enviar; nada se envía al MH hasta que presione «Emitir»."
      />
      {emitter && !credential?.certificateLoaded ? (
        <Alert tone="warning" title="Este emisor no tiene credenciales en este ambiente">
          Puede revisar los totales, pero para emitir <a href={href('/credenciales')}>cargue el certificado y la clave del MH</a>.
        </Alert>
      ) : null}
      {from && source ? (
        <Alert tone="info" title={kind === '05' || kind === '06' ? `Corrige el ${DOCUMENT_TYPES['03'].name.toLowerCase()} ${source}` : `Copia de ${source}`}>
          Revise el receptor y las líneas antes de emitir: se llenaron con lo que tenía ese documento.
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
            <TypePicker value={kind} onChange={setKind} />
            <div class="form-grid mt">
              <SelectField class="span-2" label="Emisor" value={emitterId} onValue={setEmitterId} name="emitterId" options={gate.emitters.map((e) => ({ value: e.id, label: `${e.name} · NIT ${e.nit}` }))} />
              <SelectField label="Establecimiento" value={establishment} onValue={setEstablishment} options={(emitter?.establishments ?? []).map((s) => ({ value: s.code, label: `${s.code}${s.name ? ` · ${s.name}` : ''}` }))} name="establishment" />
              <SelectField label="Punto de venta" value={pointOfSale} onValue={setPointOfSale} options={(est?.pointsOfSale ?? []).map((p) => ({ value: p.code, label: `${p.code}${p.name ? ` · ${p.name}` : ''}` }))} name="pointOfSale" />
            </div>
          </Card>
          <Card title={receiverTitle(kind)}>
            {emitterId ? <CustomerPicker emitterId={emitterId} type={kind} onPick={(receiver, c) => setDraft((d) => ({ ...d, receiver, customerId: c.id }))} /> : null}
            <ReceiverFields type={kind} value={draft.receiver} onChange={(receiver) => setDraft((d) => ({ ...d, receiver, customerId: undefined }))} />
          </Card>
          <TypeParts draft={draft} onChange={setDraft} run={current?.result ?? null} picker={emitterId && kind !== '15' ? (_, apply) => <ProductPicker emitterId={emitterId} onPick={apply} /> : undefined} />
          {hasPayment(kind) ? (
            <Card title="Condiciones de pago">
              <PaymentTermsFields value={payment} onChange={setPayment} />
            </Card>
          ) : null}
        </div>
        <aside class="issue-summary">
          <Card title="Totales">
            <IssueTotals type={kind} notReady={notReady} running={running || !current} result={current ? current.result : undefined} />
            <ErrorAlert error={shownError} title={issue.error ? 'No se pudo emitir' : 'Revise el documento'} />
            {draft.receiver.email.trim() ? <Checkbox label="Enviar por correo al receptor al procesarse" checked={sendEmail} onChange={setSendEmail} /> : null}
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
