// The tables npm run bench:scale prints: each figure beside the one measured before the scale work (at 9186db4, on
// this two-core machine) and the goal.
import { count, duration, isNumber, kilobytes, markdownTable, megabytes, type Figure } from './bench-scale-figures';
import type { LeadFigures } from './bench-scale-leads';
import type { PageFigures } from './bench-scale-pages';

type Format = (figure: Figure) => string;

const PAGE_ROWS: { label: string; key: keyof Omit<PageFigures, 'pages'>; format: Format; before: [string, string]; goal: string }[] = [
  { label: '`npm run validate`', key: 'validate', format: duration, before: ['1.4 s', '2.7 s'], goal: '≤ 2 s' },
  { label: '`npm run build`', key: 'build', format: duration, before: ['11.5 s', '130 s'], goal: '≤ 30 s at 1,000 pages' },
  { label: 'its prerender step', key: 'prerender', format: duration, before: ['–', '109 s'], goal: '–' },
  {
    label: 'main script, gzip',
    key: 'mainScript',
    format: kilobytes,
    before: ['120.9 KB', '143.6 KB'],
    goal: 'within 1 KB of its size at 31 pages',
  },
  { label: 'server start', key: 'start', format: duration, before: ['8.1 s', '11.3 s'], goal: '≤ +0.5 s per 1,000 pages' },
  { label: 'server RSS after start', key: 'rss', format: megabytes, before: ['562 MB', '666 MB'], goal: '≤ +10 MB per 1,000 pages' },
];

/** How much a figure grows per 1,000 added pages. */
function growth(small: Figure, large: Figure, pagesAdded: number, format: Format): string {
  if (!isNumber(small) || !isNumber(large)) return '–';
  const perThousand = ((large - small) * 1000) / pagesAdded;
  const size = format(Math.abs(perThousand));
  // What rounds to nothing has no direction.
  return `${/^0(\.0+)? /.test(size) ? '±' : perThousand < 0 ? '−' : '+'}${size}`;
}

export function pagesTable(small: PageFigures, large: PageFigures | undefined): string {
  const header = ['', `${count(small.pages)} pages`, 'before (31)'];
  if (large) header.push(`${count(large.pages)} pages`, 'before (1,031)', 'per 1,000 pages');
  header.push('goal');
  const rows = PAGE_ROWS.map(({ label, key, format, before, goal }) => {
    const cells = [label, format(small[key]), before[0]];
    if (large) cells.push(format(large[key]), before[1], growth(small[key], large[key], large.pages - small.pages, format));
    return [...cells, goal];
  });
  return markdownTable(header, rows);
}

const LIST_GOAL = '≤ 100 ms';

const csvCell = (csv: LeadFigures['csv'], cell: (figures: Exclude<LeadFigures['csv'], { na: string }>) => string) =>
  'na' in csv ? `n/a (${csv.na})` : cell(csv);

const LEAD_ROWS: { label: string; cell: (f: LeadFigures) => string; before: { pglite: string; postgres: string }; goal: string }[] = [
  {
    label: '`GET /api/leads`, first page',
    cell: (f) => duration(f.list),
    before: { pglite: '0.34–0.57 s', postgres: '0.41–0.53 s' },
    goal: LIST_GOAL,
  },
  {
    label: 'the same filtered by status, form and city',
    cell: (f) => duration(f.filter),
    before: { pglite: '0.34–0.57 s', postgres: '0.41–0.53 s' },
    goal: LIST_GOAL,
  },
  {
    label: 'search `q=` a name fragment',
    cell: (f) => duration(f.search),
    before: { pglite: '1.3 s', postgres: '1.4–2.2 s' },
    goal: LIST_GOAL,
  },
  {
    label: 'a deep page',
    cell: (f) => `${duration(f.deep)}${f.deepHow ? ` (${f.deepHow})` : ''}`,
    before: { pglite: '0.43 s (page=5,000)', postgres: '1.46 s (page=5,000)' },
    goal: 'as the first page',
  },
  { label: '`GET /api/leads/facets`', cell: (f) => duration(f.facets), before: { pglite: '–', postgres: '–' }, goal: LIST_GOAL },
  { label: '`GET /api/admin/dashboard`', cell: (f) => duration(f.dashboard), before: { pglite: '–', postgres: '–' }, goal: LIST_GOAL },
  { label: "a BDE's `GET /api/leads/to-do`", cell: (f) => duration(f.toDo), before: { pglite: '–', postgres: '–' }, goal: LIST_GOAL },
  {
    label: 'its count, `GET /api/leads/to-do/count`',
    cell: (f) => duration(f.toDoCount),
    before: { pglite: '–', postgres: '–' },
    goal: LIST_GOAL,
  },
  {
    label: "a lead's person, `GET /api/leads/:id/person`",
    cell: (f) => duration(f.person),
    before: { pglite: '–', postgres: '–' },
    goal: LIST_GOAL,
  },
  {
    label: '`GET /api/admin/dashboard/trends` (90 days of charts)',
    cell: (f) => duration(f.trends),
    before: { pglite: '–', postgres: '–' },
    goal: '≤ 250 ms',
  },
  {
    label: '`GET /api/leads.csv`, first bytes',
    cell: (f) => csvCell(f.csv, (csv) => duration(csv.firstByteMs)),
    before: { pglite: '–', postgres: '–' },
    goal: '≤ 1 s',
  },
  {
    label: 'the export, in all',
    cell: (f) => csvCell(f.csv, (csv) => `${duration(csv.totalMs)}, ${megabytes(csv.bytes / 1e6)}`),
    before: { pglite: '6.8 s', postgres: '10.8 s' },
    goal: '–',
  },
  {
    label: 'server RSS during the export',
    cell: (f) =>
      csvCell(
        f.csv,
        (csv) => `${megabytes(csv.rssBeforeMb)} → ${megabytes(csv.rssPeakMb)} (+${megabytes(csv.rssPeakMb - csv.rssBeforeMb)})`,
      ),
    before: { pglite: '0.49 → 1.07 GB', postgres: '0.20 → 1.24 GB' },
    goal: 'growth ≤ 50 MB at 1,000,000 rows',
  },
  { label: '`GET /` p99, nothing else running', cell: (f) => duration(f.homeIdle), before: { pglite: '–', postgres: '–' }, goal: '–' },
  {
    label: '`GET /` p99 during the export',
    cell: (f) => duration(f.homeDuringExport),
    before: { pglite: '7.1 s', postgres: '–' },
    goal: '≤ 50 ms',
  },
  {
    label: '`GET /` p99 during searches',
    cell: (f) => duration(f.homeDuringSearch),
    before: { pglite: '1.1 s', postgres: '–' },
    goal: '≤ 50 ms',
  },
];

const NAMES = { pglite: 'PGlite', postgres: 'PostgreSQL' };
const BEFORE_SIZES = { pglite: '200,000', postgres: '500,000' };

export function leadsTable(columns: LeadFigures[]): string {
  const header = [
    '',
    ...columns.flatMap(({ target: { kind, leads } }) => [`${NAMES[kind]}, ${count(leads)} leads`, `before (${BEFORE_SIZES[kind]})`]),
    'goal',
  ];
  const rows = LEAD_ROWS.map(({ label, cell, before, goal }) => [
    label,
    ...columns.flatMap((figures) => [cell(figures), before[figures.target.kind]]),
    goal,
  ]);
  return markdownTable(header, rows);
}
