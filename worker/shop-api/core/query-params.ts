/**
 * Query parameters of the staff list routes, checked like bodies (core/request-body.ts
 * validate: 422 with the parameter named): an empty parameter counts as not given.
 */
import { z } from "zod";
import { shopById } from "./shop";

/** The query's parameters, the empty ones left out. */
export function queryParams(url: URL): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) if (value.trim() !== "") query[name] = value;
  return query;
}

/** A shop parameter: the id of a configured shop, in any case (answered in upper case). */
export function shopParam(params?: { required_error?: string }) {
  return z
    .string(params)
    .trim()
    .toUpperCase()
    .refine((id) => shopById(id) !== undefined, "Not a configured shop");
}

/** How many rows a page of a staff list holds unless `limit` asks for another number, and the most it may ask for. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/** The `limit` parameter of a staff list: 1 to MAX_PAGE_SIZE rows, DEFAULT_PAGE_SIZE when not given. */
export const pageLimitParam = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE);
