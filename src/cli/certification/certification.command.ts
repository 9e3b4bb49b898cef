import { join } from 'node:path';
import { COUNT_KEYS, minimum, target } from '../../domain/certification/battery-plan';
import { localDateOf } from '../../domain/mh-rules/el-salvador-time';
import { DomainError } from '../../domain/shared/domain-error';
import type { CliCommand } from '../commands';
import { explain } from '../cli-errors';
import { BatteryRestClient } from './battery-rest-client';
import { openBatterySession } from './battery-session';
import type { CertificationRun, CertificationRunsService } from '../../services/certification/certification-runs.service';
import { COUNT_LABELS, reportJsonText, reportPdfPath, writeReport, type BatteryReport, type ReportHeader } from './certification-report';
import { CertificationRunner, countsOf } from './certification-runner';

function positiveInt(v: unknown, name: string, max: number): number | null {
  if (v === undefined) return null;
  const n = Number(v);
  if (typeof v !== 'string' || !/^\d+$/.test(v) || n < 1 || n > max) throw DomainError.field('invalid_value', name, `--${name} debe ser un entero entre 1 y ${max}.`);
  return n;
}

/**
 * Writes the run's report, first marking the run completed when MH processed every count's target,
 * so that the first report of a finished run already says when it finished («Terminada»).
 */
export async function finishAndReport(runs: Pick<CertificationRunsService, 'items' | 'complete'>, run: CertificationRun, dir: string, header: ReportHeader): Promise<BatteryReport> {
  const items = await runs.items(run.id);
  const counts = countsOf(items);
  const reached = COUNT_KEYS.every((k) => counts[k] >= target(k, run.sampleLimit));
  const finished = reached ? await runs.complete(run.id, reportPdfPath(dir)) : run;
  return writeReport(dir, finished, items, header);
}

/** `certification run`: MH's certification battery for an emitter, resumable, with its report. */
export const certificationRunCommand: CliCommand = {
  name: 'certification run',
  summary: 'Emite la batería de certificación del MH (mínimos por tipo y eventos) y escribe el informe PDF; se reanuda donde quedó.',
  usage: '--emitter emt_… [--environment 00] [--url http://…] [--out DIR] [--new] [--limit N] [--concurrency N] [--json]',
  options: {
    emitter: { type: 'string' },
    environment: { type: 'string' },
    url: { type: 'string' },
    out: { type: 'string' },
    new: { type: 'boolean' },
    limit: { type: 'string' },
    concurrency: { type: 'string' },
  },
  run: async (v) => {
    const emitterId = typeof v.emitter === 'string' ? v.emitter.trim() : '';
    if (!emitterId) throw DomainError.field('required', 'emitter', 'Falta la opción --emitter.');
    const environment = typeof v.environment === 'string' ? v.environment : '00';
    if (environment !== '00' && environment !== '01') throw DomainError.field('invalid_value', 'environment', 'El ambiente es "00" (pruebas) o "01" (producción).');
    const sampleLimit = positiveInt(v.limit, 'limit', 1000);
    const concurrency = positiveInt(v.concurrency, 'concurrency', 16) ?? 4;
    const progress = (line: string) => process.stderr.write(`${line}\n`);

    const session = await openBatterySession({ url: typeof v.url === 'string' ? v.url : undefined });
    const { services } = session;
    let keyId: string | null = null;
    try {
      const { run, resumed } = await services.certificationRuns.execute({ emitterId, environment, sampleLimit, fresh: v.new === true });
      if (resumed && run.status === 'completed') progress(`La corrida ${run.id} ya terminó; se vuelve a escribir su informe (--new para empezar otra).`);
      else progress(resumed ? `Se reanuda la corrida ${run.id}.` : `Nueva corrida ${run.id}${run.sampleLimit !== null ? ` (muestra: ${run.sampleLimit} por tipo)` : ''}.`);
      if (resumed && sampleLimit !== null && sampleLimit !== run.sampleLimit) progress(`La corrida conserva su muestra original (${run.sampleLimit ?? 'mínimos del MH'}); --limit se ignora.`);
      // A key of the emitter's account in the run's environment, for this command only; one left by an
      // interrupted invocation of the same run is revoked first.
      const description = `Batería de certificación ${run.id}`;
      for (const k of await services.listApiKeys.execute({ accountId: run.accountId })) {
        if (k.description === description && !k.revokedAt) await services.revokeApiKey.execute({ keyId: k.id });
      }
      const key = await services.createApiKey.execute({ accountId: run.accountId, environment: run.environment, scopes: ['emitters:read', 'documents:write', 'documents:invalidate'], description });
      keyId = key.id;
      const api = new BatteryRestClient(session.baseUrl, key.key);
      const emitter = await api.get(`/v1/emitters/${run.emitterId}`);
      if (run.status !== 'completed') {
        const runner = new CertificationRunner({
          runs: services.certificationRuns,
          declareContingency: services.declareContingency,
          endDeclaredContingency: services.endDeclaredContingency,
          api,
          run,
          today: localDateOf(new Date()),
          progress,
          concurrency,
          wait: (ms) => new Promise((r) => setTimeout(r, ms)),
          settleTimeoutMs: 10 * 60_000,
        });
        await runner.execute();
      }
      const dir = typeof v.out === 'string' ? v.out : join(session.config.dataDir, 'certification', run.id);
      const report = await finishAndReport(services.certificationRuns, run, dir, {
        emitterName: emitter.name, nit: emitter.nit, nrc: emitter.nrc ?? null, mode: session.mode, generatedAt: new Date(),
      });
      const text = [
        `Corrida ${run.id} (${run.environment}) — ${session.mode}`,
        ...COUNT_KEYS.map((k) => `  ${COUNT_LABELS[k].padEnd(40)} ${String(report.counts[k]).padStart(4)} / ${minimum(k)}`),
        `  Rechazos: ${report.rejections.length}`,
        `Informe: ${report.report_pdf}`,
      ].join('\n');
      return { json: report, jsonText: reportJsonText(report), text };
    } finally {
      // Closing never hides why the command stopped: a failure to close is only said, after it.
      if (keyId) await services.revokeApiKey.execute({ keyId }).catch((err: unknown) => progress(`Aviso: no se pudo revocar la llave temporal ${keyId}: ${explain(err)}`));
      await session.close().catch((err: unknown) => progress(`Aviso: el servicio iniciado por el comando no se detuvo limpiamente: ${explain(err)}`));
    }
  },
};
