import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ScreenProps } from '../app';
import { BATCH_SIZE, currentStatuses, issueBatch, previewCsv, resultCsv, templateUrl, type CsvPreview } from '../api/bulk-issuance.api';
import { watchDocumentStatus } from '../api/documents.api';
import { getEmitter, listEmitterSummaries } from '../api/emitters.api';
import { countOf, formatCount, formatMoney } from '../lib/format';
import { ApiError } from '../lib/http';
import { useAction, useLoad } from '../lib/hooks';
import { StatusReads } from '../lib/status-reads';
import { DTE_TYPES, type DteType } from '../lib/issue-draft';
import { href } from '../lib/router';
import { Badge, StatusBadge } from '../ui/badge';
import { Button } from '../ui/button';
import { FileField, SelectField } from '../ui/form';
import { Card, PageHeader } from '../ui/page';
import { DataTable } from '../ui/table';
import { Alert, ErrorAlert } from '../ui/states';
import { issuingGate } from '../ui/issuing-gate';
import { toast } from '../ui/toast';

interface Issued {
  id: string | null;
  controlNumber: string | null;
  status: string;
  error: string | null;
}

/** Statuses after which MH has nothing more to say about a document issued here. */
const SETTLED = new Set(['PROCESSED', 'REJECTED', 'CONTINGENCY', 'ERROR', 'VOIDED']);

function downloadText(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export default function BulkIssuanceScreen({ session }: ScreenProps) {
  const emitters = useLoad(listEmitterSummaries, []);
  const [kind, setKind] = useState<DteType>('01');
  const [emitterId, setEmitterId] = useState('');
  const [establishment, setEstablishment] = useState('');
  const [pointOfSale, setPointOfSale] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [issued, setIssued] = useState<Map<string, Issued>>(new Map());
  const [sent, setSent] = useState(0);

  useEffect(() => {
    if (!emitterId && emitters.data?.length) setEmitterId(emitters.data[0].id);
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
  // A new file, type or place: the earlier preview and results no longer describe it.
  useEffect(() => {
    setPreview(null);
    setIssued(new Map());
    setSent(0);
  }, [file, kind, emitterId, establishment, pointOfSale]);

  const check = useAction(async (key: string) => {
    if (!file) throw new ApiError('Elija el archivo CSV.', 0, 'panel_error', [{ path: 'file', code: 'required', message: 'Elija el archivo CSV.' }]);
    const csv = await file.text();
    setPreview(await previewCsv({ emitterId, type: kind, establishment, pointOfSale, csv }, key));
  });

  const valid = useMemo(() => preview?.documents.filter((d) => d.ok) ?? [], [preview]);
  const issueAll = useAction(async () => {
    if (!preview) return;
    setSent(0);
    for (let n = 0; n * BATCH_SIZE < valid.length; n++) {
      const chunk = valid.slice(n * BATCH_SIZE, (n + 1) * BATCH_SIZE);
      const { results } = await issueBatch(preview.file_sha256, n, chunk.map((d) => d.body));
      const answered = new Map(
        results.map((r) => [
          r.external_id ?? chunk[r.index].external_id,
          r.document ? { id: r.document.id, controlNumber: r.document.control_number, status: r.document.status.toUpperCase(), error: null } : { id: null, controlNumber: null, status: 'no_emitido', error: r.error?.errors.map((e) => e.message).join(' | ') || r.error?.detail || 'No se emitió.' },
        ]),
      );
      // Added to what is on screen: the stream may already have moved an earlier batch's documents on.
      setIssued((m) => new Map([...m, ...answered]));
      setSent((s) => s + chunk.length);
    }
    toast(`${countOf(valid.length, 'documento', 'documentos')} enviados. Su estado se actualiza en esta pantalla.`);
  });

  // Live statuses: the same stream the documents list follows.
  const byId = useRef(new Map<string, string>());
  byId.current = new Map([...issued.entries()].filter(([, v]) => v.id).map(([ext, v]) => [v.id!, ext]));
  const issuedRef = useRef(issued);
  issuedRef.current = issued;
  // What the stream changed, so a read that set out before a change never undoes it.
  const [reads] = useState(() => new StatusReads());
  // Each time the stream (re)starts listening, what changed before is read once (a replayed batch answers the statuses it first had).
  const refresh = () => {
    const open = [...issuedRef.current.values()].filter((v) => v.id && !SETTLED.has(v.status)).map((v) => v.id!);
    if (!open.length) return;
    const mark = reads.mark();
    currentStatuses(open).then(
      (now) => setIssued((m) => reads.apply(m, now, mark)),
      () => undefined,
    );
  };
  useEffect(() => {
    if (!issueAll.pending && issued.size) refresh();
  }, [issueAll.pending]);
  useEffect(() => {
    if (!issued.size || !emitterId) return;
    return watchDocumentStatus(
      { emitterId },
      (d) => {
        const ext = byId.current.get(d.id);
        if (!ext) return;
        reads.changed(d.id);
        setIssued((m) => {
          const cur = m.get(ext);
          if (!cur || cur.status === d.status) return m;
          const copy = new Map(m);
          copy.set(ext, { ...cur, status: d.status, controlNumber: d.controlNumber ?? cur.controlNumber });
          return copy;
        });
      },
      refresh,
    );
  }, [issued.size > 0, emitterId]);

  const gate = issuingGate('Emisión masiva', session, emitters);
  if ('screen' in gate) return gate.screen;

  const settled = [...issued.values()].filter((v) => SETTLED.has(v.status)).length;
  const processed = [...issued.values()].filter((v) => v.status === 'PROCESSED').length;
  const refused = [...issued.values()].filter((v) => v.status === 'no_emitido').length;
  const badRows = preview?.rows.filter((r) => !r.ok) ?? [];
  const done = preview !== null && issued.size > 0 && !issueAll.pending;
  const typeName = DTE_TYPES.find((d) => d.code === kind)?.short ?? kind;

  return (
    <div class="screen">
      <PageHeader
        title="Emisión masiva"
        subtitle="Suba un archivo CSV con una fila por línea; las filas con el mismo id_externo son un documento. Cada documento se revisa con el servicio antes de emitir nada."
        back={{ to: '/emitir', label: 'Emitir documento' }}
      />
      <div class="grid-2">
        <Card title="1. Archivo">
          <div class="form-grid">
            <SelectField class="span-2" label="Tipo de documento" name="type" value={kind} onValue={(v) => setKind(v as DteType)} options={DTE_TYPES.map((d) => ({ value: d.code, label: d.label }))} hint="Cada tipo tiene su plantilla: descárguela después de elegirlo." />
            <SelectField class="span-2" label="Emisor" value={emitterId} onValue={setEmitterId} name="emitterId" options={gate.emitters.map((e) => ({ value: e.id, label: `${e.name} · NIT ${e.nit}` }))} />
            <SelectField label="Establecimiento" value={establishment} onValue={setEstablishment} options={(emitter?.establishments ?? []).map((s) => ({ value: s.code, label: `${s.code}${s.name ? ` · ${s.name}` : ''}` }))} name="establishment" hint="Para las filas que no lo traen." />
            <SelectField label="Punto de venta" value={pointOfSale} onValue={setPointOfSale} options={(est?.pointsOfSale ?? []).map((p) => ({ value: p.code, label: `${p.code}${p.name ? ` · ${p.name}` : ''}` }))} name="pointOfSale" />
            <div class="span-2">
              <FileField label="Archivo CSV" name="file" accept=".csv,text/csv" onFile={setFile} hint={<>UTF-8, separado por comas o punto y coma, hasta 1000 documentos.</>} />
            </div>
          </div>
          <div class="row mt">
            <Button variant="primary" icon="check" pending={check.pending} disabled={!file || !emitter} onClick={() => void check.run()}>
              Revisar archivo
            </Button>
            <a class="btn btn-ghost" href={templateUrl(kind)} download>
              Descargar plantilla {typeName}
            </a>
          </div>
          <ErrorAlert error={check.error} title="No se pudo leer el archivo" />
        </Card>
        <Card title="2. Revisión y emisión">
          {!preview ? (
            <p class="muted">Elija el archivo y presione «Revisar archivo»: el servicio simula cada documento (nada se numera, firma ni envía) y marca cada fila con error.</p>
          ) : (
            <div class="stack">
              <div class="grid-3" aria-label="Resumen del archivo">
                <div class="kpi">
                  <div class="kpi-label">Documentos</div>
                  <div class="kpi-value" data-kpi="documents">{formatCount(preview.document_count)}</div>
                </div>
                <div class="kpi">
                  <div class="kpi-label">Válidos</div>
                  <div class="kpi-value" data-kpi="valid">{formatCount(preview.valid_documents)}</div>
                </div>
                <div class="kpi">
                  <div class="kpi-label">Filas con errores</div>
                  <div class="kpi-value" data-kpi="bad-rows">{formatCount(preview.invalid_rows)}</div>
                </div>
              </div>
              {badRows.length ? (
                <Alert tone="warning" title={`${formatCount(badRows.length)} ${badRows.length === 1 ? 'fila tiene errores' : 'filas tienen errores'}`}>
                  Los documentos con errores no se emiten; corríjalos en el archivo y súbalo de nuevo. Los demás se emiten con «Emitir todo».
                </Alert>
              ) : (
                <Alert tone="success" title="Todas las filas están correctas" />
              )}
              {issued.size || issueAll.pending ? (
                <div class="stack-tight" aria-live="polite">
                  <div class="row">
                    <strong data-progress="sent">
                      Enviados {formatCount(sent)} de {formatCount(valid.length)}
                    </strong>
                    <span class="muted" data-progress="settled">
                      · Procesados por el MH: {formatCount(processed)}
                      {refused ? ` · No emitidos: ${formatCount(refused)}` : ''}
                    </span>
                  </div>
                  <div class="progress" role="progressbar" aria-label="Avance de la emisión" aria-valuemin={0} aria-valuemax={valid.length} aria-valuenow={settled + refused}>
                    <div class="progress-bar" style={{ width: `${valid.length ? Math.round(((issueAll.pending ? sent / 2 : settled + refused) / valid.length) * 100) : 0}%` }} />
                  </div>
                </div>
              ) : null}
              <ErrorAlert error={issueAll.error} title="La emisión se interrumpió" />
              {issueAll.error ? <p class="muted">Presione «Emitir todo» de nuevo: los documentos ya emitidos no se emiten dos veces.</p> : null}
              <div class="row">
                <Button variant="primary" icon="send" pending={issueAll.pending} disabled={!valid.length} onClick={() => void issueAll.run()}>
                  Emitir todo
                </Button>
                {done ? (
                  <Button icon="download" onClick={() => downloadText(`resultado-${preview.file_sha256.slice(0, 12)}.csv`, resultCsv(preview, issued))}>
                    Descargar resultado CSV
                  </Button>
                ) : null}
              </div>
              <p class="muted">
                {formatCount(valid.length)} {valid.length === 1 ? 'documento válido se emitirá' : 'documentos válidos se emitirán'}. Si sube el mismo archivo otra vez, nada se emite dos veces.
              </p>
            </div>
          )}
        </Card>
      </div>
      {preview && badRows.length ? (
        <Card title="Filas con errores" class="mt">
          <DataTable
            caption="Filas con errores"
            rows={badRows.flatMap((r) => r.errors.map((e, i) => ({ key: `${r.row}-${i}`, row: r.row, externalId: r.external_id, column: e.column, message: e.message })))}
            rowKey={(r) => r.key}
            columns={[
              { key: 'row', label: 'Fila', render: (r) => <span data-bad-row={r.row}>{r.row}</span>, primary: true },
              { key: 'ext', label: 'id_externo', render: (r) => r.externalId ?? '—' },
              { key: 'column', label: 'Columna', render: (r) => r.column ?? '—' },
              { key: 'message', label: 'Error', render: (r) => r.message },
            ]}
          />
        </Card>
      ) : null}
      {preview ? (
        <Card title="Documentos del archivo" class="mt">
          <DataTable
            caption="Documentos del archivo"
            rows={preview.documents}
            rowKey={(d) => d.external_id}
            columns={[
              { key: 'ext', label: 'id_externo', render: (d) => <span data-document={d.external_id}>{d.external_id}</span>, primary: true },
              { key: 'rows', label: 'Filas', render: (d) => d.rows.join(', '), hideOnPhone: true },
              { key: 'total', label: 'Total', render: (d) => (d.totals ? formatMoney(d.totals.total) : '—'), align: 'right' },
              { key: 'control', label: 'Número de control', render: (d) => <span class="mono">{issued.get(d.external_id)?.controlNumber ?? '—'}</span> },
              {
                key: 'status',
                label: 'Estado',
                render: (d) => {
                  const got = issued.get(d.external_id);
                  if (!d.ok) return <Badge tone="danger">Con errores</Badge>;
                  if (!got) return <Badge tone="info">Válido</Badge>;
                  if (got.status === 'no_emitido') return <Badge tone="danger" title={got.error ?? undefined}>No emitido</Badge>;
                  return got.id ? <a href={href(`/documentos/${got.id}`)}><StatusBadge status={got.status} /></a> : <StatusBadge status={got.status} />;
                },
              },
            ]}
          />
        </Card>
      ) : null}
    </div>
  );
}

