import type { Writable } from 'node:stream';
import { once } from 'node:events';
import { DomainError } from '../../domain/shared/domain-error';
import { LinkSigner } from '../../integrations/crypto/signed-link';
import { loadOwnEmitter } from '../emitters/emitter-access';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { loadOwnArchive } from './period-archive-access';

/** Path of the archives' signed links (no API key needed); under `/v1/files/`, so the logs redact the token. */
export const ARCHIVE_LINK_PATH = '/v1/files/archives';

export interface ArchiveFile {
  fileName: string;
  size: number;
  sha256: string;
  /** Writes the ZIP to `sink` a stored piece at a time (never the whole file in memory) and ends it. */
  write(sink: Writable): Promise<void>;
}

/**
 * Short-lived signed links to a ready archive's ZIP (DOWNLOAD_URL_TTL_S), as the report files have
 * (HMAC with its own key derived from the master key), and the file behind one, streamed from its
 * stored pieces so any API process serves it.
 */
export class PeriodArchiveFilesService {
  private readonly signer: LinkSigner;

  constructor(private readonly deps: ServiceDeps) {
    this.signer = new LinkSigner(deps.secrets.deriveKey('period-archive-links/v1'));
  }

  async createDownloadLink(actor: Actor, emitterId: string, archiveId: string): Promise<{ url: string; expiresAt: Date }> {
    await loadOwnEmitter(this.deps.orm.em.fork(), actor, emitterId, 'emitterId');
    const archive = await loadOwnArchive(this.deps, actor, emitterId, archiveId);
    if (archive.status !== 'ready') {
      const state = archive.status === 'failed' ? 'fallido' : 'en generación';
      throw DomainError.field('archive_not_ready', 'archiveId', `El archivo del período está ${state}; descárguelo cuando esté listo (status ready).`);
    }
    const expiresAt = new Date(this.deps.clock.now().getTime() + this.deps.config.downloadUrlTtlS * 1000);
    const token = this.signer.sign({ a: archive.id }, expiresAt);
    return { url: `${this.deps.baseUrl()}${ARCHIVE_LINK_PATH}/${token}`, expiresAt };
  }

  /** The file behind a signed link; `expired` for an expired link, `invalid` for a tampered one or an archive no longer ready. */
  async open(token: string): Promise<{ ok: true; file: ArchiveFile } | { ok: false; reason: 'invalid' | 'expired' }> {
    const v = this.signer.verify(token, this.deps.clock.now());
    if (!v.ok) return v;
    const id = v.fields.a ?? '';
    const archive = await this.deps.archives.byId(id);
    if (!archive || archive.status !== 'ready' || archive.sha256 === null) return { ok: false, reason: 'invalid' };
    const pieces = await this.deps.archives.chunkCount(id);
    const store = this.deps.archives;
    return {
      ok: true,
      file: {
        fileName: archiveFileName(archive.period, archive.environment),
        size: Number(archive.size),
        sha256: archive.sha256,
        async write(sink: Writable) {
          for (let n = 0; n < pieces; n++) {
            const chunk = await store.chunk(id, n);
            if (!chunk) throw new Error(`falta la parte ${n} del archivo ${id}`);
            if (!sink.write(chunk)) await once(sink, 'drain');
          }
          sink.end();
        },
      },
    };
  }
}

/** `archivo-2026-03.zip` (`archivo-pruebas-2026-03.zip` in the test environment). */
export function archiveFileName(period: string, environment: string): string {
  return environment === '00' ? `archivo-pruebas-${period}.zip` : `archivo-${period}.zip`;
}
