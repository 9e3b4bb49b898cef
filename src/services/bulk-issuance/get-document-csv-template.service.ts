import { stringify } from 'csv-stringify/sync';
import { csvTemplateFilename, csvTemplateRows, type CsvDteType } from '../../domain/dte/document-csv';

/**
 * The bulk-issuance template of a type (ADR 0074): the Spanish headers and two example documents,
 * as CSV text with a BOM so that a spreadsheet opens its accents right.
 */
export class GetDocumentCsvTemplateService {
  execute(type: CsvDteType): { filename: string; csv: string } {
    const csv = stringify(csvTemplateRows(type), { bom: true, record_delimiter: '\r\n' });
    return { filename: csvTemplateFilename(type), csv };
  }
}
