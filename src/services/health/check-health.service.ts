import type { ServiceDeps } from '../shared/service-deps';

export interface Health {
  status: 'ok' | 'degraded';
  database: 'ok' | 'unreachable';
  latencyMs: number;
}

export class CheckHealthService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(): Promise<Health> {
    const started = Date.now();
    try {
      await this.deps.orm.em.getConnection().execute('select 1');
      return { status: 'ok', database: 'ok', latencyMs: Date.now() - started };
    } catch {
      return { status: 'degraded', database: 'unreachable', latencyMs: Date.now() - started };
    }
  }
}
