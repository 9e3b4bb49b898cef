/** El Salvador local time: UTC−6 all year (no daylight saving time). */
const OFFSET_MS = 6 * 60 * 60 * 1000;

/** `fecEmi` (yyyy-MM-dd) and `horEmi` (HH:mm:ss) of an instant, in El Salvador local time. */
export function elSalvadorDateTime(instant: Date): { date: string; time: string } {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Fecha de emisión inválida');
  const iso = new Date(instant.getTime() - OFFSET_MS).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}
