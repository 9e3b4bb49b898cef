import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** Row `n` (0-based) of a fiscal report: its cells as text, in the report's column order. */
@Entity({ tableName: 'fiscal_report_rows' })
export class FiscalReportRowEntity {
  @PrimaryKey({ type: 'text' })
  reportId!: string;

  @PrimaryKey({ type: 'integer' })
  n!: number;

  @Property({ type: 'jsonb' })
  cells!: string[];
}
