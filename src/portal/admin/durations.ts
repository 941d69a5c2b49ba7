/** A reply time for people: 40 min, 3.5 h, 2.1 days. */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '–';
  if (minutes < 90) return `${Math.round(minutes)} min`;
  const hours = minutes / 60;
  if (hours < 48) return `${Number(hours.toFixed(1))} h`;
  return `${Number((hours / 24).toFixed(1))} days`;
}

/** A share as a whole percentage, or a dash with nothing to divide. */
export function formatShare(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((100 * part) / whole)}%` : '–';
}
