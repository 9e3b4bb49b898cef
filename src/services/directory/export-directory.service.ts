import { once } from 'node:events';
import type { Writable } from 'node:stream';
import {
  directoryCsvCells, directoryCsvHeader, directoryCsvLines, directoryExportFilename,
  type DirectoryKind,
} from '../../domain/directory/directory-csv';
import { localDateOf } from '../../domain/mh-rules/el-salvador-time';
import type { CustomerEntity, ProductEntity } from '../../persistence/entities';
import { loadOwnEmitter } from '../emitters/emitter-access';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { customerAsInput, productAsInput } from './directory-rows';
import { searchDirectory } from './directory-search';

/** Entries read per keyset page: one page in memory at a time, whatever the directory's size. */
export const DIRECTORY_EXPORT_PAGE = 500;

export interface DirectoryExport {
  filename: string;
  /** Writes the file into `sink` page by page, waiting for it to drain; stops when it closes. */
  write(sink: Writable): Promise<void>;
}

/**
 * An emitter's customers or products as CSV (ADR 0065), streamed as the documents' export is
 * (ADR 0091): the template's Spanish headers (so the file can be edited and imported again), UTF-8
 * BOM, `;`, CRLF, text cells guarded against formulas; in the list's alphabetical order. The emitter
 * is checked before anything is written (another account's is 404).
 */
export class ExportDirectoryService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, kind: DirectoryKind, emitterId: string): Promise<DirectoryExport> {
    const em = this.deps.orm.em.fork();
    const emitter = await loadOwnEmitter(em, actor, emitterId, 'emitterId');
    return {
      filename: directoryExportFilename(kind, localDateOf(this.deps.clock.now())),
      write: async (sink) => {
        await put(sink, directoryCsvHeader(kind));
        let startingAfter: string | null = null;
        for (;;) {
          if (sink.destroyed) return;
          const page: { data: { id: string }[]; hasMore: boolean } = await searchDirectory(em.fork(), kind, emitter.id, null, { limit: DIRECTORY_EXPORT_PAGE, startingAfter });
          const cells = (page.data as (CustomerEntity | ProductEntity)[]).map((e) =>
            directoryCsvCells(kind, kind === 'customers' ? customerAsInput(e as CustomerEntity) : productAsInput(e as ProductEntity)));
          if (cells.length) await put(sink, directoryCsvLines(cells));
          if (!page.hasMore || !page.data.length) break;
          startingAfter = page.data[page.data.length - 1].id;
        }
        sink.end();
      },
    };
  }

}

async function put(sink: Writable, chunk: string): Promise<void> {
  if (sink.destroyed) return;
  if (!sink.write(chunk)) await Promise.race([once(sink, 'drain'), once(sink, 'close')]);
}
