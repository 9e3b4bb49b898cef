/**
 * The linter's layer boundaries (eslint.config.js): each row lints one import written in a file of
 * one layer and expects the layer rule to refuse it or to let it through.
 */
import { ESLint } from 'eslint';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
// The project's own config, handed over directly (ESLint would import() the file, which jest's VM refuses).
const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: require(path.join(root, 'eslint.config.js')) });

async function ruleIds(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

const imports: [label: string, file: string, source: string, refused: boolean][] = [
  ['domain → services', 'src/domain/dte/x.ts', "import { a } from '../../services/documents/issue-document.service';", true],
  ['domain → persistence', 'src/domain/dte/x.ts', "import type { A } from '../../persistence/entities';", true],
  ['domain → integrations', 'src/domain/dte/sub/x.ts', "import { a } from '../../../integrations/signer/jws-signer';", true],
  ['domain → graphql', 'src/domain/x.ts', "import { a } from '../graphql/schema';", true],
  ['domain → REST adapter', 'src/domain/dte/x.ts', "import { a } from '../../../rest-adapter/route';", true],
  ['domain → jobs', 'src/domain/dte/x.ts', "import { a } from '../../../jobs/jobs';", true],
  ['domain → config', 'src/domain/dte/x.ts', "import { a } from '../../config/config';", true],
  ['domain → the database driver', 'src/domain/dte/x.ts', "import { Pool } from 'pg';", true],
  ['domain → the file system', 'src/domain/dte/x.ts', "import { readFileSync } from 'node:fs';", true],
  ['domain → domain', 'src/domain/dte/x.ts', "import { a } from '../shared/money';", false],
  ['domain → decimal.js', 'src/domain/dte/x.ts', "import Decimal from 'decimal.js';", false],
  ['GraphQL → persistence', 'src/graphql/emitter/x.ts', "import { EmitterEntity } from '../../persistence/entities';", true],
  ['GraphQL → persistence (type only)', 'src/graphql/emitter/x.ts', "import type { EmitterEntity } from '../../persistence/entities';", true],
  ['GraphQL → the ORM', 'src/graphql/emitter/x.ts', "import { EntityManager } from '@mikro-orm/core';", true],
  ['GraphQL → services', 'src/graphql/emitter/x.ts', "import type { EmitterView } from '../../services/emitters/emitter-view';", false],
  ['REST adapter → persistence', 'rest-adapter/routes/x.ts', "import { DocumentEntity } from '../../src/persistence/entities';", true],
  ['REST adapter → the ORM', 'rest-adapter/x.ts', "import { MikroORM } from '@mikro-orm/postgresql';", true],
  ['REST adapter → services', 'rest-adapter/routes/x.ts', "import type { Services } from '../../src/services/services';", false],
  ['services → graphql', 'src/services/documents/x.ts', "import { a } from '../../graphql/schema';", true],
  ['services → REST adapter', 'src/services/documents/x.ts', "import { a } from '../../../rest-adapter/problem';", true],
  ['services → src/http', 'src/services/fiscal/x.ts', "import { a } from '../../http/pages/fiscal-embed.page';", true],
  ['services → express', 'src/services/fiscal/x.ts', "import type { Request } from 'express';", true],
  ['services → the graphql package', 'src/services/fiscal/x.ts', "import { GraphQLError } from 'graphql';", true],
  ['services → persistence', 'src/services/fiscal/x.ts', "import { FiscalReportEntity } from '../../persistence/entities';", false],
  ['services → integrations', 'src/services/fiscal/x.ts', "import { a } from '../../integrations/signer/jws-signer';", false],
  ['simulator → services', 'src/mh-simulator/handlers/x.ts', "import { a } from '../../services/services';", true],
  ['simulator → domain', 'src/mh-simulator/handlers/x.ts', "import { a } from '../../domain/mh-rules/business-calendar';", false],
  ['simulator → its own http', 'src/mh-simulator/handlers/x.ts', "import { a } from '../http/respond';", false],
  ["simulator → the service's signer", 'src/mh-simulator/documents/x.ts', "import { verifyCompact } from '../../integrations/signer/jws-signer';", true],
  ['simulator (top level) → src/http', 'src/mh-simulator/x.ts', "import { a } from '../http/api-guard';", true],
  ['simulator (top level) → its own http', 'src/mh-simulator/x.ts', "import { a } from './http/respond';", false],
  ['integrations → services', 'src/integrations/mail/x.ts', "import { a } from '../../services/identity/account-emails';", true],
  ['integrations → the service registry', 'src/integrations/mail/x.ts', "import type { Services } from '../../services/services';", true],
  ['integrations → a port of the services', 'src/integrations/events/x.ts', "import type { A } from '../../services/ports/emitter-changes.port';", false],
  ['integrations → the clock port', 'src/integrations/mh/x.ts', "import type { Clock } from '../../services/shared/clock';", false],
  ['integrations → src/http', 'src/integrations/rate-limit/x.ts', "import type { A } from '../../http/api-guard';", true],
  ['integrations → graphql', 'src/integrations/pdf/x.ts', "import { a } from '../../graphql/schema';", true],
  ['integrations → jobs', 'src/integrations/pdf/x.ts', "import { a } from '../../../jobs/jobs';", true],
  ['integrations → express', 'src/integrations/pdf/x.ts', "import type { Request } from 'express';", true],
  ['integrations → domain', 'src/integrations/pdf/x.ts', "import { a } from '../../domain/dte';", false],
  ['integrations → persistence', 'src/integrations/events/x.ts', "import { a } from '../../persistence/database-hosts';", false],
  ['src/http → graphql', 'src/http/x.ts', "import { a } from '../graphql/common/graphql-errors';", true],
  ['src/http → REST adapter', 'src/http/panel/x.ts', "import { a } from '../../../rest-adapter/problem';", true],
  ['src/http → persistence', 'src/http/x.ts', "import { a } from '../persistence/entities';", true],
  ['src/http → the graphql package', 'src/http/x.ts', "import { GraphQLError } from 'graphql';", true],
  ['src/http → jobs', 'src/http/x.ts', "import { a } from '../../jobs/jobs';", true],
  ['src/http → services', 'src/http/x.ts', "import type { Services } from '../services/services';", false],
  ['src/http → domain', 'src/http/x.ts', "import { a } from '../domain/identity/insufficient-scope.message';", false],
  ['jobs → the service registry', 'jobs/x.ts', "import type { Services } from '../src/services/services';", false],
  ['jobs → a service', 'jobs/x.ts', "import type { A } from '../src/services/documents/transmit-due-documents.service';", true],
  ['jobs → a port of the services', 'jobs/x.ts', "import type { A } from '../src/services/ports/transmission-due.port';", true],
  ['jobs → persistence', 'jobs/x.ts', "import { a } from '../src/persistence/sql';", true],
  ['jobs → integrations', 'jobs/x.ts', "import { a } from '../src/integrations/mail/create-mailer';", true],
  ['jobs → graphql', 'jobs/x.ts', "import { a } from '../src/graphql/schema';", true],
  ['jobs → the ORM', 'jobs/x.ts', "import { EntityManager } from '@mikro-orm/core';", true],
  ['jobs → the logger type', 'jobs/x.ts', "import type { Logger } from '../src/config/logger';", false],
  ['domain → exceljs', 'src/domain/fiscal/x.ts', "import ExcelJS from 'exceljs';", true],
];

describe('layer boundaries (no-restricted-imports)', () => {
  test.each(imports.map(([label, file, source, refused]) => [`${label} is ${refused ? 'refused' : 'allowed'}`, file, source, refused] as const))('%s', async (_name, file, source, refused) => {
    const ids = await ruleIds(file, `${source}\n`);
    expect(ids.includes('no-restricted-imports')).toBe(refused);
  });

  test('the refusal says in Spanish which layer may not import which', async () => {
    const [result] = await eslint.lintText("import { a } from '../../graphql/schema';\n", { filePath: path.join(root, 'src/services/documents/x.ts') });
    expect(result.messages[0].message).toContain('Los servicios no importan un transporte');
  });
});

const dynamicImports: [label: string, file: string, source: string, refused: boolean][] = [
  ['simulator → services by import()', 'src/mh-simulator/handlers/x.ts', "export const a = () => import('../../services/services');", true],
  ['simulator → services by require()', 'src/mh-simulator/handlers/x.ts', "export const a = require('../../services/services');", true],
  ['domain → persistence by import()', 'src/domain/dte/x.ts', "export const a = () => import('../../persistence/entities');", true],
  ['domain → the database driver by require()', 'src/domain/dte/x.ts', "export const a = require('pg');", true],
  ['GraphQL → the ORM by import()', 'src/graphql/emitter/x.ts', "export const a = () => import('@mikro-orm/core');", true],
  ['REST adapter → persistence by require()', 'rest-adapter/routes/x.ts', "export const a = require('../../src/persistence/entities');", true],
  ['services → express by import()', 'src/services/fiscal/x.ts', "export const a = () => import('express');", true],
  ['services → persistence by import()', 'src/services/fiscal/x.ts', "export const a = () => import('../../persistence/entities');", false],
  ['simulator → its own http by require()', 'src/mh-simulator/handlers/x.ts', "export const a = require('../http/respond');", false],
];

describe('layer boundaries hold for import() and require() too', () => {
  test.each(dynamicImports.map(([label, file, source, refused]) => [`${label} is ${refused ? 'refused' : 'allowed'}`, file, source, refused] as const))('%s', async (_name, file, source, refused) => {
    const ids = await ruleIds(file, `${source}\n`);
    expect(ids.includes('layers/no-restricted-dynamic-imports')).toBe(refused);
  });
});

describe('disable comments name a rule and say why', () => {
  const file = 'src/services/documents/x.ts';
  test.each([
    ['no rule named', '// eslint-disable-next-line\nexport const x: any = 1;\n', '@eslint-community/eslint-comments/no-unlimited-disable'],
    ['no reason given', '// eslint-disable-next-line @typescript-eslint/no-explicit-any\nexport const x: any = 1;\n', '@eslint-community/eslint-comments/require-description'],
    ['a disable that disables nothing', '// eslint-disable-next-line @typescript-eslint/no-explicit-any -- not needed\nexport const x = 1;\n', 'Unused eslint-disable directive'],
  ])('%s is refused', async (_label, code, expected) => {
    const ids = await ruleIds(file, code);
    expect(ids.some((id) => id.startsWith(expected))).toBe(true);
  });

  test('a disable with a rule and a reason is accepted', async () => {
    const ids = await ruleIds(file, '// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped JSON from a third party\nexport const x: any = 1;\n');
    expect(ids).toEqual([]);
  });
});

const documentEntities: [label: string, file: string, source: string, refused: boolean][] = [
  ['a service importing DocumentEntity', 'src/services/documents/x.ts', "import { DocumentEntity } from '../../persistence/entities';", true],
  ['a service importing it as a type', 'src/services/documents/x.ts', "import type { DocumentEntity } from '../../persistence/entities';", true],
  ['a service importing DocumentEventEntity under another name', 'src/services/audit/x.ts', "import { DocumentEventEntity as E } from '../../persistence/entities';", true],
  ['a service importing the entity module', 'src/services/audit/x.ts', "import * as d from '../../persistence/entities/document.entity';", true],
  ['a CLI re-exporting it', 'src/cli/x.ts', "export { DocumentEntity } from '../persistence/entities';", true],
  ['a service reaching it through the index', 'src/services/audit/x.ts', "import * as entities from '../../persistence/entities';\nexport const f = () => entities.DocumentEntity;", true],
  ['a job requiring it', 'jobs/x.ts', "const { DocumentEntity } = require('../src/persistence/entities');\nexport default DocumentEntity;", true],
  ['a service naming it for the ORM', 'src/services/audit/x.ts', "export const f = (em: { find(n: string, w: object): unknown }) => em.find('DocumentEntity', {});", true],
  ['a test importing it', 'test/api/x.test.ts', "import { DocumentEntity } from '../../src/persistence/entities';", true],
  ['the document store', 'src/persistence/documents/x.ts', "import { DocumentEntity } from '../entities/document.entity';", false],
  ['the entity index', 'src/persistence/entities/index.ts', "import { DocumentEntity } from './document.entity';\nexport { DocumentEntity };", false],
  ['a migration', 'migrations/Migration1.ts', "import { DocumentEntity } from '../src/persistence/entities';", false],
  ['a service importing another entity', 'src/services/documents/x.ts', "import { DocumentEmailEntity } from '../../persistence/entities';", false],
  ['a service importing ContingencyEpisodeEntity', 'src/services/documents/x.ts', "import { ContingencyEpisodeEntity } from '../../persistence/entities';", true],
  ['a service importing DocumentInvalidationEntity', 'src/services/documents/x.ts', "import { DocumentInvalidationEntity } from '../../persistence/entities';", true],
  ['a service naming DteEventEntity for the ORM', 'src/services/events/x.ts', "export const f = (em: { findOne(n: string, w: object): unknown }) => em.findOne('DteEventEntity', { status: 'pending' });", true],
  ['a job importing the episode entity module', 'jobs/x.ts', "import { ContingencyEpisodeEntity } from '../src/persistence/entities/contingency-episode.entity';", true],
  ['the document store holding the invalidation entity', 'src/persistence/documents/x.ts', "import { DocumentInvalidationEntity } from '../entities';", true],
  ['the contingency store', 'src/persistence/contingency/x.ts', "import { ContingencyEpisodeEntity } from '../entities/contingency-episode.entity';", false],
  ['the invalidation store', 'src/persistence/invalidations/x.ts', "import { DocumentInvalidationEntity } from '../entities';", false],
  ['the DTE event store', 'src/persistence/events/x.ts', "import { DteEventEntity } from '../entities';", false],
  ['the invalidation store holding the DTE event entity', 'src/persistence/invalidations/x.ts', "import { DteEventEntity } from '../entities';", true],
];

describe('only its store holds the entities of a table with a state machine', () => {
  test.each(documentEntities.map(([label, file, source, refused]) => [`${label} is ${refused ? 'refused' : 'allowed'}`, file, source, refused] as const))('%s', async (_name, file, source, refused) => {
    const ids = await ruleIds(file, `${source}\n`);
    expect(ids.includes('layers/document-store-owns-entities')).toBe(refused);
  });

  test('the refusal points to the store', async () => {
    const [result] = await eslint.lintText("import { DocumentEntity } from '../../persistence/entities';\n", { filePath: path.join(root, 'src/services/documents/x.ts') });
    expect(result.messages.find((m) => m.ruleId === 'layers/document-store-owns-entities')?.message).toContain('DocumentQueries');
  });
});
