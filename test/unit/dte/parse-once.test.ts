import { z } from 'zod';
import { documentCreateSchema, parseDocumentCreate } from '../../../src/domain/dte/document-create.schema';
import { markParsed, wasParsedBy } from '../../../src/domain/shared/parsed-input';
import { body } from './dte-fixtures';

/** What the REST door does: parse with the use case's own schema and mark the result. */
function parsedAtTheDoor(input: unknown): unknown {
  const parsed = documentCreateSchema.parse(input);
  markParsed(documentCreateSchema, parsed);
  return parsed;
}

describe('parse once: a body validated by the door with the use case schema', () => {
  it('is handed on as it is (the very object, not parsed again)', () => {
    const value = parsedAtTheDoor(body('03'));
    const r = parseDocumentCreate(value);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.value).toBe(value);
  });

  it('still goes through the cross-field rules', () => {
    const value = parsedAtTheDoor(body('03', { receiver: null }));
    const r = parseDocumentCreate(value);
    expect(r.ok).toBe(false);
    expect(r.ok ? [] : r.errors.map((e) => e.path)).toContain('receiver');
  });

  it.each([
    ['a copy of a marked value', (v: unknown) => structuredClone(v)],
    ['a value marked by another schema', (v: unknown) => {
      const other = structuredClone(v);
      markParsed(z.object({}), other);
      return other;
    }],
    ['an unmarked value', (v: unknown) => v],
  ])('%s is parsed again', (_label, variant) => {
    const input = variant(documentCreateSchema.parse(body('01')));
    const r = parseDocumentCreate(input);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.value).not.toBe(input);
    expect(r.value).toEqual(input);
  });

  it('marks only objects, and only for the schema that produced them', () => {
    const value = parsedAtTheDoor(body('01'));
    expect(wasParsedBy(documentCreateSchema, value)).toBe(true);
    expect(wasParsedBy(z.object({}), value)).toBe(false);
    markParsed(documentCreateSchema, 'texto');
    expect(wasParsedBy(documentCreateSchema, 'texto')).toBe(false);
    expect(wasParsedBy(documentCreateSchema, null)).toBe(false);
  });

  it('refuses an unmarked invalid body as before', () => {
    const r = parseDocumentCreate({ ...body('01'), type: '99' });
    expect(r.ok).toBe(false);
  });
});
