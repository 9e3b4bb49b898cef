/**
 * CSV import and export of an emitter's directory (ADR 0065): one row per customer or product,
 * Spanish headers (the same in the template, the import and the export, so an exported file can be
 * edited and imported again). This module is pure: it knows the columns, turns parsed rows into
 * batch items (camelCase, as the create schemas read them) with the row each came from, maps a
 * refusal's field paths back onto row and column, and renders entries as cells. Parsing and writing
 * the text itself is the services' (csv-parse, the export's framing).
 */
import { neutraliseFormula } from '../fiscal/csv-formula.guard';

export const DIRECTORY_KINDS = ['customers', 'products'] as const;
export type DirectoryKind = (typeof DIRECTORY_KINDS)[number];

interface Column {
  header: string;
  /** Path in the item (`address.department`); `taxes` is a list written as codes separated by spaces. */
  path: string;
  required?: boolean;
  help: string;
}

const CUSTOMER_COLUMNS: Column[] = [
  { header: 'nombre', path: 'name', required: true, help: 'Nombre o razón social.' },
  { header: 'nombre_comercial', path: 'tradeName', help: 'Nombre comercial.' },
  { header: 'tipo_documento', path: 'documentType', help: 'CAT-022: 36 NIT, 13 DUI, 37 otro, 03 pasaporte, 02 carné de residente.' },
  { header: 'numero_documento', path: 'documentNumber', help: 'NIT sin guiones; DUI con su guion (01234567-8). Si el emisor ya tiene un cliente con ese documento, la fila lo actualiza.' },
  { header: 'nrc', path: 'nrc', help: 'NRC sin guiones.' },
  { header: 'actividad_economica', path: 'economicActivity', help: 'Código de actividad económica (CAT-019).' },
  { header: 'descripcion_actividad', path: 'activityDescription', help: 'Descripción de la actividad.' },
  { header: 'correo', path: 'email', help: 'Correo electrónico.' },
  { header: 'telefono', path: 'phone', help: 'Teléfono.' },
  { header: 'departamento', path: 'address.department', help: 'Departamento (CAT-012).' },
  { header: 'municipio', path: 'address.municipality', help: 'Municipio (CAT-013).' },
  { header: 'distrito', path: 'address.district', help: 'Distrito (CAT-013, 2024).' },
  { header: 'direccion', path: 'address.line', help: 'Complemento de la dirección.' },
  { header: 'pais', path: 'country', help: 'País (CAT-020), para clientes del exterior.' },
  { header: 'tipo_persona', path: 'personType', help: 'CAT-029: 1 natural, 2 jurídica.' },
  { header: 'domicilio_fiscal', path: 'fiscalDomicile', help: 'CAT-032.' },
  { header: 'tipo_establecimiento', path: 'establishmentType', help: 'CAT-009.' },
  { header: 'direccion_extranjero', path: 'foreignAddress', help: 'Dirección fuera de El Salvador.' },
  { header: 'id_externo', path: 'externalId', help: 'Su propio identificador del cliente.' },
];

const PRODUCT_COLUMNS: Column[] = [
  { header: 'codigo', path: 'code', help: 'Su código del producto. Si el emisor ya tiene un producto con ese código, la fila lo actualiza.' },
  { header: 'descripcion', path: 'description', required: true, help: 'Descripción.' },
  { header: 'tipo_item', path: 'type', help: 'CAT-011: 1 bien, 2 servicio, 3 ambos, 4 otro.' },
  { header: 'unidad', path: 'unitCode', required: true, help: 'Unidad de medida (CAT-014): 59 unidad, 99 otra.' },
  { header: 'precio_unitario', path: 'unitPrice', required: true, help: 'Precio unitario en dólares, con punto decimal (hasta 8 decimales).' },
  { header: 'tributo', path: 'tax', help: 'gravada, exenta o no_sujeta.' },
  { header: 'tributos', path: 'taxes', help: 'Códigos de tributo (CAT-015) separados por espacios, p. ej. 20.' },
];

const COLUMNS: Readonly<Record<DirectoryKind, Column[]>> = { customers: CUSTOMER_COLUMNS, products: PRODUCT_COLUMNS };

/** The columns of a kind's file, in order (docs, template, export). */
export function directoryCsvColumns(kind: DirectoryKind): readonly { header: string; required: boolean; help: string }[] {
  return COLUMNS[kind].map((c) => ({ header: c.header, required: c.required === true, help: c.help }));
}

/** The header row and two example rows of a kind's template. */
export function directoryCsvTemplateRows(kind: DirectoryKind): string[][] {
  const headers = COLUMNS[kind].map((c) => c.header);
  const row = (v: Record<string, string>) => headers.map((h) => v[h] ?? '');
  if (kind === 'customers') {
    return [
      headers,
      row({ nombre: 'Distribuidora El Roble, S.A. de C.V.', tipo_documento: '36', numero_documento: '06142010901015', nrc: '2345678', actividad_economica: '46900', descripcion_actividad: 'Venta al por mayor', correo: 'compras@elroble.com.sv', telefono: '22334455', departamento: '06', municipio: '23', distrito: '14', direccion: 'Col. Escalón, Av. Norte 1', id_externo: 'CLI-001' }),
      row({ nombre: 'Juan Pérez', tipo_documento: '13', numero_documento: '01234567-8', correo: 'juan@example.com', id_externo: 'CLI-002' }),
    ];
  }
  return [
    headers,
    row({ codigo: 'CAF-500', descripcion: 'Café molido 500 g', tipo_item: '1', unidad: '59', precio_unitario: '5.65', tributo: 'gravada', tributos: '20' }),
    row({ codigo: 'ENV-01', descripcion: 'Envío a domicilio', tipo_item: '2', unidad: '59', precio_unitario: '3.00', tributo: 'exenta' }),
  ];
}

/** A problem with one row of the file (row 1 is the header; the first data row is 2). */
export interface DirectoryCsvRowError {
  row: number;
  /** The Spanish column it is about, or null for the row as a whole. */
  column: string | null;
  message: string;
}

/** `rows[i]` is the file row item `i` came from. */
export type DirectoryCsvRead =
  | { ok: true; items: Record<string, unknown>[]; rows: number[]; errors: DirectoryCsvRowError[] }
  | { ok: false; errors: DirectoryCsvRowError[] };

/** The export's formula guard undone: `'=SUMA(…)` as exported reads back as `=SUMA(…)`. */
function cellValue(raw: string | undefined): string {
  const v = (raw ?? '').trim();
  return /^'[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(v) ? v.slice(1) : v;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let o = target;
  for (const p of parts.slice(0, -1)) o = (o[p] ??= {}) as Record<string, unknown>;
  o[parts[parts.length - 1]] = value;
}

/**
 * Parsed rows (the first one the header) → one batch item per non-empty row. The header must name
 * known columns only, each once, with the required ones (any order). An empty cell leaves the field
 * out. A row with the wrong number of cells is an error of its row and no item.
 */
export function readDirectoryCsv(kind: DirectoryKind, cells: string[][]): DirectoryCsvRead {
  const columns = COLUMNS[kind];
  const byHeader = new Map(columns.map((c) => [c.header, c]));
  if (!cells.length || cells[0].every((h) => h.trim() === '')) {
    return { ok: false, errors: [{ row: 1, column: null, message: 'El archivo está vacío: la primera fila debe tener los encabezados de la plantilla.' }] };
  }
  const headers = cells[0].map((h) => h.trim().replace(/^\uFEFF/, '').toLowerCase());
  const errors: DirectoryCsvRowError[] = [];
  headers.forEach((h, i) => {
    if (h === '') errors.push({ row: 1, column: null, message: `La columna ${i + 1} no tiene encabezado.` });
    else if (!byHeader.has(h)) errors.push({ row: 1, column: h, message: `Columna desconocida «${h}»: use los encabezados de la plantilla.` });
    else if (headers.indexOf(h) !== i) errors.push({ row: 1, column: h, message: `La columna «${h}» está repetida.` });
  });
  for (const c of columns) if (c.required && !headers.includes(c.header)) errors.push({ row: 1, column: c.header, message: `Falta la columna obligatoria «${c.header}».` });
  if (errors.length) return { ok: false, errors };
  const items: Record<string, unknown>[] = [];
  const rows: number[] = [];
  cells.slice(1).forEach((line, i) => {
    const row = i + 2;
    if (line.every((c) => c.trim() === '')) return;
    if (line.length !== headers.length) {
      errors.push({ row, column: null, message: `La fila tiene ${line.length} columnas y el encabezado ${headers.length}.` });
      return;
    }
    const item: Record<string, unknown> = {};
    headers.forEach((h, j) => {
      const v = cellValue(line[j]);
      if (v === '') return;
      const c = byHeader.get(h)!;
      if (c.path === 'taxes') setPath(item, c.path, v.split(/[\s,]+/).filter(Boolean));
      else setPath(item, c.path, c.path === 'tax' ? v.toLowerCase() : v);
    });
    items.push(item);
    rows.push(row);
  });
  if (!items.length && !errors.length) return { ok: false, errors: [{ row: 2, column: null, message: 'El archivo no tiene filas de datos.' }] };
  return { ok: true, items, rows, errors };
}

/** The Spanish column of an item's field path (`address.department` → `departamento`, `taxes[1]` → `tributos`), or null. */
export function directoryColumnOf(kind: DirectoryKind, path: string | null): string | null {
  if (!path) return null;
  const p = path.replace(/\[\d+\]$/, '');
  const columns = COLUMNS[kind];
  const c = columns.find((x) => x.path === p) ?? columns.find((x) => x.path.startsWith(`${p}.`) || p.startsWith(`${x.path}.`));
  return c?.header ?? null;
}

function valueAt(input: Record<string, unknown>, path: string): string {
  let v: unknown = input;
  for (const part of path.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined;
  if (v === undefined || v === null) return '';
  return Array.isArray(v) ? v.join(' ') : String(v);
}

/** An entry (as its create body states it, camelCase) as the export's cells, text guarded against formulas. */
export function directoryCsvCells(kind: DirectoryKind, input: Record<string, unknown>): string[] {
  return COLUMNS[kind].map((c) => neutraliseFormula(valueAt(input, c.path)));
}

/** `clientes-YYYYMMDD.csv` / `productos-YYYYMMDD.csv` for an El Salvador date `yyyy-MM-dd`. */
export function directoryExportFilename(kind: DirectoryKind, localDate: string): string {
  return `${kind === 'customers' ? 'clientes' : 'productos'}-${localDate.replace(/-/g, '')}.csv`;
}

export function directoryTemplateFilename(kind: DirectoryKind): string {
  return kind === 'customers' ? 'plantilla-clientes.csv' : 'plantilla-productos.csv';
}

const NEEDS_QUOTES = /[;"\r\n]/;
const csvCell = (v: string) => (NEEDS_QUOTES.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The export's first bytes: BOM and header line (`;`, CRLF: the books' and documents' framing). */
export function directoryCsvHeader(kind: DirectoryKind): string {
  return `\uFEFF${COLUMNS[kind].map((c) => c.header).join(';')}\r\n`;
}

/** Rows of already-guarded cells as CSV lines, each ended by CRLF. */
export function directoryCsvLines(rows: readonly string[][]): string {
  let out = '';
  for (const r of rows) out += r.map(csvCell).join(';') + '\r\n';
  return out;
}
