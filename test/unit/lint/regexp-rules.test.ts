/**
 * The linter refuses regular expressions that can backtrack super-linearly (eslint.config.js,
 * ADR 0050): each row lints one expression in a file of the service or the panel.
 */
import { ESLint } from 'eslint';
import path from 'node:path';
import { groupThousands, trimTrailing } from '../../../src/domain/shared/linear-text';

const root = path.resolve(__dirname, '../../..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: require(path.join(root, 'eslint.config.js')) });

async function ruleIds(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

const rows: [label: string, file: string, code: string, rule: string | null][] = [
  ['nested quantifiers', 'src/domain/shared/x.ts', 'export const r = /^(a+)+$/;', 'regexp/no-super-linear-backtracking'],
  ['two quantifiers that exchange characters', 'src/http/x.ts', 'export const r = /^\\d+\\d*x$/;', 'regexp/no-super-linear-backtracking'],
  ['the old DOCTYPE token of the certificate reader', 'src/integrations/certificates/x.ts', 'export const r = /<!DOCTYPE(?:[^[>]|\\[[\\s\\S]*?\\])*>/g;', 'regexp/no-super-linear-backtracking'],
  ['a trailing run replaced', 'rest-adapter/x.ts', "export const f = (s: string) => s.replace(/\\/+$/, '');", 'regexp/no-super-linear-move'],
  ['in the panel too', 'panel/src/lib/x.ts', "export const f = (s: string) => s.replace(/0+$/, '');", 'regexp/no-super-linear-move'],
  ['an anchored, linear pattern', 'src/domain/shared/x.ts', 'export const r = /^\\d{14}$/;', null],
];

describe('unsafe regular expressions fail the lint', () => {
  it.each(rows)('%s', async (_label, file, code, rule) => {
    expect(await ruleIds(file, code)).toEqual(rule ? [rule] : []);
  });
});

describe('the linear helpers that replace them', () => {
  it.each([
    ['a///', '/', 'a'],
    ['a', '/', 'a'],
    ['///', '/', ''],
    ['12.500', '0', '12.5'],
  ])('trimTrailing(%j, %j) = %j', (text, char, out) => expect(trimTrailing(text, char)).toBe(out));

  it.each([
    ['', ''],
    ['123', '123'],
    ['1234', '1,234'],
    ['123456', '123,456'],
    ['1234567', '1,234,567'],
  ])('groupThousands(%j) = %j', (digits, out) => expect(groupThousands(digits)).toBe(out));

  it('trimTrailing reads a megabyte of the repeated character at once (no quadratic scan)', () => {
    expect(trimTrailing(`${'/'.repeat(1_000_000)}x`, '/')).toHaveLength(1_000_001);
  });
});
