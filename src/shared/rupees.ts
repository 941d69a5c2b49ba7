const rupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** Indian digit grouping: ₹3,00,000. */
export function formatInr(amount: number): string {
  return `₹${rupees.format(amount)}`;
}
