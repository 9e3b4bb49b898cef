import { directoryCsvTemplateRows, directoryTemplateFilename, type DirectoryKind } from '../../domain/directory/directory-csv';

/** The import template of customers or products (ADR 0065): Spanish headers and two example rows, BOM and CRLF. */
export class GetDirectoryCsvTemplateService {
  execute(kind: DirectoryKind): { filename: string; csv: string } {
    const quote = (v: string) => (/[,"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    const csv = `\uFEFF${directoryCsvTemplateRows(kind).map((r) => r.map(quote).join(',')).join('\r\n')}\r\n`;
    return { filename: directoryTemplateFilename(kind), csv };
  }
}
