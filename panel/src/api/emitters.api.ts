/** GraphQL operations of the emitters, establishments and credentials screens. */
import { gqlMutate, gqlQuery, type UserError } from '../lib/graphql';

export interface EmitterSummary {
  id: string;
  name: string;
  nit: string;
}

export interface PointOfSale {
  code: string;
  name: string | null;
  active: boolean;
}

export interface Establishment {
  id: string;
  code: string;
  type: string;
  name: string | null;
  active: boolean;
  phone: string | null;
  email: string | null;
  address: Address;
  pointsOfSale: PointOfSale[];
}

export interface Address {
  department: string;
  municipality: string;
  district: string;
  line: string;
}

export interface CredentialStatus {
  environment: string;
  certificateLoaded: boolean;
  certificateNit: string | null;
  certificateValidUntil: string | null;
  mhUser: string | null;
  mhLoginOk: boolean;
  checkedAt: string | null;
  message: string | null;
}

export interface Emitter extends EmitterSummary {
  nrc: string;
  tradeName: string | null;
  economicActivity: string;
  email: string;
  phone: string | null;
  isLargeTaxpayer: boolean;
  establishmentType: string | null;
  logoUrl: string | null;
  numbering: string;
  address: Address;
  createdAt: string;
  updatedAt: string;
  establishments: Establishment[];
  credentials: CredentialStatus[];
}

const ESTABLISHMENT_FIELDS = 'id code type name active phone email address { department municipality district line } pointsOfSale { code name active }';
const CREDENTIAL_FIELDS = 'environment certificateLoaded certificateNit certificateValidUntil mhUser mhLoginOk checkedAt message';
const EMITTER_FIELDS = `id name nit nrc tradeName economicActivity email phone isLargeTaxpayer establishmentType logoUrl numbering createdAt updatedAt
  address { department municipality district line } establishments { ${ESTABLISHMENT_FIELDS} } credentials { ${CREDENTIAL_FIELDS} }`;

/** The account's emitters (a business rarely has more than a handful; 100 is the page maximum). */
export async function listEmitterSummaries(): Promise<EmitterSummary[]> {
  const r = await gqlQuery<{ emitters: { nodes: EmitterSummary[] } }>('query PanelEmitterNames { emitters(first: 100) { nodes { id name nit } } }');
  return r.emitters.nodes;
}

/** A page of emitters with their establishments and credentials (a page of 20 stays within the query cost limit). */
export async function listEmitters(after: string | null = null): Promise<{ nodes: Emitter[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } }> {
  const r = await gqlQuery<{ emitters: { nodes: Emitter[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } }>(
    `query PanelEmitters($after: String) { emitters(first: 20, after: $after) { nodes { ${EMITTER_FIELDS} } pageInfo { hasNextPage endCursor } } }`,
    { after },
  );
  return r.emitters;
}

export async function getEmitter(id: string): Promise<Emitter | null> {
  const r = await gqlQuery<{ emitter: Emitter | null }>(`query PanelEmitter($id: ID!) { emitter(id: $id) { ${EMITTER_FIELDS} } }`, { id });
  return r.emitter;
}

export type EmitterInput = {
  nit: string;
  nrc: string;
  name: string;
  tradeName?: string | null;
  economicActivity: string;
  email: string;
  phone?: string | null;
  isLargeTaxpayer?: boolean;
  address: Address;
};

export async function createEmitter(input: EmitterInput, key: string): Promise<Emitter> {
  const p = await gqlMutate<{ emitter: Emitter; errors: UserError[] }>(
    `mutation PanelCreateEmitter($input: CreateEmitterInput!) { createEmitter(input: $input) { emitter { ${EMITTER_FIELDS} } errors { field code message } } }`,
    { input },
    key,
  );
  return p.emitter;
}

export async function updateEmitter(id: string, input: Partial<EmitterInput>, key: string): Promise<Emitter> {
  const p = await gqlMutate<{ emitter: Emitter; errors: UserError[] }>(
    `mutation PanelUpdateEmitter($id: ID!, $input: UpdateEmitterInput!) { updateEmitter(id: $id, input: $input) { emitter { ${EMITTER_FIELDS} } errors { field code message } } }`,
    { id, input },
    key,
  );
  return p.emitter;
}

/** Uploads the issuer's logo (PNG or JPEG in base64): the service keeps it, serves it at its logoUrl and draws it on the PDFs. */
export async function uploadEmitterLogo(id: string, contentBase64: string, key: string): Promise<Emitter> {
  const p = await gqlMutate<{ emitter: Emitter; errors: UserError[] }>(
    `mutation PanelUploadLogo($id: ID!, $input: UploadEmitterLogoInput!) { uploadEmitterLogo(emitterId: $id, input: $input) { emitter { ${EMITTER_FIELDS} } errors { field code message } } }`,
    { id, input: { contentBase64 } },
    key,
  );
  return p.emitter;
}

export async function deleteEmitterLogo(id: string, key: string): Promise<Emitter> {
  const p = await gqlMutate<{ emitter: Emitter; errors: UserError[] }>(
    `mutation PanelDeleteLogo($id: ID!) { deleteEmitterLogo(emitterId: $id) { emitter { ${EMITTER_FIELDS} } errors { field code message } } }`,
    { id },
    key,
  );
  return p.emitter;
}

export interface EstablishmentInput {
  code: string;
  type: string;
  name?: string | null;
  phone?: string | null;
  email?: string | null;
  active?: boolean;
  address: Address;
  pointsOfSale?: { code: string; name?: string | null; active?: boolean }[];
}

export async function createEstablishment(emitterId: string, input: EstablishmentInput, key: string): Promise<Establishment> {
  const p = await gqlMutate<{ establishment: Establishment; errors: UserError[] }>(
    `mutation PanelCreateEstablishment($emitterId: ID!, $input: CreateEstablishmentInput!) { createEstablishment(emitterId: $emitterId, input: $input) { establishment { ${ESTABLISHMENT_FIELDS} } errors { field code message } } }`,
    { emitterId, input },
    key,
  );
  return p.establishment;
}

export async function updateEstablishment(emitterId: string, id: string, input: Partial<EstablishmentInput>, key: string): Promise<Establishment> {
  const p = await gqlMutate<{ establishment: Establishment; errors: UserError[] }>(
    `mutation PanelUpdateEstablishment($emitterId: ID!, $id: ID!, $input: UpdateEstablishmentInput!) { updateEstablishment(emitterId: $emitterId, id: $id, input: $input) { establishment { ${ESTABLISHMENT_FIELDS} } errors { field code message } } }`,
    { emitterId, id, input },
    key,
  );
  return p.establishment;
}

export async function uploadCredentials(
  emitterId: string,
  input: { environment: string; certificateBase64?: string; privateKeyPassword?: string; mhUser?: string; mhPassword?: string },
  key: string,
): Promise<CredentialStatus> {
  const p = await gqlMutate<{ credential: CredentialStatus; errors: UserError[] }>(
    `mutation PanelUploadCredentials($emitterId: ID!, $input: UploadCredentialsInput!) { uploadCredentials(emitterId: $emitterId, input: $input) { credential { ${CREDENTIAL_FIELDS} } errors { field code message } } }`,
    { emitterId, input },
    key,
  );
  return p.credential;
}

export async function testCredentials(emitterId: string, environment: string, key: string): Promise<CredentialStatus> {
  const p = await gqlMutate<{ credential: CredentialStatus; errors: UserError[] }>(
    `mutation PanelTestCredentials($emitterId: ID!, $environment: String!) { testCredentials(emitterId: $emitterId, environment: $environment) { credential { ${CREDENTIAL_FIELDS} } errors { field code message } } }`,
    { emitterId, environment },
    key,
  );
  return p.credential;
}
