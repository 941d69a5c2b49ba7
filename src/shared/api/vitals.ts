import { Type, type Static } from 'typebox';
import { Nullable } from './common';
import { VITAL_NAMES } from '../web-vitals';

const Name = Type.Enum([...VITAL_NAMES]);

/**
 * What a visitor's browser reports after a page load: the path (never the query, which may carry personal data) and
 * up to one value of each vital. The server keeps a value only for a page it serves (any other path counts as
 * OTHER_PAGES), the first of each vital and only within its plausible range. No cookie, address or user is stored
 * with it: only a hash of the address under a key of the hour, forgotten after it, so one address counts once per
 * page an hour.
 */
export const VitalsReport = Type.Object(
  {
    page: Type.String({ minLength: 1, maxLength: 200, pattern: '^/[A-Za-z0-9/_.-]*$' }),
    metrics: Type.Array(
      Type.Object({ name: Name, value: Type.Number({ minimum: 0, maximum: 600_000 }) }, { additionalProperties: false }),
      { minItems: 1, maxItems: 3 },
    ),
  },
  { additionalProperties: false },
);
export type VitalsReport = Static<typeof VitalsReport>;

const Percentile = Type.Object({ p75: Nullable(Type.Number()), samples: Type.Integer(), good: Nullable(Type.Boolean()) });

/**
 * Per page (a route, an app route's pattern such as /job-openings/:id, or OTHER_PAGES last), the 75th percentile of
 * each vital over the window, and whether it is within the good limit.
 */
export const VitalsSummary = Type.Object({
  days: Type.Integer(),
  pages: Type.Array(Type.Object({ page: Type.String(), LCP: Percentile, INP: Percentile, CLS: Percentile })),
});
export type VitalsSummary = Static<typeof VitalsSummary>;
