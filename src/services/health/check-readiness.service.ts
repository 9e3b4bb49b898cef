import { MIGRATIONS } from '../../../migrations';
import type { ServiceDeps } from '../shared/service-deps';
import { sql, statementEm } from '../shared/sql';
import type { MhReachability } from './mh-reachability';

export interface Readiness {
  ready: boolean;
  database: { status: 'ok' | 'unreachable'; latencyMs: number };
  migrations: { status: 'current' | 'pending' | 'unknown'; pending: string[] };
  /** Per environment: MH answering, or down and the service issuing in contingency (both ready), or not called yet. */
  mh: Record<'00' | '01', { status: 'reachable' | 'contingency' | 'unknown'; reason: string | null; openContingencies: number }>;
  /** Why the process is not ready (Spanish), empty when it is. */
  reasons: string[];
}

/**
 * `/readyz`: whether this process should receive traffic. Ready when the database answers and every
 * migration this code knows is applied. MH down does not make it unready: documents are then issued
 * in contingency (ADR 0013), which `/readyz` reports with its reason, per environment — taking every
 * API process out of the proxy because MH is down would turn MH's outage into the service's.
 */
export class CheckReadinessService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly mh: MhReachability,
  ) {}

  async execute(): Promise<Readiness> {
    const started = Date.now();
    const em = statementEm(this.deps.orm);
    const reasons: string[] = [];
    let applied: Set<string> | null = null;
    let open = new Map<string, number>();
    try {
      applied = new Set((await sql<{ name: string }>(em, 'select name from schema_migrations')).map((r) => r.name));
      const rows = await this.deps.contingencies.openCounts(em);
      open = new Map(rows.map((r) => [r.environment, r.n]));
    } catch {
      reasons.push('la base de datos no responde');
    }
    const latencyMs = Date.now() - started;
    const pending = applied ? MIGRATIONS.map((m) => m.name).filter((n) => !applied!.has(n)) : [];
    if (pending.length) reasons.push(`faltan ${pending.length} migraciones por aplicar (${pending.join(', ')})`);
    const mhOf = (env: '00' | '01') => {
      const seen = this.mh.of(env);
      const openContingencies = open.get(env) ?? 0;
      if (openContingencies > 0 || seen.state === 'unreachable') {
        const why = seen.state === 'unreachable' ? seen.reason : 'el MH no respondía cuando se abrió la contingencia';
        return { status: 'contingency' as const, reason: `${why}; los documentos se emiten en contingencia`, openContingencies };
      }
      return { status: seen.state === 'reachable' ? ('reachable' as const) : ('unknown' as const), reason: null, openContingencies };
    };
    return {
      ready: reasons.length === 0,
      database: { status: applied ? 'ok' : 'unreachable', latencyMs },
      migrations: { status: applied ? (pending.length ? 'pending' : 'current') : 'unknown', pending },
      mh: { '00': mhOf('00'), '01': mhOf('01') },
      reasons,
    };
  }
}
