/**
 * The project's TypeScript sources as text, for tests that hold a rule over the whole tree (one
 * owner of El Salvador time, one list of document statuses …). Comments are blanked (their lines
 * kept, so a finding names the right line): a rule is about code, and prose may quote what code
 * must not do.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

/** Every `.ts` file below `dir` (relative to the repository root), as `dir/…` paths. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(ROOT, rel), { withFileTypes: true })) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (entry.name.endsWith('.ts')) out.push(child);
    }
  };
  walk(dir);
  return out.sort();
}

/** `text` with its comments blanked: block comments and `//` comments that are not inside a string. */
export function withoutComments(text: string): string {
  let out = '';
  let i = 0;
  let quote: string | null = null;
  while (i < text.length) {
    const c = text[i];
    if (quote) {
      out += c;
      if (c === '\\') {
        out += text[i + 1] ?? '';
        i += 2;
        continue;
      }
      if (c === quote) quote = null;
      i++;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') {
      quote = c;
      out += c;
      i++;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
      continue;
    }
    if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      out += ' '.repeat(stop - i);
      i = stop;
      continue;
    }
    if (c === '/' && /[(,=:[!&|?{};]$|^$|\breturn$/.test(out.trimEnd().slice(-6))) {
      // A regular expression literal: copied as it is (a quote inside it opens no string).
      let j = i + 1;
      let inClass = false;
      while (j < text.length && text[j] !== '\n') {
        if (text[j] === '\\') j++;
        else if (text[j] === '[') inClass = true;
        else if (text[j] === ']') inClass = false;
        else if (text[j] === '/' && !inClass) break;
        j++;
      }
      out += text.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

/** `file:line: match` for every match of `pattern` (global) in the file's code. */
export function findingsIn(file: string, code: string, pattern: RegExp): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(pattern)) {
    const line = code.slice(0, m.index).split('\n').length;
    out.push(`${file}:${line}: ${m[0].replace(/\s+/g, ' ')}`);
  }
  return out;
}

export function codeOf(file: string): string {
  return withoutComments(readFileSync(path.join(ROOT, file), 'utf8'));
}

/** Every match of `pattern` in the code of the `.ts` files below `dirs`, but those `skip` names: `file:line: match`. */
export function findingsInTree(dirs: readonly string[], skip: (file: string) => boolean, pattern: RegExp): string[] {
  return dirs
    .flatMap(sourceFiles)
    .filter((f) => !skip(f))
    .flatMap((f) => findingsIn(f, codeOf(f), new RegExp(pattern.source, pattern.flags)));
}

/** The findings of `pattern` in one snippet of code (comments blanked), to show what a rule catches. */
export function findingsInSnippet(code: string, pattern: RegExp): string[] {
  return findingsIn('x.ts', withoutComments(code), new RegExp(pattern.source, pattern.flags));
}
