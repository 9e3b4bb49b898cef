import type { ScreenProps } from '../app';
import { getUsage, listPlans, type Plan, type Usage } from '../api/account.api';
import { listEmitterSummaries } from '../api/emitters.api';
import { DOCUMENT_TYPES, currentPeriod, formatCount, formatDateTime, formatMoney } from '../lib/format';
import { useLoad } from '../lib/hooks';
import { setQuery } from '../lib/router';
import { Badge } from '../ui/badge';
import { TextField } from '../ui/form';
import { Card, PageHeader } from '../ui/page';
import { DataTable, type Column } from '../ui/table';
import { Alert, EmptyState, ErrorState, Loading } from '../ui/states';

function tiers(plan: Plan): string {
  let from = plan.included_documents + 1;
  return plan.overage
    .map((t) => {
      const range = t.up_to === null ? `desde ${formatCount(from)}` : `${formatCount(from)} a ${formatCount(t.up_to)}`;
      if (t.up_to !== null) from = t.up_to + 1;
      return `${range}: ${formatMoney(t.unit_price_excl_iva)} c/u`;
    })
    .join(' · ');
}

interface EmitterRow {
  id: string;
  name: string;
  counts: Record<string, number>;
  total: number;
}

export default function UsageScreen({ session, query }: ScreenProps) {
  const period = query.get('periodo') ?? currentPeriod();
  const usage = useLoad(() => getUsage(period), [period, session.environment]);
  const plans = useLoad(listPlans, []);
  const emitters = useLoad(listEmitterSummaries, []);
  const u: Usage | undefined = usage.data;
  const plan = plans.data?.data.find((p) => p.code === u?.plan_code);
  const pct = u && u.included > 0 ? Math.min(100, Math.round((u.used / u.included) * 100)) : 0;
  const types = [...new Set((u?.by_emitter ?? []).flatMap((e) => e.by_type.map((t) => t.type)))].sort();
  const rows: EmitterRow[] = (u?.by_emitter ?? []).map((e) => {
    const counts = Object.fromEntries(e.by_type.map((t) => [t.type, t.processed]));
    return { id: e.emitter_id, name: emitters.data?.find((x) => x.id === e.emitter_id)?.name ?? e.emitter_id, counts, total: e.by_type.reduce((s, t) => s + t.processed, 0) };
  });
  const columns: Column<EmitterRow>[] = [
    { key: 'name', label: 'Emisor', primary: true, render: (r) => <span class="strong">{r.name}</span> },
    ...types.map((t) => ({ key: t, label: DOCUMENT_TYPES[t]?.short ?? t, align: 'right' as const, render: (r: EmitterRow) => formatCount(r.counts[t] ?? 0) })),
    { key: 'total', label: 'Total', align: 'right', render: (r) => <span class="strong">{formatCount(r.total)}</span> },
  ];
  return (
    <div class="screen">
      <PageHeader
        title="Consumo y plan"
        subtitle="Documentos procesados por el MH en el mes, frente a lo que incluye su plan."
        actions={<TextField label="Mes" type="month" value={period} onValue={(v) => setQuery({ periodo: v || null })} />}
      />
      {usage.error ? (
        <ErrorState error={usage.error} onRetry={usage.reload} />
      ) : !u ? (
        <Loading />
      ) : (
        <>
          {u.environment === '00' ? <Alert tone="info">Está viendo el ambiente de prueba: sus documentos se cuentan para que los vea, pero nunca se cobran.</Alert> : null}
          <div class="grid-3">
            <div class="card kpi">
              <div class="kpi-label">Plan</div>
              <div class="kpi-value">{plan?.name ?? u.plan_code}</div>
              <div class="kpi-note">{plan ? `${formatMoney(plan.price_excl_iva)} al mes + IVA · ${formatCount(plan.included_documents)} documentos incluidos` : ''}</div>
            </div>
            <div class="card kpi">
              <div class="kpi-label">Documentos procesados</div>
              <div class="kpi-value">
                {formatCount(u.used)} <span class="kpi-note">de {formatCount(u.included)}</span>
              </div>
              <div class="progress" role="progressbar" aria-label="Documentos usados del plan" aria-valuemin={0} aria-valuemax={u.included} aria-valuenow={Math.min(u.used, u.included)}>
                <div class={`progress-bar${u.used > u.included ? ' over' : ''}`} style={{ width: `${pct}%` }} />
              </div>
              <div class="kpi-note">{u.remaining > 0 ? `Quedan ${formatCount(u.remaining)} incluidos` : 'Ya usó todos los incluidos'}</div>
            </div>
            <div class="card kpi">
              <div class="kpi-label">Excedente</div>
              <div class="kpi-value">{formatMoney(u.overage_amount_excl_iva)}</div>
              <div class="kpi-note">
                {formatCount(u.overage_documents)} documentos fuera del plan · sin IVA {u.environment === '00' ? <Badge>No se cobra</Badge> : null}
              </div>
            </div>
          </div>
          <Card title="Por emisor y tipo de documento" class="card-flush">
            {rows.length ? (
              <DataTable caption="Documentos procesados por emisor" columns={columns} rows={rows} rowKey={(r) => r.id} />
            ) : (
              <EmptyState icon="chart" title="Ningún documento procesado en este mes">
                Aquí verá cuántos documentos procesó el MH por cada emisor y tipo.
              </EmptyState>
            )}
          </Card>
          {plan ? (
            <Card title="Su plan">
              <p>
                <strong>{plan.name}</strong>: {formatMoney(plan.price_excl_iva)} al mes más IVA, {formatCount(plan.included_documents)} documentos incluidos.
              </p>
              {plan.overage.length ? <p class="muted">Documentos adicionales (sin IVA): {tiers(plan)}.</p> : null}
              {plan.features.length ? (
                <ul class="obs-list">
                  {plan.features.map((f) => (
                    <li key={f}>{f}</li>
                  ))}
                </ul>
              ) : null}
            </Card>
          ) : null}
          <p class="muted small">Datos al {formatDateTime(u.data_refreshed_at)}.</p>
        </>
      )}
    </div>
  );
}
