import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';

/**
 * MH's "archivo DTE": the official JSON exactly as signed, with `firmaElectronica` (the JWS) and
 * `selloRecibido` (null until sealed) appended at the top level — by text, never re-serialised.
 */
export class GetDocumentJsonService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, id: string): Promise<string | null> {
    const d = await this.deps.documents.findSigned(this.deps.orm.em.fork(), id, actor);
    if (!d) return null;
    return archivoDte(d.dte_json, d.jws, d.reception_stamp);
  }
}

export function archivoDte(signedJson: string, jws: string, seal: string | null): string {
  const body = signedJson.trimEnd();
  if (!body.endsWith('}')) throw new Error('BUG: el JSON firmado no es un objeto');
  return `${body.slice(0, -1)},"firmaElectronica":${JSON.stringify(jws)},"selloRecibido":${JSON.stringify(seal)}}`;
}
