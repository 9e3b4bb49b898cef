import { gqlMutate, gqlQuery, type UserError } from '../lib/graphql';

/** A period archive (ADR 0072): one ZIP with the month's signed documents, PDFs, events, books and index. */
export interface PeriodArchive {
  id: string;
  period: string;
  status: 'QUEUED' | 'RUNNING' | 'READY' | 'FAILED';
  documentsTotal: number;
  documentsDone: number;
  size: number | null;
  error: string | null;
  createdAt: string;
  completedAt: string | null;
}

const FIELDS = 'id period status documentsTotal documentsDone size error createdAt completedAt';

export async function requestPeriodArchive(emitterId: string, period: string, key: string): Promise<PeriodArchive> {
  const p = await gqlMutate<{ periodArchive: PeriodArchive; errors: UserError[] }>(
    `mutation PanelCreatePeriodArchive($input: CreatePeriodArchiveInput!) { createPeriodArchive(input: $input) { periodArchive { ${FIELDS} } errors { field code message } } }`,
    { input: { emitterId, period } },
    key,
  );
  return p.periodArchive;
}

/** The emitter's newest archive of `period`, if any (the list is newest first). */
export async function latestPeriodArchive(emitterId: string, period: string): Promise<PeriodArchive | null> {
  const r = await gqlQuery<{ periodArchives: { nodes: PeriodArchive[] } }>(
    `query PanelPeriodArchives($emitterId: ID!) { periodArchives(emitterId: $emitterId, first: 100) { nodes { ${FIELDS} } } }`,
    { emitterId },
  );
  return r.periodArchives.nodes.find((a) => a.period === period) ?? null;
}

export async function getPeriodArchive(emitterId: string, id: string): Promise<PeriodArchive | null> {
  const r = await gqlQuery<{ periodArchive: PeriodArchive | null }>(`query PanelPeriodArchive($emitterId: ID!, $id: ID!) { periodArchive(emitterId: $emitterId, id: $id) { ${FIELDS} } }`, { emitterId, id });
  return r.periodArchive;
}

/** A fresh short-lived signed link to the ZIP. */
export async function periodArchiveDownloadUrl(emitterId: string, id: string): Promise<string> {
  const r = await gqlQuery<{ periodArchive: { downloadUrl: string } | null }>(
    'query PanelPeriodArchiveDownload($emitterId: ID!, $id: ID!) { periodArchive(emitterId: $emitterId, id: $id) { downloadUrl } }',
    { emitterId, id },
  );
  return r.periodArchive?.downloadUrl ?? '';
}
