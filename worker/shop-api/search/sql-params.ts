/** Numbered SQL parameters: `add` binds a value and returns its placeholder (?1, ?2, ...). */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `?${this.values.length}`;
  }
}
