import type { SqlFragment } from "@worker/lib/sql";

/**
 * A statement with its parameters written in as SQL literals, for `wrangler d1 execute
 * --file` (which takes no parameters). Only for trusted, validated values (the shop
 * config): strings are quoted with '' doubling, numbers must be finite, null is NULL.
 */
export function inlineSql(fragment: SqlFragment): string {
  const { text, params } = fragment.render();
  return text.replace(/\?(\d+)/g, (_placeholder, number: string) => {
    const index = Number(number) - 1;
    if (index >= params.length) throw new Error(`statement names parameter ${number} of ${params.length}`);
    return literal(params[index]);
  });
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`cannot write ${value} as an SQL literal`);
    return String(value);
  }
  if (typeof value === "string") return `'${value.replace(/'/g, "''")}'`;
  throw new Error(`cannot write a ${typeof value} as an SQL literal`);
}
