/**
 * Bulk issuance from a CSV file (ADR 0074): one row per line item, rows with the same `id_externo`
 * are one document. This module is pure: it knows the Spanish columns of each type's template, turns
 * parsed rows into issuance bodies (camelCase, as `documentCreateSchema` reads them) and maps the
 * field errors of a body back onto the row and column they came from. Parsing the text itself is
 * the service's (csv-parse).
 */

/** Types a CSV file may issue: FE and CCF (one receiver, lines with a tax treatment). */
export const CSV_DTE_TYPES = ['01', '03'] as const;
export type CsvDteType = (typeof CSV_DTE_TYPES)[number];

export function isCsvDteType(type: string): type is CsvDteType {
  return (CSV_DTE_TYPES as readonly string[]).includes(type);
}

/** Most documents one file may carry (the preview dry-runs them all; issuance sends them 100 at a time). */
export const MAX_CSV_DOCUMENTS = 1000;

interface Column {
  /** Spanish header, as written in the template. */
  header: string;
  /** Path in the issuance body: document level, or `items[].…` for the line's own fields. */
  path: string;
  /** Where it applies. */
  level: 'document' | 'line';
  required?: boolean;
  /** The template's help text (second line of the documentation, docs/bulk-issuance.md). */
  help: string;
}

const DOCUMENT_COLUMNS: Column[] = [
  { header: 'id_externo', path: 'externalId', level: 'document', required: true, help: 'Su referencia del documento (p. ej. el número de pedido): las filas con el mismo valor son un solo documento.' },
  { header: 'establecimiento', path: 'establishment', level: 'document', help: 'Código del MH del establecimiento (M001); vacío: el elegido al subir el archivo.' },
  { header: 'punto_venta', path: 'pointOfSale', level: 'document', help: 'Código del MH del punto de venta (P001); vacío: el elegido al subir el archivo.' },
  { header: 'receptor_nombre', path: 'receiver.name', level: 'document', help: 'Nombre o razón social del cliente.' },
  { header: 'receptor_tipo_documento', path: 'receiver.documentType', level: 'document', help: 'CAT-022: 36 NIT, 13 DUI, 37 otro, 03 pasaporte, 02 carné de residente.' },
  { header: 'receptor_numero_documento', path: 'receiver.documentNumber', level: 'document', help: 'Número del documento, sin guiones el NIT; el DUI con su guion (01234567-8).' },
  { header: 'receptor_nrc', path: 'receiver.nrc', level: 'document', help: 'NRC del cliente, sin guiones (obligatorio en CCF).' },
  { header: 'receptor_actividad', path: 'receiver.economicActivity', level: 'document', help: 'Código de actividad económica (CAT-019) del cliente (obligatorio en CCF).' },
  { header: 'receptor_correo', path: 'receiver.email', level: 'document', help: 'Correo del cliente.' },
  { header: 'receptor_telefono', path: 'receiver.phone', level: 'document', help: 'Teléfono del cliente.' },
  { header: 'receptor_departamento', path: 'receiver.address.department', level: 'document', help: 'Departamento (CAT-012) de la dirección del cliente.' },
  { header: 'receptor_municipio', path: 'receiver.address.municipality', level: 'document', help: 'Municipio (CAT-013).' },
  { header: 'receptor_distrito', path: 'receiver.address.district', level: 'document', help: 'Distrito (CAT-013, 2024).' },
  { header: 'receptor_direccion', path: 'receiver.address.line', level: 'document', help: 'Complemento de la dirección.' },
  { header: 'condicion_pago', path: 'payment.condition', level: 'document', help: 'CAT-016: 1 contado, 2 crédito, 3 otro; vacío: contado.' },
  { header: 'notas', path: 'notes', level: 'document', help: 'Observaciones del documento.' },
];

const LINE_COLUMNS: Column[] = [
  { header: 'tipo_item', path: 'type', level: 'line', required: true, help: 'CAT-011: 1 bien, 2 servicio, 3 ambos, 4 otro.' },
  { header: 'codigo', path: 'code', level: 'line', help: 'Su código del producto.' },
  { header: 'descripcion', path: 'description', level: 'line', required: true, help: 'Descripción de la línea.' },
  { header: 'cantidad', path: 'quantity', level: 'line', required: true, help: 'Cantidad, con punto decimal (2 o 1.5).' },
  { header: 'unidad', path: 'unitCode', level: 'line', required: true, help: 'Unidad de medida (CAT-014): 59 unidad, 99 otra.' },
  { header: 'precio_unitario', path: 'unitPrice', level: 'line', required: true, help: 'Precio unitario en dólares, con punto decimal; en FE con IVA incluido, en CCF sin IVA.' },
  { header: 'descuento', path: 'discount', level: 'line', help: 'Descuento de la línea en dólares.' },
  { header: 'tributo', path: 'tax', level: 'line', required: true, help: 'gravada, exenta o no_sujeta.' },
];

const COLUMNS = [...DOCUMENT_COLUMNS, ...LINE_COLUMNS];
const BY_HEADER = new Map(COLUMNS.map((c) => [c.header, c]));

/** The columns of a type's template, in order, with their help (for docs and the template). */
export function csvColumns(_type: CsvDteType): readonly { header: string; required: boolean; help: string }[] {
  return COLUMNS.map((c) => ({ header: c.header, required: c.required === true, help: c.help }));
}

/** The header row and two example documents (three lines in all) of a type's template. */
export function csvTemplateRows(type: CsvDteType): string[][] {
  const headers = COLUMNS.map((c) => c.header);
  const receiver: Record<string, string> =
    type === '03'
      ? { receptor_nombre: 'Distribuidora El Roble, S.A. de C.V.', receptor_tipo_documento: '36', receptor_numero_documento: '06142010901010', receptor_nrc: '2345678', receptor_actividad: '46900', receptor_correo: 'compras@elroble.com.sv', receptor_telefono: '22334455', receptor_departamento: '06', receptor_municipio: '23', receptor_distrito: '14', receptor_direccion: 'Col. Escalón, Av. Norte 1' }
      : { receptor_nombre: 'Juan Pérez', receptor_tipo_documento: '13', receptor_numero_documento: '01234567-8', receptor_correo: 'juan@example.com' };
  const price = (fe: string, ccf: string) => (type === '03' ? ccf : fe);
  const row = (values: Record<string, string>) => headers.map((h) => values[h] ?? '');
  return [
    headers,
    row({ id_externo: 'PEDIDO-1001', ...receiver, condicion_pago: '1', tipo_item: '1', codigo: 'CAF-500', descripcion: 'Café molido 500 g', cantidad: '2', unidad: '59', precio_unitario: price('5.65', '5.00'), tributo: 'gravada' }),
    row({ id_externo: 'PEDIDO-1001', tipo_item: '2', descripcion: 'Envío a domicilio', cantidad: '1', unidad: '59', precio_unitario: '3.00', tributo: 'exenta' }),
    row({ id_externo: 'PEDIDO-1002', ...receiver, condicion_pago: '1', tipo_item: '1', codigo: 'TAZ-01', descripcion: 'Taza de cerámica', cantidad: '4', unidad: '59', precio_unitario: price('4.52', '4.00'), descuento: '1.00', tributo: 'gravada' }),
  ];
}

/** A problem with one row of the file (row 1 is the header; the first data row is 2). */
export interface CsvRowError {
  row: number;
  /** The Spanish column it is about, or null for the row (or document) as a whole. */
  column: string | null;
  message: string;
}

/** One document the file describes: its body (camelCase) and the rows it came from. */
export interface CsvDocument {
  externalId: string;
  rows: number[];
  body: Record<string, unknown>;
  /** Problems found while reading the rows (the body is then not dry-run). */
  errors: CsvRowError[];
}

/** `unassigned`: rows that belong to no document (no `id_externo`, a wrong number of cells): never issued. */
export type CsvReadResult = { ok: true; documents: CsvDocument[]; unassigned: CsvRowError[] } | { ok: false; errors: CsvRowError[] };

const trimmed = (v: string | undefined) => (v ?? '').trim();

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let o = target;
  for (const p of parts.slice(0, -1)) o = (o[p] ??= {}) as Record<string, unknown>;
  o[parts[parts.length - 1]] = value;
}

/**
 * Rows (the first one the header) → documents, in the order their `id_externo` first appears.
 * The header must name known columns only, each once, with the required ones. Document-level
 * values come from a document's first row; a later row may leave them empty or repeat them, never
 * change them. `defaults` fills the document-level fields no column gives (emitter, type, the
 * establishment and point of sale chosen at upload).
 */
export function readCsvDocuments(rows: string[][], type: CsvDteType, defaults: { emitterId: string; establishment: string; pointOfSale: string }): CsvReadResult {
  if (!rows.length || rows[0].every((h) => trimmed(h) === '')) return { ok: false, errors: [{ row: 1, column: null, message: 'El archivo está vacío: la primera fila debe tener los encabezados de la plantilla.' }] };
  const headers = rows[0].map((h) => trimmed(h).replace(/^\uFEFF/, '').toLowerCase());
  const headerErrors: CsvRowError[] = [];
  headers.forEach((h, i) => {
    if (h === '') headerErrors.push({ row: 1, column: null, message: `La columna ${i + 1} no tiene encabezado.` });
    else if (!BY_HEADER.has(h)) headerErrors.push({ row: 1, column: h, message: `Columna desconocida «${h}»: use los encabezados de la plantilla.` });
    else if (headers.indexOf(h) !== i) headerErrors.push({ row: 1, column: h, message: `La columna «${h}» está repetida.` });
  });
  for (const c of COLUMNS) if (c.required && !headers.includes(c.header)) headerErrors.push({ row: 1, column: c.header, message: `Falta la columna obligatoria «${c.header}».` });
  if (headerErrors.length) return { ok: false, errors: headerErrors };

  const byId = new Map<string, CsvDocument & { first: Map<string, string> }>();
  const loose: CsvRowError[] = [];
  rows.slice(1).forEach((cells, i) => {
    const rowNo = i + 2;
    if (cells.every((c) => trimmed(c) === '')) return;
    if (cells.length !== headers.length) {
      loose.push({ row: rowNo, column: null, message: `La fila tiene ${cells.length} columnas y el encabezado ${headers.length}.` });
      return;
    }
    const value = (h: string) => trimmed(cells[headers.indexOf(h)]);
    const externalId = value('id_externo');
    if (!externalId) {
      loose.push({ row: rowNo, column: 'id_externo', message: 'Falta «id_externo»: cada fila debe decir a qué documento pertenece.' });
      return;
    }
    let doc = byId.get(externalId);
    if (!doc) {
      doc = { externalId, rows: [], body: { emitterId: defaults.emitterId, type, establishment: defaults.establishment, pointOfSale: defaults.pointOfSale, externalId, items: [] }, errors: [], first: new Map() };
      byId.set(externalId, doc);
      for (const c of DOCUMENT_COLUMNS) {
        const v = headers.includes(c.header) ? value(c.header) : '';
        doc.first.set(c.header, v);
        if (v !== '' && c.header !== 'id_externo') setPath(doc.body, c.path, v);
      }
    } else {
      for (const c of DOCUMENT_COLUMNS) {
        const v = headers.includes(c.header) ? value(c.header) : '';
        if (v !== '' && v !== doc.first.get(c.header)) {
          doc.errors.push({ row: rowNo, column: c.header, message: `«${c.header}» no coincide con la fila ${doc.rows[0]} del mismo documento (${externalId}); deje la celda vacía o repita el mismo valor.` });
        }
      }
    }
    doc.rows.push(rowNo);
    const item: Record<string, unknown> = {};
    for (const c of LINE_COLUMNS) {
      const v = headers.includes(c.header) ? value(c.header) : '';
      if (v === '') continue;
      item[c.path] = c.path === 'tax' ? v.toLowerCase() : v;
    }
    (doc.body.items as unknown[]).push(item);
  });
  const documents = [...byId.values()].map(({ first: _first, ...d }) => d);
  if (!documents.length && !loose.length) return { ok: false, errors: [{ row: 2, column: null, message: 'El archivo no tiene filas de datos.' }] };
  if (documents.length > MAX_CSV_DOCUMENTS) {
    return { ok: false, errors: [{ row: 1, column: null, message: `El archivo tiene ${documents.length} documentos; el máximo por archivo es ${MAX_CSV_DOCUMENTS}.` }] };
  }
  return { ok: true, documents, unassigned: loose };
}

/** The Spanish column of a body path (`items[1].unitPrice` → `precio_unitario`), or null. */
function columnOf(path: string): { column: string | null; line: number | null } {
  const line = /^items\[(\d+)\]\.?(.*)$/.exec(path);
  if (line) {
    const field = line[2].split(/[.[]/)[0];
    return { column: LINE_COLUMNS.find((c) => c.path === field)?.header ?? null, line: Number(line[1]) };
  }
  const exact = DOCUMENT_COLUMNS.find((c) => c.path === path) ?? DOCUMENT_COLUMNS.find((c) => path.startsWith(`${c.path}.`) || c.path.startsWith(`${path}.`));
  return { column: exact?.header ?? null, line: null };
}

/**
 * The issuance service's refusal of a document's body, onto its rows: a line's field on that line's
 * row, everything else on the document's first row. Messages stay the service's (Spanish).
 */
export function rowErrorsOf(doc: Pick<CsvDocument, 'rows'>, errors: readonly { path: string | null; message: string }[]): CsvRowError[] {
  return errors.map((e) => {
    const { column, line } = e.path ? columnOf(e.path) : { column: null, line: null };
    const row = line !== null && line < doc.rows.length ? doc.rows[line] : doc.rows[0];
    return { row, column, message: e.message };
  });
}
