/**
 * Statements generated from a table description (catalogue-tables.ts), as `sql`
 * fragments. Set-based: a statement reads its rows from one JSON array parameter
 * (`json_each`, rows keyed by column name), so a write of 5 000 rows is one statement
 * with two bound values. Table and column names come from the descriptions only and
 * are checked to be plain names; every value is bound.
 */
import { jsonList } from "@worker/lib/json";
import { joinSql, sql, SqlFragment } from "@worker/lib/sql";
import type { AnyRow, Table } from "./catalogue-tables";
import { jsonChunks, keyChunks } from "./json-chunks";

const NAME = /^[a-z_]+$/;

/** A table or column name of a description as SQL text. */
function sqlName(name: string): SqlFragment {
  if (!NAME.test(name)) throw new Error(`'${name}' is not a table or column name`);
  return SqlFragment.raw(name);
}

const nameList = (names: readonly string[]): SqlFragment => joinSql(names.map(sqlName), ", ");

/** The written columns and the values read from each JSON row (updated_at: the time of the import). */
function written(table: Table, nowIso: string): { columns: SqlFragment; values: SqlFragment } {
  const values = joinSql(
    table.columns.map((column) => sql`json_extract(value, '$.${sqlName(column)}')`),
    ", ",
  );
  if (!table.updatedAt) return { columns: nameList(table.columns), values };
  return { columns: nameList([...table.columns, "updated_at"]), values: sql`${values}, ${nowIso}` };
}

/** Every described column of the rows owned by the keys. */
export function selectOwnedSql(table: Table, keys: readonly string[]): SqlFragment {
  return sql`SELECT ${nameList(table.columns)} FROM ${sqlName(table.name)} WHERE ${sqlName(table.owner)} IN ${jsonList(keys)}`;
}

export function deleteOwnedSql(table: Table, keys: readonly string[]): SqlFragment[] {
  return keyChunks(keys).map((chunk) => sql`DELETE FROM ${sqlName(table.name)} WHERE ${sqlName(table.owner)} IN ${jsonList(chunk)}`);
}

export function insertSql(table: Table, rows: readonly AnyRow[], nowIso: string): SqlFragment[] {
  const { columns, values } = written(table, nowIso);
  return jsonChunks(rows).map((chunk) => sql`INSERT INTO ${sqlName(table.name)} (${columns}) SELECT ${values} FROM json_each(${chunk})`);
}

/**
 * Inserts the rows or updates them on the table's primary key. `onlyIfDifferent` leaves
 * a row whose columns are all equal untouched (its updated_at too).
 */
export function upsertSql(table: Table, rows: readonly AnyRow[], nowIso: string, onlyIfDifferent: boolean): SqlFragment[] {
  const { columns, values } = written(table, nowIso);
  const updated = table.columns.filter((column) => !table.key.includes(column));
  const assigned = table.updatedAt ? [...updated, "updated_at"] : updated;
  const set = joinSql(
    assigned.map((column) => sql`${sqlName(column)} = excluded.${sqlName(column)}`),
    ", ",
  );
  const differs = joinSql(
    updated.map((column) => sql`${sqlName(table.name)}.${sqlName(column)} IS NOT excluded.${sqlName(column)}`),
    " OR ",
  );
  const action = updated.length === 0 ? sql`DO NOTHING` : onlyIfDifferent ? sql`DO UPDATE SET ${set} WHERE ${differs}` : sql`DO UPDATE SET ${set}`;
  // "WHERE true" resolves the parsing ambiguity of INSERT ... SELECT ... ON CONFLICT.
  return jsonChunks(rows).map(
    (chunk) =>
      sql`INSERT INTO ${sqlName(table.name)} (${columns}) SELECT ${values} FROM json_each(${chunk}) WHERE true ON CONFLICT (${nameList(table.key)}) ${action}`,
  );
}
