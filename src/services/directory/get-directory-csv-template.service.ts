import { directoryCsvTemplateRows, directoryTemplateFilename, type DirectoryKind } from '../../domain/directory/directory-csv';
import { loadOwnEmitter } from '../emitters/emitter-access';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';

/**
 * The import template of an emitter's customers or products (ADR 0065): Spanish headers and two
 * example rows, BOM and CRLF. Another account's emitter is 404, as every route under it.
 */
export class GetDirectoryCsvTemplateService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, kind: DirectoryKind, emitterId: string): Promise<{ filename: string; csv: string }> {
    await loadOwnEmitter(this.deps.orm.em.fork(), actor, emitterId, 'emitterId');
    const quote = (v: string) => (/[,"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    const csv = `\uFEFF${directoryCsvTemplateRows(kind).map((r) => r.map(quote).join(',')).join('\r\n')}\r\n`;
    return { filename: directoryTemplateFilename(kind), csv };
  }
}
