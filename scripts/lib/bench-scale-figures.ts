// Figures of npm run bench:scale: a number, or why there is none; formatted the way docs/performance.md's tables show them.

/** A measured number, or the reason it could not be measured (an endpoint answered an error, a step timed out). */
export type Figure = number | { na: string };

export const isNumber = (figure: Figure): figure is number => typeof figure === 'number';

/** An error's first line, short enough for a table cell. */
export const reasonOf = (error: unknown) => ((error as Error).message || String(error)).split('\n')[0]!.slice(0, 160);

/** Runs one measurement; a failure becomes the figure's reason, so the rest of the bench goes on. */
export async function measured(what: string, fn: () => Promise<number>): Promise<Figure> {
  try {
    return await fn();
  } catch (error) {
    progress(`${what}: n/a (${reasonOf(error)})`);
    return { na: reasonOf(error) };
  }
}

const started = Date.now();

/** One progress line on stderr; stdout keeps only the tables. */
export function progress(message: string) {
  const elapsed = Math.round((Date.now() - started) / 1000);
  console.error(`[${String(Math.floor(elapsed / 60)).padStart(3)}:${String(elapsed % 60).padStart(2, '0')}] ${message}`);
}

/** The value at the given percentile (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (!values.length) throw new Error('no samples');
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const withUnit = (unit: (n: number) => string) => (figure: Figure) => (isNumber(figure) ? unit(figure) : `n/a (${figure.na})`);

/** Milliseconds, shown in ms below a second and in seconds from one. */
export const duration = withUnit((ms) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 100_000 ? 1 : 0)} s`));
export const kilobytes = withUnit((bytes) => `${(bytes / 1000).toFixed(1)} KB`);
export const megabytes = withUnit((mb) => (mb < 1000 ? `${Math.round(mb)} MB` : `${(mb / 1000).toFixed(2)} GB`));

/** A count as docs/performance.md writes it: 200,000. */
export const count = (n: number) => n.toLocaleString('en-US');

export function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
