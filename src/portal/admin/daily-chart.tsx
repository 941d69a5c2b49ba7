import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { formatDate } from '../../shared/india-time';

type UPlotClass = typeof uPlot;

let loading: Promise<UPlotClass> | undefined;

/**
 * uPlot and its stylesheet, fetched the first time a chart is drawn: only the dashboard draws one, so no other
 * screen of the portal and no public page downloads them.
 */
function loadUplot(): Promise<UPlotClass> {
  loading ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([module]) => module.default);
  // A failed download is tried again next time rather than remembered.
  loading.catch(() => (loading = undefined));
  return loading;
}

export interface DailySeries {
  label: string;
  colour: string;
  perDay: number[];
}

const DAY_SECONDS = 86_400;
/** Midnight in India of a day YYYY-MM-DD, in seconds (uPlot's time unit). */
const indiaMidnight = (day: string) => Date.parse(`${day}T00:00:00+05:30`) / 1000;

/** An axis label: 14 Nov, the day in India. */
const dayMonth = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' });

const AXIS = { stroke: '#475569', grid: { stroke: '#e2e8f0', width: 1 }, ticks: { stroke: '#e2e8f0', width: 1 } };
const FONT = '12px Inter, "Segoe UI", Roboto, system-ui, sans-serif';

/**
 * Leads per day as stacked bars, the first series at the bottom. uPlot draws series one over the other, so each is
 * drawn as the sum of itself and those under it, tallest first; the read-out under the chart gives a pointed-at
 * day's own figures.
 */
export function DailyChart({ firstDay, series }: { firstDay: string; series: DailySeries[] }) {
  const box = useRef<HTMLDivElement>(null);
  const [pointed, setPointed] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const days = series[0]?.perDay.length ?? 0;

  useEffect(() => {
    const element = box.current;
    if (!element || !days) return;
    let chart: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let gone = false;
    loadUplot().then(
      (UPlot) => {
        if (gone) return;
        const start = indiaMidnight(firstDay);
        const xs = Array.from({ length: days }, (_, i) => start + i * DAY_SECONDS);
        const stacked: number[][] = [];
        series.forEach((s, k) => stacked.push(s.perDay.map((n, i) => n + (k ? (stacked[k - 1]?.[i] ?? 0) : 0))));
        const bars = UPlot.paths.bars?.({ size: [0.8, 24], gap: 1 });
        const size = () => ({ width: element.clientWidth, height: element.clientWidth < 500 ? 200 : 260 });
        chart = new UPlot(
          {
            ...size(),
            tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Asia/Kolkata'),
            legend: { show: false },
            cursor: { points: { show: false }, drag: { x: false, y: false } },
            scales: {
              x: { time: true, range: [start - DAY_SECONDS / 2, start + (days - 0.5) * DAY_SECONDS] },
              y: { range: (_u, _min, max) => [0, Math.max(4, max)] },
            },
            axes: [
              { ...AXIS, font: FONT, space: 60, values: (_u, splits) => splits.map((ts) => dayMonth.format(new Date(ts * 1000))) },
              { ...AXIS, font: FONT, size: 40, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000] },
            ],
            series: [
              {},
              ...series
                .map((s) => ({ label: s.label, stroke: s.colour, fill: s.colour, width: 0, paths: bars, points: { show: false } }))
                .reverse(),
            ],
            hooks: { setCursor: [(u) => setPointed(u.cursor.idx ?? null)] },
          },
          [xs, ...stacked.reverse()],
          element,
        );
        observer = new ResizeObserver(() => chart?.setSize(size()));
        observer.observe(element);
      },
      () => setFailed(true),
    );
    return () => {
      gone = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [firstDay, series, days]);

  if (failed) return <p className="admin-empty">The chart could not be loaded: its figures are in the table below.</p>;
  const day = pointed === null ? null : new Date((indiaMidnight(firstDay) + pointed * DAY_SECONDS) * 1000);
  return (
    <>
      <div ref={box} className="daily-chart" />
      <ul className="chart-legend">
        {series.map((s) => (
          <li key={s.label}>
            <span className="chart-swatch" style={{ background: s.colour }} />
            {s.label}
            {pointed !== null ? <strong> {(s.perDay[pointed] ?? 0).toLocaleString('en-IN')}</strong> : null}
          </li>
        ))}
      </ul>
      <p className="chart-readout">
        {day && pointed !== null
          ? `${formatDate(day)}: ${series.reduce((sum, s) => sum + (s.perDay[pointed] ?? 0), 0).toLocaleString('en-IN')} leads`
          : 'Point at or tap a day to see its figures.'}
      </p>
    </>
  );
}
