import type { SqlFragment } from "@worker/lib/sql";
import type { GraphQLContext } from "../context";
import { UserInputError } from "../errors";
import { Loader } from "../loaders";

export const bool = (value: number | null | undefined): boolean => value === 1;

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Validates an ISO 8601 date or date-time argument and normalises it to UTC `toISOString()` form. */
export function parseIsoDateTime(value: string, argument: string): string {
  const time = ISO_DATE_TIME.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) {
    throw new UserInputError(`${argument} must be an ISO 8601 date-time, e.g. 2025-01-31T12:00:00Z`);
  }
  return new Date(time).toISOString();
}

/** A per-request loader for `name`, created on first use. */
export function loader<V>(ctx: GraphQLContext, name: string, batch: (keys: readonly string[]) => Promise<Map<string, V>>): Loader<string, V> {
  return ctx.loaders.get<string, V>(name, () => new Loader<string, V>(batch));
}

export async function all<T>(ctx: GraphQLContext, statement: SqlFragment): Promise<T[]> {
  const result = await statement.prepare(ctx.db).all<T>();
  return result.results;
}

export async function first<T>(ctx: GraphQLContext, statement: SqlFragment): Promise<T | null> {
  return statement.prepare(ctx.db).first<T>();
}
