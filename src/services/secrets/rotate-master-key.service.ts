import type { ServiceDeps } from '../shared/service-deps';
import { sql, statementEm } from '../shared/sql';
import { SEALED_COLUMNS, type SealedColumn } from './sealed-values';

export interface RotationCount {
  table: string;
  column: string;
  /** Re-sealed with the current key (it opened with a previous one). */
  resealed: number;
  /** Already sealed with the current key. */
  current: number;
  /** Opened with no key given (DTE_MASTER_KEY nor DTE_MASTER_KEY_PREVIOUS): left as they are. */
  unreadable: number;
}

const BATCH = 500;

/**
 * `cli master-key rotate` (docs/deploy.md, "Rotating the master key"): re-seals every sealed value
 * with the current DTE_MASTER_KEY, opening those sealed with a key of DTE_MASTER_KEY_PREVIOUS. Safe
 * while the service runs (every process already opens both keys and seals with the new one) and to
 * run again: a value already sealed with the current key is left alone, and a row is written only if
 * its value is still the one read (compare and set).
 */
export class RotateMasterKeyService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(): Promise<RotationCount[]> {
    const out: RotationCount[] = [];
    for (const col of SEALED_COLUMNS) out.push(await this.rotateColumn(col));
    return out;
  }

  private async rotateColumn(col: SealedColumn): Promise<RotationCount> {
    const em = statementEm(this.deps.orm);
    const id = col.idColumn ?? 'id';
    const columns = [id, ...(col.context ?? []), col.column].map((c) => `"${c}"`).join(', ');
    const count: RotationCount = { table: col.table, column: col.column, resealed: 0, current: 0, unreadable: 0 };
    let after = '';
    for (;;) {
      const rows = await sql<Record<string, string>>(
        em,
        `select ${columns} from "${col.table}" where "${col.column}" is not null and "${col.column}" <> '' and "${id}" > ? order by "${id}" limit ${BATCH}`,
        [after],
      );
      for (const row of rows) {
        const before = row[col.column];
        const aad = col.aad({ ...row, id: row[id] });
        const next = col.jsonFields ? this.resealJson(before, aad, count) : this.reseal(before, aad, count, col.binary === true);
        if (next !== null && next !== before) {
          await sql(em, `update "${col.table}" set "${col.column}" = ? where "${id}" = ? and "${col.column}" = ?`, [next, row[id], before]);
        }
      }
      if (rows.length < BATCH) return count;
      after = rows[rows.length - 1][id];
    }
  }

  /** The value sealed with the current key, or null when nothing is to be written. */
  private reseal(sealed: string, aad: string | undefined, count: RotationCount, binary: boolean): string | null {
    const box = this.deps.secrets;
    if (box.sealedWithCurrentKey(sealed, aad)) {
      count.current++;
      return null;
    }
    let plain: Buffer;
    try {
      plain = box.open(sealed, aad);
    } catch {
      count.unreadable++;
      return null;
    }
    count.resealed++;
    return box.seal(binary ? plain : plain.toString('utf8'), aad);
  }

  private resealJson(value: string, aad: string | undefined, count: RotationCount): string | null {
    let doc: Record<string, unknown>;
    try {
      doc = JSON.parse(value) as Record<string, unknown>;
    } catch {
      return null;
    }
    if (!doc || typeof doc !== 'object') return null;
    let changed = false;
    for (const [k, v] of Object.entries(doc)) {
      if (!k.startsWith('sealed') || typeof v !== 'string') continue;
      const next = this.reseal(v, aad, count, false);
      if (next !== null) {
        doc[k] = next;
        changed = true;
      }
    }
    return changed ? JSON.stringify(doc) : null;
  }
}
