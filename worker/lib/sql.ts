/**
 * SQL fragments with their parameters: `sql` tagged templates turn every interpolated
 * value into a `?` parameter and inline interpolated fragments (with their parameters
 * in place), so statements can be composed from shared pieces without counting
 * parameter positions by hand.
 */
import type { D1Database, D1PreparedStatement } from "@cloudflare/workers-types";

export class SqlFragment {
  constructor(
    readonly text: string,
    readonly params: readonly unknown[],
  ) {}

  prepare(db: D1Database): D1PreparedStatement {
    return db.prepare(this.text).bind(...this.params);
  }
}

export function sql(strings: TemplateStringsArray, ...values: unknown[]): SqlFragment {
  let text = strings[0]!;
  const params: unknown[] = [];
  values.forEach((value, index) => {
    if (value instanceof SqlFragment) {
      text += value.text;
      params.push(...value.params);
    } else {
      text += "?";
      params.push(value);
    }
    text += strings[index + 1]!;
  });
  return new SqlFragment(text, params);
}

/** Fragments joined by a separator (e.g. " AND "). */
export function joinSql(fragments: readonly SqlFragment[], separator: string): SqlFragment {
  return new SqlFragment(fragments.map((f) => f.text).join(separator), fragments.flatMap((f) => f.params));
}
