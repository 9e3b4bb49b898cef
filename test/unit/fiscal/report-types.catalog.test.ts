import { REPORT_TYPES, defaultReportParams, generateReport, parseReportParams, reportFileName } from '../../../src/domain/fiscal/index';

describe('REPORT_TYPES', () => {
  it('lists the decisions.md type names with their formats', () => {
    expect(REPORT_TYPES.map((t) => [t.type, t.formats.join(',')])).toEqual([
      ['f07_anexo1', 'csv'], ['f07_anexo2', 'csv'], ['f07_anexo3', 'csv'], ['f07_anexo4', 'csv'], ['f07_anexo5', 'csv'], ['f07_anexo7', 'csv'], ['f07_anexo8', 'csv'],
      ['f07_anexo9', 'csv'], ['f07_anexo10', 'csv'], ['f07_anexo12', 'csv'], ['f07_anulados', 'csv'],
      ['libro_ventas_contribuyentes', 'csv,xlsx,pdf'], ['libro_ventas_consumidor', 'csv,xlsx,pdf'], ['libro_compras', 'csv,xlsx,pdf'],
      ['detalle_exportaciones', 'csv,xlsx,pdf'],
    ]);
  });

  it('every params schema is a closed JSON Schema object whose defaults are the parsed defaults', () => {
    for (const t of REPORT_TYPES) {
      const schema = t.paramsSchema as { type: string; additionalProperties: boolean; properties: Record<string, { default: unknown; enum: unknown[]; description: string }> };
      expect({ type: t.type, kind: schema.type, additionalProperties: schema.additionalProperties }).toEqual({ type: t.type, kind: 'object', additionalProperties: false });
      const defaults = Object.fromEntries(Object.entries(schema.properties).map(([k, p]) => [k, p.default]));
      expect({ type: t.type, defaults }).toEqual({ type: t.type, defaults: defaultReportParams(t.type) });
      for (const p of Object.values(schema.properties)) expect(p.enum).toContain(p.default);
    }
  });

  it('annex 1 params schema (the §9 C1 switch)', () => {
    expect(REPORT_TYPES[0].paramsSchema.properties).toMatchObject({
      total: { type: 'string', enum: ['without_debits', 'with_debits'], default: 'without_debits' },
      encoding: { enum: ['utf-8', 'windows-1252'], default: 'utf-8' },
      eol: { enum: ['crlf', 'lf'], default: 'crlf' },
      quoting: { enum: ['none', 'minimal', 'all'], default: 'none' },
      voids: { enum: ['void_date', 'issue_date'], default: 'void_date' },
      income: { enum: ['infer', 'blank'], default: 'infer' },
    });
    expect(REPORT_TYPES[0].rulesVersion).toBe('f07-v14/f07_anexo1@2026.4');
    expect(REPORT_TYPES[1].paramsSchema.properties).toMatchObject({ income: { enum: ['infer', 'blank'], default: 'infer' } });
  });

  const bad: [string, Parameters<typeof parseReportParams>[0], unknown, { path: string; code: string }[]][] = [
    ['unknown param', 'f07_anexo3', { total: 'with_debits' }, [{ path: 'params.total', code: 'unknown_field' }]],
    ['value outside the enum', 'f07_anexo1', { total: 'all' }, [{ path: 'params.total', code: 'invalid_value' }]],
    ['not an object', 'f07_anexo1', 'x', [{ path: 'params', code: 'invalid_type' }]],
  ];
  it.each(bad)('refuses %s', (_label, type, params, expected) => {
    const r = parseReportParams(type, params);
    expect(r.ok ? [] : r.errors.map(({ path, code }) => ({ path, code }))).toEqual(expected);
  });

  it('refuses a malformed period', () => {
    expect(generateReport('f07_anexo1', { period: '2026-3', documents: [], records: [] })).toEqual({
      ok: false, errors: [{ path: 'period', code: 'invalid_format', message: 'El período tiene el formato AAAA-MM.' }],
    });
  });
});

describe('reportFileName', () => {
  const cases: [Parameters<typeof reportFileName>[0], Parameters<typeof reportFileName>[2], string][] = [
    ['f07_anexo1', 'csv', 'F07_ANEXO1_202603.CSV'],
    ['f07_anexo4', 'csv', 'F07_ANEXO4_202603.CSV'],
    ['f07_anexo12', 'csv', 'F07_ANEXO12_202603.CSV'],
    ['f07_anulados', 'csv', 'F07_ANULADOS_202603.CSV'],
    ['libro_compras', 'xlsx', 'libro_compras_2026-03.xlsx'],
    ['detalle_exportaciones', 'pdf', 'detalle_exportaciones_2026-03.pdf'],
  ];
  it.each(cases)('%s (%s) → %s', (type, format, name) => expect(reportFileName(type, '2026-03', format)).toBe(name));

  it('every annex file name fits MH’s 25 characters', () => {
    for (const t of REPORT_TYPES.filter((x) => x.kind === 'annex')) expect(reportFileName(t.type, '2026-12', 'csv').length).toBeLessThanOrEqual(25);
  });
});
