import { useEffect, useRef, useState } from 'preact/hooks';
import { getPeriodArchive, latestPeriodArchive, periodArchiveDownloadUrl, requestPeriodArchive, type PeriodArchive } from '../api/period-archive.api';
import { countOf } from '../lib/format';
import { useAction } from '../lib/hooks';
import { Badge } from './badge';
import { Button } from './button';
import { Card } from './page';
import { toast } from './toast';

const STATUS: Record<PeriodArchive['status'], string> = { QUEUED: 'En cola', RUNNING: 'Generando…', READY: 'Listo', FAILED: 'Falló' };

function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('es-SV')} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString('es-SV', { maximumFractionDigits: 1 })} MB`;
}

/**
 * «Archivo del período» on the books screen: asks for the month's ZIP (signed documents, PDFs, events,
 * books and index), follows its progress (documents done / total) and downloads it when ready.
 */
export function PeriodArchiveCard({ emitterId, period, writer }: { emitterId: string; period: string; writer: boolean }) {
  const [archive, setArchive] = useState<PeriodArchive | null>(null);
  const [downloading, setDownloading] = useState(false);
  const alive = useRef(true);
  const follow = async (first: PeriodArchive | null) => {
    let a = first;
    setArchive(a);
    while (alive.current && a && (a.status === 'QUEUED' || a.status === 'RUNNING')) {
      await new Promise((resolve) => window.setTimeout(resolve, 1000));
      a = await getPeriodArchive(emitterId, a.id);
      if (alive.current) setArchive(a);
    }
  };
  useEffect(() => {
    alive.current = true;
    setArchive(null);
    void latestPeriodArchive(emitterId, period).then(follow).catch(() => undefined);
    return () => {
      alive.current = false;
    };
  }, [emitterId, period]);
  const request = useAction(async (key: string) => follow(await requestPeriodArchive(emitterId, period, key)));
  const download = async () => {
    if (!archive) return;
    setDownloading(true);
    try {
      const url = await periodArchiveDownloadUrl(emitterId, archive.id);
      if (url) window.location.assign(url);
    } catch (err) {
      toast((err as Error).message, 'danger');
    } finally {
      setDownloading(false);
    }
  };
  const busy = request.pending || archive?.status === 'QUEUED' || archive?.status === 'RUNNING';
  return (
    <Card title="Archivo del período">
      <p class="muted card-note">Un ZIP con cada documento del mes firmado y sellado (JSON y JWS), su PDF, las invalidaciones, devoluciones y contingencias, los libros de IVA e indice.csv: para guardarlo fuera del servicio o entregarlo en una fiscalización.</p>
      <div class="report-row">
        <div class="report-state">
          {archive ? (
            <span class="row">
              {busy ? <span class="spinner" aria-hidden="true" /> : null}
              <Badge tone={archive.status === 'READY' ? 'success' : archive.status === 'FAILED' ? 'danger' : 'info'}>{STATUS[archive.status]}</Badge>
              <span class="muted small">
                {archive.status === 'READY' && archive.size !== null
                  ? `${countOf(archive.documentsTotal, 'documento', 'documentos')} · ${fileSize(archive.size)}`
                  : `${archive.documentsDone} de ${archive.documentsTotal} documentos`}
              </span>
            </span>
          ) : (
            <span class="muted small">Aún no generado para este período</span>
          )}
          {archive?.status === 'FAILED' && archive.error ? <p class="field-error">{archive.error}</p> : null}
          {request.error ? <p class="field-error">{request.error.message}</p> : null}
        </div>
        <div class="report-actions">
          {archive?.status === 'READY' ? (
            <Button size="sm" icon="download" pending={downloading} onClick={() => void download()} aria-label="Descargar el archivo del período">
              Descargar ZIP
            </Button>
          ) : null}
          {writer ? <Button size="sm" variant={archive?.status === 'READY' ? 'ghost' : 'primary'} pending={busy} onClick={() => void request.run()} aria-label="Generar el archivo del período">
            {archive ? 'Generar de nuevo' : 'Generar archivo'}
          </Button> : null}
        </div>
      </div>
    </Card>
  );
}
