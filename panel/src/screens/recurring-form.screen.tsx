import { useEffect, useState } from 'preact/hooks';
import type { ScreenProps } from '../app';
import { getEmitter, listEmitterSummaries } from '../api/emitters.api';
import { WEEKDAY_OPTIONS, createRecurringDocument, type RecurringLineInput } from '../api/recurring.api';
import { todayInElSalvador } from '../lib/format';
import { useAction, useLoad } from '../lib/hooks';
import { navigate } from '../lib/router';
import { Button } from '../ui/button';
import { Checkbox, FormScope, SelectField, TextField, normalizeAmount, useFormScope } from '../ui/form';
import { Card, PageHeader } from '../ui/page';
import { ErrorAlert, ErrorState, Loading } from '../ui/states';

const EMPTY_LINE: RecurringLineInput = { description: '', quantity: '1', unitPrice: '' };

/** «Nueva factura recurrente»: an FE template (receiver optional, its lines) issued on a monthly or weekly schedule. */
export default function RecurringFormScreen({ query }: ScreenProps) {
  const emitters = useLoad(listEmitterSummaries, []);
  const [emitterId, setEmitterId] = useState(query.get('emisor') ?? '');
  useEffect(() => {
    if (!emitterId && emitters.data?.[0]) setEmitterId(emitters.data[0].id);
  }, [emitters.data]);
  const emitter = useLoad(() => (emitterId ? getEmitter(emitterId) : Promise.resolve(null)), [emitterId]);
  const places = (emitter.data?.establishments ?? []).filter((e) => e.active).flatMap((e) => e.pointsOfSale.filter((p) => p.active).map((p) => ({ value: `${e.code}|${p.code}`, label: `${e.code} · ${p.code}${e.name ? ` — ${e.name}` : ''}` })));
  const [place, setPlace] = useState('');
  const chosenPlace = places.find((p) => p.value === place)?.value ?? places[0]?.value ?? '';

  const [frequency, setFrequency] = useState<'monthly' | 'weekly'>('monthly');
  const [dayOfMonth, setDayOfMonth] = useState('1');
  const [weekday, setWeekday] = useState('1');
  const [startsOn, setStartsOn] = useState(todayInElSalvador());
  const [endsOn, setEndsOn] = useState('');
  const [count, setCount] = useState('');
  const [sendEmail, setSendEmail] = useState(true);
  const [externalId, setExternalId] = useState('');
  const [receiverName, setReceiverName] = useState('');
  const [receiverEmail, setReceiverEmail] = useState('');
  const [lines, setLines] = useState<RecurringLineInput[]>([{ ...EMPTY_LINE }]);
  const setLine = (i: number, patch: Partial<RecurringLineInput>) => setLines(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  const save = useAction(async (key: string) => {
    const [establishment, pointOfSale] = chosenPlace.split('|');
    const receiver = receiverName.trim() || receiverEmail.trim() ? { name: receiverName.trim() || undefined, email: receiverEmail.trim() || undefined } : undefined;
    const created = await createRecurringDocument(
      {
        emitterId,
        schedule: frequency === 'monthly' ? { frequency, dayOfMonth: Number(dayOfMonth) } : { frequency, weekday: Number(weekday) },
        startsOn,
        endsOn: endsOn || undefined,
        count: count.trim() ? Number(count) : undefined,
        sendEmail,
        template: {
          emitterId,
          type: '01',
          establishment: establishment ?? '',
          pointOfSale: pointOfSale ?? '',
          externalId: externalId.trim() || undefined,
          receiver,
          items: lines.map((l) => ({ type: '2', description: l.description.trim(), quantity: l.quantity.trim(), unitCode: '59', unitPrice: normalizeAmount(l.unitPrice), tax: 'gravada' })),
        },
      },
      key,
    );
    navigate(`/recurrentes/${created.id}`);
  });
  const scope = useFormScope(save.error, { aliases: { 'template.establishment': 'place', 'template.pointOfSale': 'place' } });
  const back = { to: `/recurrentes${emitterId ? `?emisor=${emitterId}` : ''}`, label: 'Facturas recurrentes' };

  if (emitters.error) return <ErrorState error={emitters.error} onRetry={emitters.reload} />;
  if (!emitters.data) return <Loading />;
  return (
    <div class="screen">
      <PageHeader back={back} title="Nueva factura recurrente" subtitle="Una factura (FE) que se emite sola en cada fecha del calendario, con el correlativo y la fecha de ese día." />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          scope.submit();
          void save.run();
        }}
      >
        <FormScope scope={scope}>
          <div class="stack">
            <Card title="Emisor y calendario">
              <div class="form-grid">
                <SelectField label="Emisor" value={emitterId} onValue={setEmitterId} options={emitters.data.map((e) => ({ value: e.id, label: `${e.name} · NIT ${e.nit}` }))} name="emitterId" />
                <SelectField label="Establecimiento y punto de venta" value={chosenPlace} onValue={setPlace} options={places.length ? places : [{ value: '', label: emitter.data ? 'Sin puntos de venta activos' : 'Cargando…' }]} name="place" />
                <SelectField
                  label="Frecuencia"
                  value={frequency}
                  onValue={(v) => setFrequency(v as 'monthly' | 'weekly')}
                  options={[
                    { value: 'monthly', label: 'Mensual' },
                    { value: 'weekly', label: 'Semanal' },
                  ]}
                  name="schedule.frequency"
                />
                {frequency === 'monthly' ? (
                  <TextField label="Día del mes" type="number" min={1} max={31} value={dayOfMonth} onValue={setDayOfMonth} hint="29, 30 y 31 se ajustan al último día de los meses más cortos." name="schedule.dayOfMonth" />
                ) : (
                  <SelectField label="Día de la semana" value={weekday} onValue={setWeekday} options={WEEKDAY_OPTIONS} name="schedule.weekday" />
                )}
                <TextField label="Desde" type="date" value={startsOn} onValue={setStartsOn} hint="Fecha de El Salvador, hoy o después." name="startsOn" />
                <TextField label="Hasta (opcional)" type="date" value={endsOn} onValue={setEndsOn} name="endsOn" />
                <TextField label="Cantidad de emisiones (opcional)" type="number" min={1} max={1000} value={count} onValue={setCount} hint="Termina al llegar a esta cantidad o a la fecha «Hasta», lo primero." name="count" />
                <TextField label="Referencia externa (opcional)" value={externalId} onValue={setExternalId} hint="Cada documento lleva esta referencia y su fecha (IGUALA-7-2026-12-05)." name="template.externalId" />
                <div class="span-2">
                  <Checkbox label="Enviar cada factura por correo al receptor" checked={sendEmail} onChange={setSendEmail} />
                </div>
              </div>
            </Card>
            <Card title="Receptor (opcional)">
              <div class="form-grid">
                <TextField label="Nombre del receptor" value={receiverName} onValue={setReceiverName} hint="Sin receptor, la factura es a consumidor final." name="template.receiver.name" />
                <TextField label="Correo del receptor" type="email" value={receiverEmail} onValue={setReceiverEmail} name="template.receiver.email" />
              </div>
            </Card>
            <Card title="Líneas">
              <div class="stack">
                {lines.map((l, i) => (
                  <div class="recurring-line" key={i} data-line={i}>
                    <TextField class="line-description" label={`Descripción de la línea ${i + 1}`} value={l.description} onValue={(description) => setLine(i, { description })} name={`template.items[${i}].description`} />
                    <TextField label="Cantidad" inputMode="decimal" value={l.quantity} onValue={(quantity) => setLine(i, { quantity })} name={`template.items[${i}].quantity`} />
                    <TextField label="Precio con IVA" inputMode="decimal" value={l.unitPrice} onValue={(unitPrice) => setLine(i, { unitPrice })} name={`template.items[${i}].unitPrice`} />
                    {lines.length > 1 ? (
                      <Button class="line-remove" size="sm" variant="ghost" icon="trash" aria-label={`Quitar línea ${i + 1}`} onClick={() => setLines(lines.filter((_, j) => j !== i))}>
                        Quitar
                      </Button>
                    ) : null}
                  </div>
                ))}
                <div>
                  <Button size="sm" icon="plus" onClick={() => setLines([...lines, { ...EMPTY_LINE }])}>
                    Agregar línea
                  </Button>
                </div>
              </div>
            </Card>
            <ErrorAlert error={save.error} title="No se pudo programar la factura" />
            <div class="form-actions">
              <Button onClick={() => navigate(back.to)}>Cancelar</Button>
              <Button type="submit" variant="primary" pending={save.pending} disabled={!emitterId}>
                Programar factura
              </Button>
            </div>
          </div>
        </FormScope>
      </form>
    </div>
  );
}
