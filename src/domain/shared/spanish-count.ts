/** "1 elemento", "2 elementos": a count with its noun in Spanish, singular only for exactly one. */
export function spanishCount(n: unknown, singular: string, plural: string): string {
  return `${String(n)} ${Number(n) === 1 ? singular : plural}`;
}
