import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const GUIDE = join(__dirname, '..', '..', 'docs', 'deploy.md');

/**
 * The fenced block that follows `<!-- deploy-guide: <name> -->` in docs/deploy.md, exactly as an
 * operator copies it: the tests run the guide's own text, so the guide cannot drift from what works.
 */
export function guideBlock(name: string): string {
  const text = readFileSync(GUIDE, 'utf8');
  const marker = `<!-- deploy-guide: ${name} -->`;
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`docs/deploy.md no tiene el bloque «${name}»`);
  const open = text.indexOf('```', at);
  const bodyStart = text.indexOf('\n', open) + 1;
  const close = text.indexOf('\n```', bodyStart);
  return text.slice(bodyStart, close + 1);
}

/** Every block name of the guide (the test checks that each one is run by some test). */
export function guideBlockNames(): string[] {
  return [...readFileSync(GUIDE, 'utf8').matchAll(/<!-- deploy-guide: ([\w.-]+) -->/g)].map((m) => m[1]);
}

/** Replaces each example value of the guide by the test's own (addresses, ports, paths). */
export function localise(text: string, replacements: Record<string, string>): string {
  let out = text;
  for (const [from, to] of Object.entries(replacements)) out = out.split(from).join(to);
  return out;
}
