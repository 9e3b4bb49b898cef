/** GraphQL operations of an issuer's directory: its customers (receivers) and its products. */
import { gqlMutate, gqlQuery, type UserError } from '../lib/graphql';
import { api } from '../lib/http';
import type { Page } from './documents.api';

export interface Customer {
  id: string;
  emitterId: string;
  name: string;
  tradeName: string | null;
  documentType: string | null;
  documentNumber: string | null;
  nrc: string | null;
  economicActivity: string | null;
  email: string | null;
  phone: string | null;
  address: { department: string; municipality: string; district: string; line: string } | null;
  country: string | null;
  personType: string | null;
  foreignAddress: string | null;
  activityDescription: string | null;
  establishmentType: string | null;
  fiscalDomicile: string | null;
  externalId: string | null;
  lastUsedAt: string | null;
  selfServiceCompletedAt: string | null;
}

export type CustomerInput = Partial<Omit<Customer, 'id' | 'emitterId' | 'lastUsedAt' | 'selfServiceCompletedAt'>> & { name: string };

const CUSTOMER_FIELDS = `id emitterId name tradeName documentType documentNumber nrc economicActivity email phone address { department municipality district line }
  country personType foreignAddress activityDescription establishmentType fiscalDomicile externalId lastUsedAt selfServiceCompletedAt`;

export async function listCustomers(emitterId: string, q: string, after: string | null, first = 25): Promise<Page<Customer>> {
  const r = await gqlQuery<{ customers: Page<Customer> | null }>(
    `query PanelCustomers($emitterId: ID!, $q: String, $first: Int, $after: String) { customers(emitterId: $emitterId, q: $q, first: $first, after: $after) { nodes { ${CUSTOMER_FIELDS} } pageInfo { hasNextPage endCursor } } }`,
    { emitterId, q: q || null, first, after },
  );
  return r.customers ?? { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } };
}

export async function createCustomer(emitterId: string, input: CustomerInput, key: string): Promise<Customer> {
  const p = await gqlMutate<{ customer: Customer; errors: UserError[] }>(
    `mutation PanelCreateCustomer($emitterId: ID!, $input: CreateCustomerInput!) { createCustomer(emitterId: $emitterId, input: $input) { customer { ${CUSTOMER_FIELDS} } errors { field code message } } }`,
    { emitterId, input },
    key,
  );
  return p.customer;
}

export async function updateCustomer(id: string, input: CustomerInput, key: string): Promise<Customer> {
  const p = await gqlMutate<{ customer: Customer; errors: UserError[] }>(
    `mutation PanelUpdateCustomer($id: ID!, $input: UpdateCustomerInput!) { updateCustomer(id: $id, input: $input) { customer { ${CUSTOMER_FIELDS} } errors { field code message } } }`,
    { id, input },
    key,
  );
  return p.customer;
}

export async function deleteCustomer(id: string, key: string): Promise<void> {
  await gqlMutate<{ customer: { id: string } | null; errors: UserError[] }>('mutation PanelDeleteCustomer($id: ID!) { deleteCustomer(id: $id) { customer { id } errors { field code message } } }', { id }, key);
}

export interface Product {
  id: string;
  emitterId: string;
  code: string | null;
  description: string;
  type: string | null;
  tax: string | null;
  unitCode: string;
  unitPrice: string;
  lastUsedAt: string | null;
}

export type ProductInput = { code?: string; description: string; type?: string; tax?: string; unitCode: string; unitPrice: string };

const PRODUCT_FIELDS = 'id emitterId code description type tax unitCode unitPrice lastUsedAt';

export async function listProducts(emitterId: string, q: string, after: string | null, first = 25): Promise<Page<Product>> {
  const r = await gqlQuery<{ products: Page<Product> | null }>(
    `query PanelProducts($emitterId: ID!, $q: String, $first: Int, $after: String) { products(emitterId: $emitterId, q: $q, first: $first, after: $after) { nodes { ${PRODUCT_FIELDS} } pageInfo { hasNextPage endCursor } } }`,
    { emitterId, q: q || null, first, after },
  );
  return r.products ?? { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } };
}

export async function createProduct(emitterId: string, input: ProductInput, key: string): Promise<Product> {
  const p = await gqlMutate<{ product: Product; errors: UserError[] }>(
    `mutation PanelCreateProduct($emitterId: ID!, $input: CreateProductInput!) { createProduct(emitterId: $emitterId, input: $input) { product { ${PRODUCT_FIELDS} } errors { field code message } } }`,
    { emitterId, input },
    key,
  );
  return p.product;
}

export async function updateProduct(id: string, input: ProductInput, key: string): Promise<Product> {
  const p = await gqlMutate<{ product: Product; errors: UserError[] }>(
    `mutation PanelUpdateProduct($id: ID!, $input: UpdateProductInput!) { updateProduct(id: $id, input: $input) { product { ${PRODUCT_FIELDS} } errors { field code message } } }`,
    { id, input },
    key,
  );
  return p.product;
}

export async function deleteProduct(id: string, key: string): Promise<void> {
  await gqlMutate<{ product: { id: string } | null; errors: UserError[] }>('mutation PanelDeleteProduct($id: ID!) { deleteProduct(id: $id) { product { id } errors { field code message } } }', { id }, key);
}

export interface CustomerEditLink {
  url: string;
  expiresAt: string;
}

/** A single-use link (7 days) where the customer types their own fiscal data. */
export async function createCustomerEditLink(customerId: string, key: string): Promise<CustomerEditLink> {
  const p = await gqlMutate<{ customerEditLink: CustomerEditLink; errors: UserError[] }>(
    'mutation PanelCreateCustomerEditLink($id: ID!) { createCustomerEditLink(customerId: $id) { customerEditLink { url expiresAt } errors { field code message } } }',
    { id: customerId },
    key,
  );
  return p.customerEditLink;
}

/** One row of an imported (or previewed) CSV: its result and its errors in Spanish (ADR 0065). */
export interface DirectoryCsvRow {
  row: number;
  status: 'created' | 'updated' | 'refused';
  id: string | null;
  errors: { column: string | null; message: string }[];
}

export interface DirectoryCsvImport {
  dry_run: boolean;
  created: number;
  updated: number;
  refused: number;
  rows: DirectoryCsvRow[];
}

export type DirectoryKind = 'customers' | 'products';

export function directoryCsvTemplateUrl(kind: DirectoryKind, emitterId: string): string {
  return `/v1/emitters/${encodeURIComponent(emitterId)}/${kind}/csv-template`;
}

export function directoryExportUrl(kind: DirectoryKind, emitterId: string): string {
  return `/v1/emitters/${encodeURIComponent(emitterId)}/${kind}/export`;
}

/** The file read by the service as a batch: a preview (`dryRun`) or the saving itself. */
export function importDirectoryCsv(kind: DirectoryKind, emitterId: string, csv: string, dryRun: boolean, key: string): Promise<DirectoryCsvImport> {
  return api<DirectoryCsvImport>('POST', `/v1/emitters/${encodeURIComponent(emitterId)}/${kind}/csv-import`, { body: { csv, dry_run: dryRun }, idempotencyKey: key });
}
