import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { ParseArgsConfig } from 'node:util';
import { parseScopes } from '../domain/identity/scopes';
import { DomainError } from '../domain/shared/domain-error';
import { generateTestCertificate } from '../integrations/certificates/generate-test-certificate';
import { openCliContext } from './cli-context';
import { loadConfig } from '../config/config';
import { BackupRefused, backupEmbeddedData, restoreEmbeddedData } from '../persistence/backup/embedded-backup';
import { cliAuditSubject } from './cli-audit';
import { certificationRunCommand } from './certification/certification.command';

export interface CliResult {
  json: unknown;
  /** A partial success: why, on stderr, and this exit code (the JSON document still on stdout). */
  failure?: { message: string; exitCode: number };
  /** `json` already serialised, when its key order matters (JSON.stringify puts integer-like keys first). */
  jsonText?: string;
  text: string;
}

export interface CliCommand {
  name: string;
  summary: string;
  usage: string;
  options: NonNullable<ParseArgsConfig['options']>;
  run(values: Record<string, string | boolean | undefined>): Promise<CliResult>;
}

function required(values: Record<string, unknown>, name: string): string {
  const v = values[name];
  if (typeof v !== 'string' || !v.trim()) throw DomainError.field('required', name, `Falta la opción --${name}.`);
  return v.trim();
}

/** `--password` or, with `--password-stdin`, the first line of standard input (keeps it out of the process list and shell history). */
async function passwordOption(values: Record<string, unknown>): Promise<string> {
  if (values['password-stdin']) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    const line = Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0];
    if (!line) throw DomainError.field('required', 'password', 'La entrada estándar no trae una contraseña.');
    return line;
  }
  const v = values.password;
  if (typeof v !== 'string' || !v) throw DomainError.field('required', 'password', 'Falta la opción --password (o --password-stdin).');
  return v;
}

/** With PostgreSQL the copy is PostgreSQL's own tools' job, with the service running. */
export const PG_DUMP_HELP = [
  'Con PostgreSQL (DATABASE_URL) las copias se hacen con sus herramientas, con el servicio en marcha:',
  '  pg_dump --format=custom --file=dte.dump "$DATABASE_URL"',
  '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" dte.dump   (con el servicio detenido)',
  'Guarde aparte DTE_MASTER_KEY: sin ella los secretos de la copia no se pueden abrir.',
].join('\n');

function embeddedDataDir(command: string): string {
  const config = loadConfig();
  if (config.databaseUrl) throw new BackupRefused(`${command} copia la base embebida (DATA_DIR) y DATABASE_URL está definida.\n${PG_DUMP_HELP}`);
  return config.dataDir;
}

async function withContext<T>(fn: (ctx: Awaited<ReturnType<typeof openCliContext>>) => Promise<T>): Promise<T> {
  const ctx = await openCliContext();
  try {
    return await fn(ctx);
  } finally {
    await ctx.close();
  }
}

export const COMMANDS: CliCommand[] = [
  {
    name: 'accounts create',
    summary: 'Crea una cuenta con una llave de pruebas y una de producción.',
    usage: '--name "Acme" [--json]',
    options: { name: { type: 'string' } },
    run: (v) =>
      withContext(async ({ services }) => {
        const a = await services.createAccount.execute({ name: required(v, 'name'), audit: cliAuditSubject() });
        return {
          json: { account_id: a.accountId, keys: { test: a.keys.test.key, live: a.keys.live.key } },
          text: `Cuenta ${a.accountId} (${a.name})\n  llave de pruebas:    ${a.keys.test.key}\n  llave de producción: ${a.keys.live.key}\nGuarde las llaves ahora: no se vuelven a mostrar.`,
        };
      }),
  },
  {
    name: 'accounts set-plan',
    summary: 'Asigna a una cuenta un plan de la lista de precios (PLANS_FILE o la incorporada).',
    usage: '--account ID --plan CÓDIGO [--json]',
    options: { account: { type: 'string' }, plan: { type: 'string' } },
    run: (v) =>
      withContext(async ({ services }) => {
        const r = await services.setAccountPlan.execute({ accountId: required(v, 'account'), planCode: required(v, 'plan') });
        return { json: { account_id: r.accountId, plan_code: r.planCode }, text: `La cuenta ${r.accountId} queda en el plan ${r.planCode}.` };
      }),
  },
  {
    name: 'accounts set-embed-origins',
    summary: 'Orígenes que pueden incrustar (iframe) las vistas de solo lectura de una cuenta (Content-Security-Policy: frame-ancestors).',
    usage: '--account ID --origins https://erp.ejemplo.com,https://otro.ejemplo.com [--json]   (--origins "" las deja sin incrustar)',
    options: { account: { type: 'string' }, origins: { type: 'string' } },
    run: (v) =>
      withContext(async ({ services }) => {
        if (typeof v.origins !== 'string') throw DomainError.field('required', 'origins', 'Falta la opción --origins (una lista separada por comas; "" para ninguna).');
        const list = v.origins.split(',').map((o) => o.trim()).filter(Boolean);
        const r = await services.setEmbedOrigins.execute({ accountId: required(v, 'account'), origins: list, audit: cliAuditSubject() });
        return {
          json: { account_id: r.accountId, embed_origins: r.origins },
          text: r.origins.length ? `La cuenta ${r.accountId} permite incrustar sus vistas en: ${r.origins.join(' ')}` : `Las vistas de la cuenta ${r.accountId} no se pueden incrustar en otro sitio.`,
        };
      }),
  },
  {
    name: 'keys create',
    summary: 'Crea una llave de API para una cuenta y un ambiente.',
    usage: '--account ID --environment 00|01 [--scopes a,b] [--description texto] [--json]',
    options: { account: { type: 'string' }, environment: { type: 'string' }, scopes: { type: 'string' }, description: { type: 'string' } },
    run: (v) =>
      withContext(async ({ services }) => {
        const environment = required(v, 'environment');
        if (environment !== '00' && environment !== '01') {
          throw DomainError.field('invalid_value', 'environment', 'El ambiente es "00" (pruebas) o "01" (producción).');
        }
        let scopes;
        if (typeof v.scopes === 'string') {
          const parsed = parseScopes(v.scopes);
          if (parsed.unknown.length) throw DomainError.field('invalid_value', 'scopes', `Permisos desconocidos: ${parsed.unknown.join(', ')}.`);
          if (!parsed.scopes.length) throw DomainError.field('invalid_value', 'scopes', 'Indique al menos un permiso.');
          scopes = parsed.scopes;
        }
        const k = await services.createApiKey.execute({
          accountId: required(v, 'account'),
          environment,
          scopes,
          description: typeof v.description === 'string' ? v.description : null,
          audit: cliAuditSubject(),
        });
        return {
          json: { id: k.id, key: k.key, environment: k.environment, scopes: k.scopes },
          text: `Llave ${k.id} (${k.environment}): ${k.key}\n  permisos: ${k.scopes.join(', ')}\nGuárdela ahora: no se vuelve a mostrar.`,
        };
      }),
  },
  {
    name: 'keys list',
    summary: 'Lista las llaves de una cuenta (sin mostrar las llaves).',
    usage: '--account ID [--json]',
    options: { account: { type: 'string' } },
    run: (v) =>
      withContext(async ({ services }) => {
        const keys = await services.listApiKeys.execute({ accountId: required(v, 'account') });
        return {
          json: {
            data: keys.map((k) => ({
              id: k.id,
              environment: k.environment,
              prefix: k.prefix,
              scopes: k.scopes,
              description: k.description,
              created_at: k.createdAt.toISOString(),
              revoked_at: k.revokedAt ? k.revokedAt.toISOString() : null,
            })),
          },
          text: keys.length
            ? keys.map((k) => `${k.id}  ${k.environment}  ${k.prefix}…  ${k.revokedAt ? `revocada ${k.revokedAt.toISOString()}` : 'activa'}  ${k.scopes.join(',')}`).join('\n')
            : 'La cuenta no tiene llaves.',
        };
      }),
  },
  {
    name: 'keys revoke',
    summary: 'Revoca una llave de inmediato.',
    usage: '--key KEY_ID [--json]',
    options: { key: { type: 'string' }, id: { type: 'string' } },
    run: (v) =>
      withContext(async ({ services }) => {
        const id = typeof v.key === 'string' ? v.key : required(v, 'id');
        const r = await services.revokeApiKey.execute({ keyId: id, audit: cliAuditSubject() });
        return { json: { id: r.id, revoked_at: r.revokedAt.toISOString() }, text: `Llave ${r.id} revocada (${r.revokedAt.toISOString()}).` };
      }),
  },
  {
    name: 'users create',
    summary: 'Crea un usuario del panel para una cuenta (rol predeterminado: member).',
    usage: '--account ID --email correo --password clave|--password-stdin [--role owner|member|viewer] [--json]',
    options: { account: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' }, 'password-stdin': { type: 'boolean' }, role: { type: 'string' } },
    run: async (v) => {
      const password = await passwordOption(v);
      return withContext(async ({ services }) => {
        const u = await services.createUser.execute({ accountId: required(v, 'account'), email: required(v, 'email'), password, role: typeof v.role === 'string' ? v.role : undefined, audit: cliAuditSubject() });
        return {
          json: { user_id: u.id, account_id: u.accountId, email: u.email, role: u.role },
          text: `Usuario ${u.id} (${u.email}, ${u.role}) creado en la cuenta ${u.accountId}.`,
        };
      });
    },
  },
  {
    name: 'users list',
    summary: 'Lista los usuarios del panel de una cuenta.',
    usage: '--account ID [--json]',
    options: { account: { type: 'string' } },
    run: (v) =>
      withContext(async ({ services }) => {
        const users = await services.listUsers.execute({ accountId: required(v, 'account') });
        return {
          json: {
            data: users.map((u) => ({
              user_id: u.id,
              account_id: u.accountId,
              email: u.email,
              role: u.role,
              active: u.active,
              created_at: u.createdAt.toISOString(),
              last_login_at: u.lastLoginAt ? u.lastLoginAt.toISOString() : null,
            })),
          },
          text: users.length ? users.map((u) => `${u.id}  ${u.email}  ${u.role}${u.active ? '' : '  (invitación pendiente)'}`).join('\n') : 'La cuenta no tiene usuarios.',
        };
      }),
  },
  {
    name: 'users set-password',
    summary: 'Cambia la contraseña de un usuario; sus sesiones abiertas se cierran.',
    usage: '--email correo|--user ID --password clave|--password-stdin [--json]',
    options: { email: { type: 'string' }, user: { type: 'string' }, password: { type: 'string' }, 'password-stdin': { type: 'boolean' } },
    run: async (v) => {
      const password = await passwordOption(v);
      return withContext(async ({ services }) => {
        const u = await services.setUserPassword.execute({ userId: typeof v.user === 'string' ? v.user : undefined, email: typeof v.user === 'string' ? undefined : required(v, 'email'), password, audit: cliAuditSubject() });
        return { json: { user_id: u.id, account_id: u.accountId, email: u.email, role: u.role }, text: `Contraseña de ${u.email} cambiada; sus sesiones se cerraron.` };
      });
    },
  },
  {
    name: 'certs generate-test',
    summary: 'Genera un certificado de prueba en el formato XML del MH (<CertificadoMH>) para un NIT.',
    usage: '--nit 06141234567890 --password clave --out archivo.crt [--valid-days 365] [--json]',
    options: { nit: { type: 'string' }, password: { type: 'string' }, out: { type: 'string' }, 'valid-days': { type: 'string' } },
    run: async (v) => {
      const nit = required(v, 'nit');
      if (!/^(\d{14}|\d{9})$/.test(nit)) throw DomainError.field('invalid_format', 'nit', 'El NIT debe tener 14 dígitos (o 9), sin guiones.');
      const password = required(v, 'password');
      const out = required(v, 'out');
      const validDays = typeof v['valid-days'] === 'string' ? Number(v['valid-days']) : 365;
      if (!Number.isInteger(validDays) || validDays < 1 || validDays > 3650) {
        throw DomainError.field('invalid_value', 'valid-days', '--valid-days debe ser un entero entre 1 y 3650.');
      }
      const cert = generateTestCertificate({ nit, password, validDays });
      writeFileSync(out, cert.xml, { mode: 0o600 });
      return { json: { nit, out, valid_days: validDays }, text: `Certificado de prueba para el NIT ${nit} escrito en ${out} (válido ${validDays} días).` };
    },
  },
  {
    name: 'backup',
    summary: 'Copia la base embebida de DATA_DIR (con la llave maestra generada) en un .tar.gz; el servicio debe estar detenido.',
    usage: '--out copia.tar.gz [--json]   (con PostgreSQL: pg_dump, ver abajo)',
    options: { out: { type: 'string' } },
    run: async (v) => {
      const r = await backupEmbeddedData(embeddedDataDir('backup'), required(v, 'out'), new Date());
      return {
        json: { out: r.out, files: r.files, bytes: r.bytes, documents: r.documents },
        text: `Copia escrita en ${r.out} (${r.files} archivos, ${r.bytes} bytes, ${r.documents} documentos). Contiene la llave maestra: guárdela como un secreto.`,
      };
    },
  },
  {
    name: 'restore',
    summary: 'Restaura en DATA_DIR una copia hecha con backup; el servicio debe estar detenido.',
    usage: '--in copia.tar.gz [--replace] [--json]   (--replace sustituye la base existente y la conserva aparte)',
    options: { in: { type: 'string' }, replace: { type: 'boolean' } },
    run: async (v) => {
      const r = await restoreEmbeddedData(embeddedDataDir('restore'), required(v, 'in'), { replace: v.replace === true, now: new Date() });
      const aside = r.replaced.length ? ` Lo anterior quedó en ${r.replaced.join(', ')}.` : '';
      return {
        json: { data_dir: r.dataDir, files: r.files, documents: r.documents, backup_created_at: r.createdAt, replaced: r.replaced },
        text: `Copia del ${r.createdAt} restaurada en ${r.dataDir} (${r.files} archivos, ${r.documents} documentos).${aside} Ya puede ejecutar npm start.`,
      };
    },
  },
  {
    name: 'master-key generate',
    summary: 'Imprime una llave maestra nueva (64 caracteres hexadecimales) para DTE_MASTER_KEY; no cambia nada.',
    usage: '[--json]',
    options: {},
    run: async () => {
      const key = randomBytes(32).toString('hex');
      return { json: { key }, text: key };
    },
  },
  {
    name: 'master-key rotate',
    summary: 'Vuelve a cifrar cada secreto con DTE_MASTER_KEY (la nueva), abriendo los cifrados con DTE_MASTER_KEY_PREVIOUS (la anterior).',
    usage: '[--json]   (con DTE_MASTER_KEY=nueva y DTE_MASTER_KEY_PREVIOUS=anterior; se puede repetir sin riesgo)',
    options: {},
    run: () =>
      withContext(async ({ services }) => {
        const counts = await services.rotateMasterKey.execute();
        const total = (k: 'resealed' | 'current' | 'unreadable') => counts.reduce((n, c) => n + c[k], 0);
        const unreadable = total('unreadable');
        const lines = counts.filter((c) => c.resealed + c.current + c.unreadable > 0).map((c) => `  ${c.table}.${c.column}: ${c.resealed} cifrados de nuevo, ${c.current} ya con la llave nueva${c.unreadable ? `, ${c.unreadable} ilegibles` : ''}`);
        const result = {
          json: { resealed: total('resealed'), already_current: total('current'), unreadable, columns: counts.map((c) => ({ table: c.table, column: c.column, resealed: c.resealed, already_current: c.current, unreadable: c.unreadable })) },
          text: [`${total('resealed')} secretos cifrados de nuevo con la llave maestra actual; ${total('current')} ya lo estaban.`, ...lines].join('\n'),
        };
        if (!unreadable) return result;
        return { ...result, failure: { exitCode: 1, message: `${unreadable} secretos no se abren con DTE_MASTER_KEY ni con DTE_MASTER_KEY_PREVIOUS: se dejaron como estaban. Defina en DTE_MASTER_KEY_PREVIOUS la llave con que se cifraron y repita.` } };
      }),
  },
  certificationRunCommand,
];
