/** Edits (insert, delete, replace) between two words, ignoring case. */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++)
      row[j] = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (x[i - 1] === y[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[y.length] ?? 0;
}

/** The known name a misspelt one most likely meant (" did you mean …?"), or nothing when none is close. */
export function didYouMean(written: string, known: Iterable<string>): string {
  let best: { name: string; edits: number } | undefined;
  for (const name of known) {
    const edits = distance(written, name);
    if (!best || edits < best.edits) best = { name, edits };
  }
  return best && best.edits <= Math.max(2, Math.floor(written.length / 3)) ? `; did you mean "${best.name}"?` : '';
}
