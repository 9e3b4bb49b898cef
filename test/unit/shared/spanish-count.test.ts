import { z } from 'zod';
import { spanishCount } from '../../../src/domain/shared/spanish-count';
import { spanishIssueMessage } from '../../../src/domain/dte/zod-issue-mapper';

describe('counts in Spanish messages', () => {
  it.each([
    [1, 'elemento', 'elementos', '1 elemento'],
    [2, 'elemento', 'elementos', '2 elementos'],
    [0, 'carácter', 'caracteres', '0 caracteres'],
    ['1', 'carácter', 'caracteres', '1 carácter'],
  ])('%s %s', (n, one, many, expected) => {
    expect(spanishCount(n, one, many)).toBe(expected);
  });
});

describe('the engine\'s default limit messages agree in number', () => {
  const message = (schema: z.ZodType, value: unknown) => {
    const r = schema.safeParse(value, { error: (iss) => spanishIssueMessage(iss as never) });
    return r.success ? null : r.error.issues[0].message;
  };
  it.each([
    ['a list of at least one', z.array(z.string()).min(1), [], 'Debe tener al menos 1 elemento.'],
    ['a list of at most two', z.array(z.string()).max(2), ['a', 'b', 'c'], 'Debe tener como máximo 2 elementos.'],
    ['a text of at least one', z.string().min(1), '', 'Debe tener al menos 1 carácter.'],
    ['a text of at most three', z.string().max(3), 'abcd', 'Debe tener como máximo 3 caracteres.'],
  ])('%s', (_label, schema, value, expected) => {
    expect(message(schema, value)).toBe(expected);
  });
});
