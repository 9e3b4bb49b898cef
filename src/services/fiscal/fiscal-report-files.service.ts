import type { ReportFormat } from '../../domain/fiscal';
import { reportTypeInfo } from '../../domain/fiscal';
import { DomainError } from '../../domain/shared/domain-error';
import { LinkSigner } from '../../integrations/crypto/signed-link';
import { loadOwnEmitter } from '../emitters/emitter-access';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { loadOwnReport, parseReportType } from './fiscal-report-store';

/** Path of the signed file links (no API key needed). */
export const FILE_LINK_PATH = '/v1/files';

export interface ReportFile {
  fileName: string;
  contentType: string;
  content: Buffer;
  /** SHA-256 (hex) of `content`, as listed in a period close's snapshots. */
  sha256: string;
}

/**
 * Signed, short-lived links to the files of fiscal reports (DOWNLOAD_URL_TTL_S, 300 s by default):
 * HMAC-SHA256 with a key derived from the master key. `linkFor` checks the caller; `open` only the
 * signature and the expiry.
 */
export class FiscalReportFilesService {
  readonly signer: LinkSigner;

  constructor(private readonly deps: ServiceDeps) {
    this.signer = new LinkSigner(deps.secrets.deriveKey('fiscal-file-links/v1'));
  }

  async createDownloadLink(actor: Actor, emitterId: string, reportId: string, format: string): Promise<{ url: string; expiresAt: Date }> {
    const em = this.deps.orm.em.fork();
    await loadOwnEmitter(em, actor, emitterId, 'emitterId');
    const report = await loadOwnReport(em, actor, emitterId, reportId);
    const formats = reportTypeInfo(parseReportType(report.type)).formats as string[];
    if (!formats.includes(format)) {
      throw DomainError.field('invalid_value', 'format', `Este reporte se descarga en: ${formats.join(', ')}.`);
    }
    if (report.status !== 'ready') {
      throw DomainError.field('report_not_ready', 'reportId', `El reporte está ${report.status === 'failed' ? 'fallido' : 'en generación'}; descárguelo cuando esté listo (status ready).`);
    }
    return this.linkTo(report.id, format as ReportFormat);
  }

  /** A link to one file of a report (no ownership check: callers have done it). */
  linkTo(reportId: string, format: ReportFormat, ttlS?: number): { url: string; expiresAt: Date } {
    const ttl = Math.min(ttlS ?? this.deps.config.downloadUrlTtlS, this.deps.config.downloadUrlTtlS);
    const expiresAt = new Date(this.deps.clock.now().getTime() + ttl * 1000);
    const token = this.signer.sign({ r: reportId, f: format }, expiresAt);
    return { url: `${this.deps.baseUrl()}${FILE_LINK_PATH}/${token}`, expiresAt };
  }

  /** The file behind a signed link; `expired` for an expired, tampered or unknown link. */
  async open(token: string): Promise<{ ok: true; file: ReportFile } | { ok: false; reason: 'invalid' | 'expired' }> {
    const v = this.signer.verify(token, this.deps.clock.now());
    if (!v.ok) return v;
    const rows = await sql<{ file_name: string; content_type: string; content: Buffer; sha256: string }>(
      this.deps.orm.em.fork(),
      'select file_name, content_type, content, sha256 from fiscal_report_files where report_id = ? and format = ?',
      [v.fields.r, v.fields.f],
    );
    if (!rows[0]) return { ok: false, reason: 'invalid' };
    return { ok: true, file: { fileName: rows[0].file_name, contentType: rows[0].content_type, content: rows[0].content, sha256: rows[0].sha256 } };
  }
}
