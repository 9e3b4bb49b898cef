import { useState } from 'preact/hooks';
import { directoryCsvTemplateUrl, directoryExportUrl, importDirectoryCsv, type DirectoryCsvImport, type DirectoryKind } from '../api/directory.api';
import { formatCount } from '../lib/format';
import { ApiError } from '../lib/http';
import { useAction } from '../lib/hooks';
import { Button } from './button';
import { Dialog } from './dialog';
import { FileField } from './form';
import { Icon } from './icons';
import { Alert, ErrorAlert } from './states';
import { DataTable } from './table';
import { toast } from './toast';

const WORDS: Record<DirectoryKind, { many: string; file: string }> = {
  customers: { many: 'clientes', file: 'plantilla-clientes.csv' },
  products: { many: 'productos', file: 'plantilla-productos.csv' },
};

const STATUS_WORDS = { created: 'Nuevo', updated: 'Actualiza', refused: 'Con errores' } as const;

/**
 * CSV import (with a preview of each row's errors before anything is saved) and CSV export of an
 * issuer's customers or products (ADR 0065). «Guardar» is enabled only when no row has an error:
 * the owner fixes the file and uploads it again, so what is saved is the file exactly as previewed.
 */
export function DirectoryTools({ kind, emitterId, writer, onImported }: { kind: DirectoryKind; emitterId: string; writer: boolean; onImported: () => void }) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<{ csv: string; result: DirectoryCsvImport } | null>(null);
  const words = WORDS[kind];

  const check = useAction(async (key: string) => {
    if (!file) throw new ApiError('Elija el archivo CSV.', 0, 'panel_error', [{ path: 'file', code: 'required', message: 'Elija el archivo CSV.' }]);
    const csv = await file.text();
    setPreview({ csv, result: await importDirectoryCsv(kind, emitterId, csv, true, key) });
  });
  const save = useAction(async (key: string) => {
    if (!preview) return;
    const r = await importDirectoryCsv(kind, emitterId, preview.csv, false, key);
    toast(`${formatCount(r.created)} nuevos y ${formatCount(r.updated)} actualizados.`);
    setOpen(false);
    setPreview(null);
    setFile(null);
    onImported();
  });
  const bad = preview?.result.rows.filter((r) => r.status === 'refused') ?? [];
  const close = () => {
    setOpen(false);
    setPreview(null);
    setFile(null);
  };

  return (
    <>
      <a class="btn btn-ghost btn-sm" href={directoryExportUrl(kind, emitterId)} download>
        <Icon name="download" size={16} /> Exportar CSV
      </a>
      <a class="btn btn-ghost btn-sm" href={directoryCsvTemplateUrl(kind, emitterId)} download={words.file}>
        Descargar plantilla
      </a>
      {writer ? (
        <Button size="sm" onClick={() => setOpen(true)}>
          Importar CSV
        </Button>
      ) : null}
      <Dialog
        open={open}
        title={`Importar ${words.many} desde CSV`}
        onClose={close}
        size="lg"
        confirm={{ label: 'Guardar', icon: 'check', pending: save.pending, disabled: !preview || bad.length > 0, onClick: () => void save.run() }}
      >
        <div class="stack">
          <p class="muted">
            Use los encabezados de la plantilla (separado por comas o punto y coma, hasta 500 filas). Una fila con un documento o código que ya existe actualiza ese registro. «Guardar» se habilita solo cuando ninguna fila tiene errores: corrija el archivo y súbalo de nuevo; nada se guarda mientras haya errores.
          </p>
          <FileField
            label="Archivo CSV"
            name="file"
            accept=".csv,text/csv"
            onFile={(f) => {
              setFile(f);
              setPreview(null);
            }}
          />
          <div class="row">
            <Button variant="secondary" icon="check" pending={check.pending} disabled={!file} onClick={() => void check.run()}>
              Revisar archivo
            </Button>
          </div>
          <ErrorAlert error={check.error} title="No se pudo leer el archivo" />
          <ErrorAlert error={save.error} title="No se guardó" />
          {preview ? (
            bad.length ? (
              <Alert tone="warning" title={`${formatCount(bad.length)} ${bad.length === 1 ? 'fila tiene errores' : 'filas tienen errores'}; no se guardó nada`}>
                Corrija las filas marcadas en el archivo y súbalo de nuevo.
              </Alert>
            ) : (
              <Alert tone="success" title={`Todas las filas están correctas: ${formatCount(preview.result.created)} nuevos, ${formatCount(preview.result.updated)} para actualizar.`} />
            )
          ) : null}
          {preview ? (
            <DataTable
              caption="Revisión del archivo"
              rows={preview.result.rows}
              rowKey={(r) => String(r.row)}
              columns={[
                { key: 'row', label: 'Fila', primary: true, render: (r) => <span data-import-row={r.row}>{r.row}</span> },
                { key: 'status', label: 'Resultado', render: (r) => STATUS_WORDS[r.status] },
                {
                  key: 'errors',
                  label: 'Errores',
                  render: (r) =>
                    r.errors.length ? (
                      <ul class="plain" data-row-errors={r.row}>
                        {r.errors.map((e, i) => (
                          <li key={i}>{e.column ? <><span class="mono">{e.column}</span>: </> : null}{e.message}</li>
                        ))}
                      </ul>
                    ) : (
                      <span class="muted">—</span>
                    ),
                },
              ]}
            />
          ) : null}
        </div>
      </Dialog>
    </>
  );
}
