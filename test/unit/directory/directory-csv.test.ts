import {
  directoryColumnOf, directoryCsvCells, directoryCsvHeader, directoryCsvLines, directoryCsvTemplateRows, readDirectoryCsv, type DirectoryKind,
} from '../../../src/domain/directory/directory-csv';
import { createCustomerSchema } from '../../../src/domain/directory/customer-input.schema';
import { createProductSchema } from '../../../src/domain/directory/product-input.schema';

describe('readDirectoryCsv: rows → batch items with their row numbers', () => {
  const cases: { label: string; kind: DirectoryKind; cells: string[][]; items?: Record<string, unknown>[]; rows?: number[]; errors: { row: number; column: string | null; message: string }[] }[] = [
    {
      label: 'a customer row, empty cells left out, the address nested',
      kind: 'customers',
      cells: [['nombre', 'numero_documento', 'tipo_documento', 'departamento', 'municipio', 'direccion', 'correo'], ['Juan', '01234567-8', '13', '06', '23', 'Calle 1', '']],
      items: [{ name: 'Juan', documentNumber: '01234567-8', documentType: '13', address: { department: '06', municipality: '23', line: 'Calle 1' } }],
      rows: [2],
      errors: [],
    },
    {
      label: 'headers in any case and order, a BOM on the first; blank rows skipped and counted',
      kind: 'products',
      cells: [['\uFEFFDescripcion', 'UNIDAD', 'precio_unitario', 'tributo', 'tributos'], ['', '', '', '', ''], ['Café', '59', '5.65', 'GRAVADA', '20 C3']],
      items: [{ description: 'Café', unitCode: '59', unitPrice: '5.65', tax: 'gravada', taxes: ['20', 'C3'] }],
      rows: [3],
      errors: [],
    },
    {
      label: "the export's formula guard undone",
      kind: 'customers',
      cells: [['nombre'], ["'=SUMA(A1)"], ["O'Brien"]],
      items: [{ name: '=SUMA(A1)' }, { name: "O'Brien" }],
      rows: [2, 3],
      errors: [],
    },
    {
      label: 'a row with the wrong number of cells is its own error, the others are read',
      kind: 'customers',
      cells: [['nombre', 'correo'], ['Ana', 'ana@example.com'], ['Sin correo']],
      items: [{ name: 'Ana', email: 'ana@example.com' }],
      rows: [2],
      errors: [{ row: 3, column: null, message: 'La fila tiene 1 columnas y el encabezado 2.' }],
    },
    {
      label: 'unknown, repeated and missing required headers',
      kind: 'products',
      cells: [['descripcion', 'descripcion', 'color'], ['x', 'y', 'z']],
      errors: [
        { row: 1, column: 'descripcion', message: 'La columna «descripcion» está repetida.' },
        { row: 1, column: 'color', message: 'Columna desconocida «color»: use los encabezados de la plantilla.' },
        { row: 1, column: 'unidad', message: 'Falta la columna obligatoria «unidad».' },
        { row: 1, column: 'precio_unitario', message: 'Falta la columna obligatoria «precio_unitario».' },
      ],
    },
    { label: 'an empty file', kind: 'customers', cells: [], errors: [{ row: 1, column: null, message: 'El archivo está vacío: la primera fila debe tener los encabezados de la plantilla.' }] },
    { label: 'headers and no data', kind: 'customers', cells: [['nombre']], errors: [{ row: 2, column: null, message: 'El archivo no tiene filas de datos.' }] },
  ];

  it.each(cases.map((c) => [c.label, c] as const))('%s', (_label, c) => {
    const read = readDirectoryCsv(c.kind, c.cells);
    if (c.items) {
      expect(read).toEqual({ ok: true, items: c.items, rows: c.rows, errors: c.errors });
    } else {
      expect(read).toEqual({ ok: false, errors: c.errors });
    }
  });
});

describe('directoryColumnOf: a field path → its Spanish column', () => {
  it.each([
    ['customers', 'documentNumber', 'numero_documento'],
    ['customers', 'address.department', 'departamento'],
    ['customers', 'address', 'departamento'],
    ['customers', 'name', 'nombre'],
    ['products', 'taxes[1]', 'tributos'],
    ['products', 'unitPrice', 'precio_unitario'],
    ['products', null, null],
    ['products', 'nada', null],
  ] as const)('%s %s → %s', (kind, path, column) => {
    expect(directoryColumnOf(kind, path)).toBe(column);
  });
});

describe('templates and export cells', () => {
  it.each(['customers', 'products'] as const)('the %s template rows are valid items of the single create', (kind) => {
    const read = readDirectoryCsv(kind, directoryCsvTemplateRows(kind));
    if (!read.ok) throw new Error('template unreadable');
    const schema = kind === 'customers' ? createCustomerSchema : createProductSchema;
    expect(read.items.map((i) => schema.safeParse(i).success)).toEqual([true, true]);
  });

  it('an entry as cells, guarded, and read back as the same item', () => {
    const input = { name: '=HYPERLINK("x")', documentType: '13', documentNumber: '01234567-8', address: { department: '06', municipality: '23', line: 'Calle; 1' } };
    const cells = directoryCsvCells('customers', input);
    expect(cells.slice(0, 4)).toEqual(["'=HYPERLINK(\"x\")", '', '13', '01234567-8']);
    const text = directoryCsvHeader('customers') + directoryCsvLines([cells]);
    expect(text.startsWith('\uFEFFnombre;nombre_comercial;')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text).toContain('"Calle; 1"');
    const header = directoryCsvHeader('customers').replace('\uFEFF', '').trim().split(';');
    expect(readDirectoryCsv('customers', [header, cells])).toEqual({ ok: true, items: [input], rows: [2], errors: [] });
  });

  it('product taxes are written as codes separated by spaces', () => {
    expect(directoryCsvCells('products', { code: 'A', description: 'B', unitCode: '59', unitPrice: '1.5', taxes: ['20', 'C3'] })).toEqual(['A', 'B', '', '59', '1.5', '', '20 C3']);
  });
});
