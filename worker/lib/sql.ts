/**
 * The one way the shop API writes SQL: `sql` tagged templates. Every interpolated value
 * becomes a bound parameter, interpolated fragments are inlined with their parameters,
 * so statements are composed from shared pieces without counting parameter positions.
 * Parameters are numbered (`?1`, `?2`, ...) when a statement is prepared; a `param(value)`
 * interpolated several times is bound once (large composed statements, such as search's,
 * name the same value many times and D1 binds at most 100 parameters per statement).
 */
import type { D1Database, D1PreparedStatement } from "@cloudflare/workers-types";

/** A value bound once however often a statement names it. */
export class SqlParam {
  constructor(readonly value: unknown) {}
}

type Chunk = string | SqlParam;

export class SqlFragment {
  private constructor(readonly chunks: readonly Chunk[]) {}

  static of(chunks: readonly Chunk[]): SqlFragment {
    return new SqlFragment(chunks);
  }

  /** Trusted SQL text without parameters: identifiers and keywords chosen by code, never by input. */
  static raw(text: string): SqlFragment {
    return new SqlFragment([text]);
  }

  /** The statement text with numbered placeholders, and the values in their order. */
  render(): { text: string; params: unknown[] } {
    const numbers = new Map<SqlParam, number>();
    const params: unknown[] = [];
    let text = "";
    for (const chunk of this.chunks) {
      if (typeof chunk === "string") {
        text += chunk;
        continue;
      }
      let number = numbers.get(chunk);
      if (number === undefined) {
        params.push(chunk.value);
        number = params.length;
        numbers.set(chunk, number);
      }
      text += `?${number}`;
    }
    return { text, params };
  }

  get text(): string {
    return this.render().text;
  }

  get params(): unknown[] {
    return this.render().params;
  }

  prepare(db: D1Database): D1PreparedStatement {
    const { text, params } = this.render();
    return db.prepare(text).bind(...params);
  }
}

/** A parameter to name several times in one statement (bound once). */
export const param = (value: unknown): SqlParam => new SqlParam(value);

export function sql(strings: TemplateStringsArray, ...values: unknown[]): SqlFragment {
  const chunks: Chunk[] = [strings[0]!];
  values.forEach((value, index) => {
    if (value instanceof SqlFragment) chunks.push(...value.chunks);
    else chunks.push(value instanceof SqlParam ? value : new SqlParam(value));
    chunks.push(strings[index + 1]!);
  });
  return SqlFragment.of(chunks);
}

/** The columns of an outer-joined table as a row holds them: NULL where the join found no row. */
export type OuterJoined<Row> = { [Column in keyof Row]: Row[Column] | null };

/** Fragments joined by a separator (e.g. " AND "). */
export function joinSql(fragments: readonly SqlFragment[], separator: string): SqlFragment {
  const chunks: Chunk[] = [];
  fragments.forEach((fragment, index) => {
    if (index > 0) chunks.push(separator);
    chunks.push(...fragment.chunks);
  });
  return SqlFragment.of(chunks);
}
