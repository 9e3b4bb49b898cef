import { z } from 'zod';
import { toCustomer, toProduct } from '../../src/graphql/directory/directory.mapper';
import type { CustomerRow as CustomerEntity, ProductRow as ProductEntity } from '../../src/services/directory/directory-rows';
import type { DirectoryCsvImport } from '../../src/services/directory/import-directory-csv.service';
import type { ImportOutcome } from '../../src/services/directory/import-directory-entries';
import { buildProblem, problemFromUserErrors, type ProblemContext } from '../problem';
import { customerResource, productResource, serializeCustomer, serializeProduct } from './directory.resource';
import { itemProblemSchema } from './problem-fields';

const itemProblem = itemProblemSchema(
  'El rechazo del elemento: el mismo problema (RFC 9457, en español) que respondería la creación de uno solo; rutas de campo relativas al elemento.',
  'DirectoryImportProblem',
);

const STATUS = z.enum(['created', 'updated', 'refused']).describe('created: nuevo; updated: actualizó el existente con el mismo documento o código; refused: rechazado (error). En una vista previa, lo que se haría.');

const counts = {
  dry_run: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  refused: z.number().int(),
};

export const customerImportResource = z.object({
  object: z.literal('customer_import'),
  ...counts,
  results: z.array(z.object({ index: z.number().int().describe('Posición en el lote (0 el primero)'), status: STATUS, customer: customerResource.nullable().describe('Guardado; null en una vista previa o si se rechazó'), error: itemProblem.nullable() })),
}).meta({ id: 'CustomerImport' });

export const productImportResource = z.object({
  object: z.literal('product_import'),
  ...counts,
  results: z.array(z.object({ index: z.number().int().describe('Posición en el lote (0 el primero)'), status: STATUS, product: productResource.nullable().describe('Guardado; null en una vista previa o si se rechazó'), error: itemProblem.nullable() })),
}).meta({ id: 'ProductImport' });

export const directoryCsvImportResource = z.object({
  object: z.literal('directory_csv_import'),
  ...counts,
  rows: z.array(z.object({
    row: z.number().int().describe('Fila del archivo (1 es el encabezado)'),
    status: STATUS,
    id: z.string().nullable().describe('Id del cliente o producto guardado; null en una vista previa o si se rechazó'),
    errors: z.array(z.object({ column: z.string().nullable().describe('Columna de la plantilla, o null si es la fila entera'), message: z.string() })),
  })),
}).meta({ id: 'DirectoryCsvImport' });

type BadKeys = string[][];

function problemOf(r: ImportOutcome<unknown>['results'][number], badKeys: string[], ctx: ProblemContext): z.infer<typeof itemProblem> | null {
  if (!r.error) return null;
  const errors = [...r.error.errors.map((e) => ({ field: e.path, code: e.code, message: e.message })),
    ...badKeys.map((p) => ({ field: p, code: 'unknown_field', message: `Campo no admitido: "${p.split('.').pop()}" (la API REST usa snake_case).` }))];
  const p = buildProblem({ ...problemFromUserErrors(errors), detail: r.error.message }, ctx);
  return { type: p.type, title: p.title, status: p.status, detail: p.detail, instance: p.instance, request_id: p.request_id, errors: p.errors } as z.infer<typeof itemProblem>;
}

export function serializeCustomerImport(o: ImportOutcome<CustomerEntity>, badKeys: BadKeys, ctx: ProblemContext): z.infer<typeof customerImportResource> {
  return {
    object: 'customer_import', dry_run: o.dryRun, created: o.created, updated: o.updated, refused: o.refused,
    results: o.results.map((r) => ({ index: r.index, status: r.status, customer: r.entry ? serializeCustomer(toCustomer(r.entry)) : null, error: problemOf(r, badKeys[r.index] ?? [], ctx) })),
  };
}

export function serializeProductImport(o: ImportOutcome<ProductEntity>, badKeys: BadKeys, ctx: ProblemContext): z.infer<typeof productImportResource> {
  return {
    object: 'product_import', dry_run: o.dryRun, created: o.created, updated: o.updated, refused: o.refused,
    results: o.results.map((r) => ({ index: r.index, status: r.status, product: r.entry ? serializeProduct(toProduct(r.entry)) : null, error: problemOf(r, badKeys[r.index] ?? [], ctx) })),
  };
}

export function serializeDirectoryCsvImport(o: DirectoryCsvImport): z.infer<typeof directoryCsvImportResource> {
  return { object: 'directory_csv_import', dry_run: o.dryRun, created: o.created, updated: o.updated, refused: o.refused, rows: o.rows };
}
