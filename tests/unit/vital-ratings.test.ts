import { describe, expect, it } from 'vitest';
import { rateVital } from '../../src/shared/web-vitals';

describe("a vital's rating against Google's limits", () => {
  it('is good up to the good limit, poor past the poor one, and needs improvement between', () => {
    expect([2500, 2501, 4000, 4001].map((ms) => rateVital('LCP', ms))).toEqual(['good', 'needs-improvement', 'needs-improvement', 'poor']);
    expect([200, 201, 500, 501].map((ms) => rateVital('INP', ms))).toEqual(['good', 'needs-improvement', 'needs-improvement', 'poor']);
    expect([0, 0.1, 0.11, 0.25, 0.26].map((shift) => rateVital('CLS', shift))).toEqual([
      'good',
      'good',
      'needs-improvement',
      'needs-improvement',
      'poor',
    ]);
  });
});
