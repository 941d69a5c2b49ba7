/** One bar of a bar list: its name, its length against the longest, and what it says. */
export interface Bar {
  key: string;
  label: string;
  value: number;
  text: string;
  colour?: string;
}

/** Horizontal bars with their names and figures, for a chart of a few categories (no library needed). */
export function BarList({ bars, className }: { bars: Bar[]; className?: string }) {
  const longest = Math.max(1, ...bars.map((b) => b.value));
  return (
    <ul className={className ? `bar-list ${className}` : 'bar-list'}>
      {bars.map((b) => (
        <li key={b.key}>
          <span className="bar-label">{b.label}</span>
          <span className="bar-track">
            <span className="bar-fill" style={{ width: `${(100 * b.value) / longest}%`, background: b.colour }} />
          </span>
          <span className="bar-text">{b.text}</span>
        </li>
      ))}
    </ul>
  );
}
