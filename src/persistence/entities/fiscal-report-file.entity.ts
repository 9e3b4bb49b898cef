import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** One file of a fiscal report (CSV; books also XLSX and PDF), stored byte for byte. */
@Entity({ tableName: 'fiscal_report_files' })
export class FiscalReportFileEntity {
  @PrimaryKey({ type: 'text' })
  reportId!: string;

  /** `csv` | `xlsx` | `pdf` */
  @PrimaryKey({ type: 'text' })
  format!: string;

  @Property({ type: 'text' })
  fileName!: string;

  @Property({ type: 'text' })
  contentType!: string;

  @Property({ type: 'blob', lazy: true })
  content!: Buffer;

  @Property({ type: 'text' })
  sha256!: string;

  @Property({ type: 'integer' })
  size!: number;
}
