import { Client, type ClientConfig } from 'pg';
import type { ParsedDatabaseUrl } from './database-url';

/**
 * Picks the host of a multi-host `DATABASE_URL` that accepts writes (`target_session_attrs=read-write`,
 * as libpq does), for every connection the process opens (ADR 0060). The last primary found is used
 * until a connection to it fails or turns out read-only (a failover promoted another host, or the old
 * primary came back as a standby); then the hosts are probed again, in order, one probe at a time.
 */
export class PrimaryLocator {
  private current: { host: string; port: number };
  private probing: Promise<{ host: string; port: number } | null> | null = null;
  /** Probed at the first connection: the first host listed may be a standby. */
  private stale = true;

  constructor(
    private readonly url: ParsedDatabaseUrl,
    private readonly base: ClientConfig,
    private readonly probeTimeoutMs = 2_000,
  ) {
    this.current = url.hosts[0];
  }

  get hosts(): readonly { host: string; port: number }[] {
    return this.url.hosts;
  }

  get requireWrite(): boolean {
    return this.url.targetSessionAttrs === 'read-write';
  }

  /** The host new connections go to (probed again first after a failure was reported). */
  async target(): Promise<{ host: string; port: number }> {
    if (this.stale || this.probing) {
      const found = await this.probe();
      if (found) return found;
    }
    return this.current;
  }

  /** A connection to `host` failed or was read-only: the next connection probes the hosts again. */
  reportFailure(host: { host: string; port: number }): void {
    if (host.host === this.current.host && host.port === this.current.port) this.stale = true;
  }

  private probe(): Promise<{ host: string; port: number } | null> {
    this.probing ??= (async () => {
      try {
        for (const h of this.url.hosts) {
          if (await this.acceptable(h)) {
            this.current = h;
            this.stale = false;
            return h;
          }
        }
        return null;
      } finally {
        this.probing = null;
      }
    })();
    return this.probing;
  }

  private async acceptable(h: { host: string; port: number }): Promise<boolean> {
    const c = new Client({ ...this.base, host: h.host, port: h.port, connectionTimeoutMillis: this.probeTimeoutMs, application_name: 'dte-probe' });
    c.on('error', () => undefined);
    try {
      await c.connect();
      if (!this.requireWrite) return true;
      const { rows } = await c.query<{ ro: string; recovery: boolean }>(`select current_setting('transaction_read_only') as ro, pg_is_in_recovery() as recovery`);
      return rows[0]?.ro === 'off' && rows[0]?.recovery === false;
    } catch {
      return false;
    } finally {
      await c.end().catch(() => undefined);
    }
  }
}

/** The error of a connection that reached only standbys or nothing: a lost connection (503, retry). */
export class NoWritableHostError extends Error {
  readonly code = '08001';
  constructor(hosts: readonly { host: string; port: number }[]) {
    super(`No hay un servidor PostgreSQL que acepte escrituras entre ${hosts.map((h) => `${h.host}:${h.port}`).join(', ')} (target_session_attrs=read-write)`);
    this.name = 'NoWritableHostError';
  }
}

/**
 * A pg `Client` class whose connections go where the locator says and, with `read-write`, are
 * checked to accept writes before anyone uses them. Given to every pool of the process (`Client`
 * option) and to the ORM's knex client, so no connection of the service lands on a standby.
 */
export function targetedClientClass(locator: PrimaryLocator): typeof Client {
  return class TargetedClient extends Client {
    private target: { host: string; port: number } | null = null;

    override connect(): Promise<Client>;
    override connect(callback: (err: Error) => void): void;
    override connect(callback?: (err: Error) => void): Promise<Client> | void {
      const done = this.connectTargeted().then(() => this as Client);
      if (!callback) return done;
      done.then(() => callback(undefined as unknown as Error), callback);
    }

    private async connectTargeted(): Promise<void> {
      const target = await locator.target();
      this.target = target;
      // The connection parameters are read at connect time: point them at the chosen host.
      const self = this as unknown as { host: string; port: number; connectionParameters: { host: string; port: number } };
      self.host = self.connectionParameters.host = target.host;
      self.port = self.connectionParameters.port = target.port;
      try {
        await super.connect();
      } catch (err) {
        locator.reportFailure(target);
        throw err;
      }
      if (!locator.requireWrite) return;
      let writable = false;
      try {
        const { rows } = await this.query<{ ro: string }>(`select current_setting('transaction_read_only') as ro`);
        writable = rows[0]?.ro === 'off';
      } catch {
        writable = false;
      }
      if (!writable) {
        locator.reportFailure(target);
        await this.end().catch(() => undefined);
        throw new NoWritableHostError(locator.hosts);
      }
    }
  } as unknown as typeof Client;
}

/** A single connection (LISTEN, the migration lock) of the process's kind: to the chosen host when there are several. */
export function newClient(config: ClientConfig & { Client?: unknown }): Client {
  const Ctor = (config.Client as typeof Client | undefined) ?? Client;
  return new Ctor(config);
}
