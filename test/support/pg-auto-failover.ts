import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { guideBlock, localise } from './deploy-guide';
import { waitFor } from './mh-control';
import { freePort, postgresBin } from './scratch-postgres';

const run = promisify(execFile);

export interface AutoFailoverNode {
  name: string;
  port: number;
  pgdata: string;
  keeper: ChildProcess | null;
}

export interface AutoFailoverCluster {
  dir: string;
  monitorPort: number;
  nodes: AutoFailoverNode[];
  /** The libpq multi-host URL of the cluster's database, as the guide gives it to the service. */
  url: string;
  /** Name of the node the monitor says is primary (null while none is). */
  primary(): Promise<string | null>;
  /** Machine loss of a node: its keeper and its postmaster killed with SIGKILL. */
  kill(name: string): Promise<void>;
  /** Starts a node's keeper again (`pg_autoctl run`): it rejoins as a secondary. */
  restart(name: string): Promise<void>;
  states(): Promise<{ name: string; reported: string; assigned: string }[]>;
  destroy(): Promise<void>;
}

const asPostgres = process.getuid?.() === 0;
const ENV = { ...process.env, PG_CONFIG: postgresBin('pg_config'), LC_ALL: 'C.UTF-8', PATH: `${postgresBin('').replace(/\/$/, '')}:${process.env.PATH}` };

function spawnAsPostgres(args: string[], log: string[]): ChildProcess {
  const [cmd, argv] = asPostgres ? ['runuser', ['-u', 'postgres', '--', 'pg_autoctl', ...args]] : ['pg_autoctl', args];
  const child = spawn(cmd, argv, { env: ENV, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.stdout!.on('data', (d) => log.push(String(d)));
  child.stderr!.on('data', (d) => log.push(String(d)));
  return child;
}

async function runAsPostgres(args: string[]): Promise<string> {
  const [cmd, argv] = asPostgres ? ['runuser', ['-u', 'postgres', '--', 'pg_autoctl', ...args]] : ['pg_autoctl', args];
  return (await run(cmd, argv, { env: ENV, timeout: 60_000 })).stdout;
}

/** The guide's `pg_autoctl` command lines (one per line, `\` continuations joined), localised. */
function guideCommands(block: string, replacements: Record<string, string>): string[][] {
  const text = localise(guideBlock(block), replacements).replace(/\\\n\s*/g, ' ');
  return text
    .split('\n')
    .map((l) => l.replace(/#.*$/, '').trim())
    .filter((l) => l.startsWith('pg_autoctl '))
    .map((l) => l.split(/\s+/).slice(1).map((a) => a.replace(/^'(.*)'$/, '$1')));
}

/**
 * pg_auto_failover as docs/deploy.md sets it up — a monitor, a primary and a synchronous secondary —
 * on this machine, every node on its own port in a directory of the test's, from the guide's own
 * command lines (the example addresses and directories replaced by local ones).
 */
export async function startAutoFailoverCluster(log: string[]): Promise<AutoFailoverCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'dte-paf-'));
  if (asPostgres) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    chownSync(dir, uid, gid);
  }
  const monitorPort = await freePort();
  const ports = [await freePort(), await freePort()];
  const replacements = {
    '/var/lib/postgresql/monitor': join(dir, 'monitor'),
    '/var/lib/postgresql/dte': join(dir, 'node'),
    '--hostname 10.0.3.30': '--hostname 127.0.0.1',
    '--hostname 10.0.3.31': '--hostname 127.0.0.1',
    '--hostname 10.0.3.32': '--hostname 127.0.0.1',
    '10.0.3.30:5431': `127.0.0.1:${monitorPort}`,
    '--pgport 5431': `--pgport ${monitorPort}`,
  };
  const monitorCommands = guideCommands('pg-auto-failover-monitor', replacements);
  const nodeCommands = guideCommands('pg-auto-failover-node', replacements);
  const keepers: ChildProcess[] = [];
  // The monitor: create, then run (its keeper supervises its PostgreSQL).
  for (const args of monitorCommands) {
    if (args[0] === 'run') keepers.push(spawnAsPostgres(args, log));
    else log.push(await runAsPostgres(args));
  }
  await waitFor(async () => (await probe(monitorPort, 'pg_auto_failover')) !== null, 60_000, 250);
  // The guide's tuning of the monitor, statement by statement.
  const tuning = guideBlock('pg-auto-failover-tuning').split(';').map((q) => q.trim()).filter(Boolean);
  const m = new Client({ host: '127.0.0.1', port: monitorPort, user: 'postgres', database: 'pg_auto_failover', ssl: { rejectUnauthorized: false } });
  await m.connect();
  for (const q of tuning) await m.query(q);
  await m.end();
  const nodes: AutoFailoverNode[] = [];
  for (let i = 0; i < 2; i++) {
    const name = `node${i + 1}`;
    const pgdata = join(dir, `node${i + 1}`);
    // Each node: its own data directory, port and name (the guide runs the same command on each machine).
    const args = nodeCommands[0].map((a) => (a === join(dir, 'node') ? pgdata : a));
    args.push('--pgport', String(ports[i]), '--name', name);
    const keeper = spawnAsPostgres(args, log);
    nodes.push({ name, port: ports[i], pgdata, keeper });
    // The secondary copies the primary with pg_basebackup, which waits for a checkpoint: ask for one now.
    await waitFor(
      async () => {
        const s = (await states(monitorPort)).find((x) => x.name === name);
        if (i === 1) await checkpoint(ports[0]);
        return s && (s.reported === (i === 0 ? 'single' : 'secondary') || (i === 0 && s.reported === 'wait_primary'));
      },
      180_000,
      500,
    );
  }
  await waitFor(async () => (await states(monitorPort)).map((s) => s.reported).sort().join(',') === 'primary,secondary', 120_000, 500);
  const cluster: AutoFailoverCluster = {
    dir,
    monitorPort,
    nodes,
    url: `postgres://postgres@127.0.0.1:${ports[0]},127.0.0.1:${ports[1]}/dte?target_session_attrs=read-write&sslmode=require`,
    // wait_primary: promoted, accepting writes, while its former primary is away.
    primary: async () => (await states(monitorPort)).find((s) => ['primary', 'wait_primary'].includes(s.reported) && s.reported === s.assigned)?.name ?? null,
    states: () => states(monitorPort),
    kill: async (name) => {
      const node = nodes.find((n) => n.name === name)!;
      const pid = Number(readFileSync(join(node.pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
      if (node.keeper?.pid) {
        try {
          process.kill(-node.keeper.pid, 'SIGKILL');
        } catch {
          /* gone already */
        }
      }
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone already */
      }
      node.keeper = null;
    },
    restart: async (name) => {
      const node = nodes.find((n) => n.name === name)!;
      node.keeper = spawnAsPostgres(['run', '--pgdata', node.pgdata], log);
    },
    destroy: async () => {
      for (const n of nodes) if (n.keeper?.pid) try { process.kill(-n.keeper.pid, 'SIGKILL'); } catch { /* gone */ }
      for (const k of keepers) if (k.pid) try { process.kill(-k.pid, 'SIGKILL'); } catch { /* gone */ }
      for (const d of ['monitor', 'node1', 'node2']) {
        await run(postgresBin('pg_ctl'), ['-D', join(dir, d), '-m', 'immediate', 'stop']).catch(() => undefined);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return cluster;
}

async function probe(port: number, database: string): Promise<Client | null> {
  const c = new Client({ host: '127.0.0.1', port, user: 'postgres', database, connectionTimeoutMillis: 2000, ssl: { rejectUnauthorized: false } });
  c.on('error', () => undefined);
  try {
    await c.connect();
    await c.end();
    return c;
  } catch {
    return null;
  }
}

async function checkpoint(port: number): Promise<void> {
  const c = new Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres', connectionTimeoutMillis: 2000, ssl: { rejectUnauthorized: false } });
  c.on('error', () => undefined);
  try {
    await c.connect();
    await c.query('checkpoint');
  } catch {
    /* not up yet */
  } finally {
    await c.end().catch(() => undefined);
  }
}

async function states(monitorPort: number): Promise<{ name: string; reported: string; assigned: string }[]> {
  const c = new Client({ host: '127.0.0.1', port: monitorPort, user: 'postgres', database: 'pg_auto_failover', connectionTimeoutMillis: 2000, ssl: { rejectUnauthorized: false } });
  c.on('error', () => undefined);
  try {
    await c.connect();
    const { rows } = await c.query<{ name: string; reported: string; assigned: string }>('select nodename as name, reportedstate::text as reported, goalstate::text as assigned from pgautofailover.node order by nodeid');
    return rows;
  } catch {
    return [];
  } finally {
    await c.end().catch(() => undefined);
  }
}
