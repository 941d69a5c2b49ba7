/**
 * Reads the free-text salary of a job request into rupees a year, when it can: "3,00,000 - 4,50,000", "3-4.5 LPA",
 * "3 lakh to 4.5 lakh", "25k per month", "₹6,00,000". Bare small numbers ("3-4.5") are lakhs, as employers in India
 * write them. Anything else gives nulls and the reviewer types the figures.
 */
export function parseSalary(text: string | undefined | null): { min: number | null; max: number | null } {
  const none = { min: null, max: null };
  if (!text) return none;
  const s = text.toLowerCase().replace(/₹|rs\.?|inr/g, ' ');
  const monthly = /(per\s*month|\/\s*m(on)?th?\b|\bp\.?m\.?\b|monthly|a month)/.test(s);
  const parts = s
    .replace(
      /(per\s*(annum|year|month)|\/\s*(annum|year|yr|month|mon|mth)|\bp\.?a\.?\b|\bp\.?m\.?\b|monthly|yearly|annually|a (year|month)|ctc)/g,
      ' ',
    )
    .split(/\s*(?:-|–|—|\bto\b)\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.length || parts.length > 2) return none;
  const read = parts.map((p) => {
    const m = p.match(/^(\d[\d,]*(?:\.\d+)?)\s*(lakhs?|lacs?|lpa|l|k|thousand|crores?|cr)?$/);
    return m?.[1] ? { value: Number(m[1].replace(/,/g, '')), unit: m[2] ?? '' } : null;
  });
  const figures = read.filter((r): r is { value: number; unit: string } => r !== null && !Number.isNaN(r.value));
  if (figures.length !== read.length) return none;
  const lastUnit = figures.at(-1)?.unit ?? '';
  const amounts = figures.map((r) => {
    const unit = r.unit || lastUnit;
    const factor = /^(lakh|lac|lpa|l$)/.test(unit)
      ? 100_000
      : /^(k|thousand)/.test(unit)
        ? 1000
        : /^cr/.test(unit)
          ? 10_000_000
          : r.value < 100 && !monthly
            ? 100_000
            : 1;
    return Math.round(r.value * factor * (monthly ? 12 : 1));
  });
  const [min, max = min] = amounts;
  if (min === undefined || max === undefined) return none;
  return min <= max ? { min, max } : { min: max, max: min };
}
