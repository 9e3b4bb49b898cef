import { useEffect, useState } from 'preact/hooks';
import { createSpecialOperation, listSpecialOperations, type SpecialOperation, type SpecialOperationLineInput } from '../api/dte-events.api';
import { formatDate, formatMoney } from '../lib/format';
import { useAction, useLoad } from '../lib/hooks';
import { Button } from './button';
import { InvalidateEventDialog, type EventTarget } from './invalidate-event-dialog';
import { Dialog } from './dialog';
import { SelectField, TextField, normalizeAmount, useFormScope } from './form';
import { Icon } from './icons';
import { Card } from './page';
import { EventStatus } from './returns-card';
import { Alert, EmptyState, ErrorAlert } from './states';
import { toast } from './toast';
import type { ComponentChildren } from 'preact';

interface LineDraft {
  documentType: string;
  description: string;
  rangeFrom: string;
  rangeTo: string;
  documentNumber: string;
  gravada: string;
  exenta: string;
  noSujeta: string;
}

const newLine = (): LineDraft => ({ documentType: '02', description: '', rangeFrom: '', rangeTo: '', documentNumber: '', gravada: '', exenta: '', noSujeta: '' });

/** A range's count (to − from + 1) when both ends are digits; the service checks it too. */
function rangeCount(from: string, to: string): number {
  if (!/^\d{1,12}$/.test(from.trim()) || !/^\d{1,12}$/.test(to.trim())) return 0;
  return Math.max(0, Number(to.trim()) - Number(from.trim()) + 1);
}

function lineInput(l: LineDraft): SpecialOperationLineInput {
  const amount = (v: string) => (v.trim() ? normalizeAmount(v) : undefined);
  const base = { documentType: l.documentType, description: l.description.trim(), gravada: amount(l.gravada), exenta: amount(l.exenta), noSujeta: amount(l.noSujeta) };
  if (l.documentType === '97') return { ...base, quantity: 1, documentNumber: l.documentNumber.trim() };
  return { ...base, quantity: rangeCount(l.rangeFrom, l.rangeTo), rangeFrom: l.rangeFrom.trim(), rangeTo: l.rangeTo.trim() };
}

function SpecialOperationDialog({ emitterId, open, onClose, onDone }: { emitterId: string; open: boolean; onClose: () => void; onDone: (op: SpecialOperation) => void }) {
  const [lines, setLines] = useState<LineDraft[]>([newLine()]);
  useEffect(() => {
    if (open) setLines([newLine()]);
  }, [open]);
  const set = (i: number, patch: Partial<LineDraft>) => setLines(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const send = useAction(async (key: string) => {
    const op = await createSpecialOperation(emitterId, { lines: lines.map(lineInput) }, key);
    toast(op.status === 'SEALED' ? 'Evento sellado por el MH.' : op.status === 'PENDING' ? 'Evento enviado; el MH todavía no responde.' : 'El MH rechazó el evento.');
    onDone(op);
    onClose();
  });
  const scope = useFormScope(send.error);
  return (
    <Dialog open={open} size="lg" title="Informar operaciones especiales" onClose={onClose} form={scope} confirm={{ label: 'Enviar al MH', icon: 'send', pending: send.pending, onClick: () => void send.run() }}>
      <p class="muted">Operaciones documentadas fuera del sistema de DTE: facturas de venta simplificada en papel (por rango) y comprobantes de control interno. El MH las espera a más tardar el 10.º día hábil del mes siguiente.</p>
      <div class="items-editor">
        {lines.map((l, i) => (
          <div class="item-row" key={i}>
            <div class="item-row-head">
              <span class="item-number">Línea {i + 1}</span>
              {lines.length > 1 ? (
                <button type="button" class="icon-btn" aria-label={`Quitar la línea ${i + 1}`} onClick={() => setLines(lines.filter((_, j) => j !== i))}>
                  <Icon name="trash" size={16} />
                </button>
              ) : null}
            </div>
            <div class="form-grid">
              <SelectField
                label="Tipo de documento"
                value={l.documentType}
                onValue={(documentType) => set(i, { documentType })}
                name={`lines[${i}].documentType`}
                options={[
                  { value: '02', label: 'Facturas de venta simplificada (rango)' },
                  { value: '97', label: 'Comprobante de control interno' },
                ]}
              />
              <TextField label="Descripción" value={l.description} onValue={(description) => set(i, { description })} name={`lines[${i}].description`} />
              {l.documentType === '02' ? (
                <>
                  <TextField label="Desde el número" inputMode="numeric" value={l.rangeFrom} onValue={(rangeFrom) => set(i, { rangeFrom })} name={`lines[${i}].rangeFrom`} />
                  <TextField label="Hasta el número" inputMode="numeric" value={l.rangeTo} onValue={(rangeTo) => set(i, { rangeTo })} name={`lines[${i}].rangeTo`} hint={rangeCount(l.rangeFrom, l.rangeTo) ? `${rangeCount(l.rangeFrom, l.rangeTo)} facturas.` : undefined} />
                </>
              ) : (
                <TextField label="Número del comprobante" value={l.documentNumber} onValue={(documentNumber) => set(i, { documentNumber })} name={`lines[${i}].documentNumber`} />
              )}
              <TextField label="Ventas gravadas" inputMode="decimal" placeholder="0.00" value={l.gravada} onValue={(gravada) => set(i, { gravada })} name={`lines[${i}].gravada`} tidy={normalizeAmount} />
              <TextField label="Ventas exentas" inputMode="decimal" placeholder="0.00" value={l.exenta} onValue={(exenta) => set(i, { exenta })} name={`lines[${i}].exenta`} tidy={normalizeAmount} />
              <TextField label="Ventas no sujetas" inputMode="decimal" placeholder="0.00" value={l.noSujeta} onValue={(noSujeta) => set(i, { noSujeta })} name={`lines[${i}].noSujeta`} tidy={normalizeAmount} />
            </div>
          </div>
        ))}
        <Button icon="plus" size="sm" onClick={() => setLines([...lines, newLine()])}>
          Agregar línea
        </Button>
      </div>
      <ErrorAlert error={send.error} />
    </Dialog>
  );
}

/**
 * The issuer's special-operations events (CAT-002 17), newest first, with «Informar operaciones
 * especiales» and each sealed event's «Anular» (MH's invalidation event); `actions` draws more controls.
 */
export function SpecialOperationsCard({ emitterId, writer, actions }: { emitterId: string; writer: boolean; actions?: (op: SpecialOperation, reload: () => void) => ComponentChildren }) {
  const ops = useLoad(() => listSpecialOperations(emitterId), [emitterId]);
  const [open, setOpen] = useState(false);
  const [voiding, setVoiding] = useState<EventTarget | null>(null);
  const pending = (ops.data ?? []).some((o) => o.status === 'PENDING' || o.void?.status === 'pending');
  useEffect(() => {
    if (!pending) return;
    const t = window.setInterval(ops.refresh, 2000);
    return () => window.clearInterval(t);
  }, [pending]);
  return (
    <Card
      title="Operaciones especiales"
      actions={
        writer ? (
          <Button size="sm" icon="plus" onClick={() => setOpen(true)}>
            Informar operaciones especiales
          </Button>
        ) : null
      }
    >
      {ops.error ? <Alert tone="danger">{ops.error.message}</Alert> : null}
      {ops.data && !ops.data.length ? (
        <EmptyState icon="list" title="Sin eventos de operaciones especiales">
          Solo los emisores que el MH designa informan operaciones documentadas fuera del sistema de DTE.
        </EmptyState>
      ) : null}
      <ul class="event-list">
        {(ops.data ?? []).map((o) => (
          <li key={o.id} data-operation-id={o.id}>
            <div class="event-head">
              <span class="strong">Evento del {formatDate(`${o.eventDate}T12:00:00-06:00`)}</span>
              <EventStatus status={o.status} />
              <span class="amount">{formatMoney(o.totals.total)}</span>
            </div>
            <p class="muted">{o.lines.map((l) => (l.documentType === '02' ? `Facturas ${l.rangeFrom}–${l.rangeTo} (${l.quantity})` : `Comprobante ${l.documentNumber}`)).join(' · ')}</p>
            {o.status === 'REJECTED' && o.mhResponse?.message ? <p class="verbatim">{o.mhResponse.message}</p> : null}
            {(writer && o.status === 'SEALED' && o.void?.status !== 'pending') || actions ? (
              <div class="row">
                {writer && o.status === 'SEALED' && o.void?.status !== 'pending' ? (
                  <Button size="sm" variant="danger" onClick={() => setVoiding({ kind: 'special_operation', emitterId, event: o })}>
                    Anular
                  </Button>
                ) : null}
                {actions ? actions(o, ops.reload) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <SpecialOperationDialog emitterId={emitterId} open={open} onClose={() => setOpen(false)} onDone={(op) => ops.setData((list) => [op, ...(list ?? []).filter((x) => x.id !== op.id)])} />
      <InvalidateEventDialog target={voiding} onClose={() => setVoiding(null)} onDone={(op) => ops.setData((list) => (list ?? []).map((x) => (x.id === op.id ? (op as SpecialOperation) : x)))} />
    </Card>
  );
}
