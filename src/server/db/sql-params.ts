/** Builds $1, $2 … as values are added, so every value reaches the database as a parameter. */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
