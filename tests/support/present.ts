// Reading one element of a list or record in a test, under noUncheckedIndexedAccess:
// a missing element fails the test here, saying what was expected, instead of as
// "cannot read properties of undefined" a line later.

/** `items[index]`, or a thrown error naming what was expected and how many there were. */
export function at<T>(items: readonly T[], index: number, what: string): T {
  if (!Number.isInteger(index) || index < 0 || index >= items.length) {
    throw new Error(
      `Expected ${what} at index ${index}, but there ${items.length === 1 ? 'is 1 element' : `are ${items.length} elements`}.`,
    );
  }
  return items[index] as T;
}

/** The first of `items` (a query's first row, a response's first error), or a thrown error naming what was expected. */
export function first<T>(items: readonly T[], what: string): T {
  return at(items, 0, what);
}

/** `value` when it is not undefined (a record's entry, a regex group), or a thrown error naming what was expected. */
export function defined<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Expected ${what}, but it is missing.`);
  return value;
}
