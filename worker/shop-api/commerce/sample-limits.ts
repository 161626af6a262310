/**
 * Daily caps on finished sample orders (docs/decisions/0030, shop config `samples`): per
 * Berlin day and shop, one visitor, one e-mail, one address and one client IP may finish
 * at most `maxFinishedPerDay` orders each. The finishing UPDATE stores the keys on the quote
 * and counts the day's finished orders with the same keys in its own WHERE, so concurrent
 * finishes are counted one after the other (D1 runs one write at a time) and never pass a cap.
 */
import type { SampleRefusalCode } from "@domain/api/samples";
import { joinSql, sql, type SqlFragment } from "@worker/lib/sql";
import { sha256Hex } from "../core/auth";
import type { ShopContext } from "../core/context";
import { fail, MESSAGES, type ApiFailure } from "../core/envelope";
import { clientKey } from "../core/rate-limit";
import { berlinDayBounds } from "../core/berlin-time";

export interface SampleLimitKeys {
  visitorId: string;
  /** The e-mail, trimmed and in lower case. */
  email: string;
  /** Street with house number, zip, city and country, in lower case with whitespace collapsed. */
  address: string;
  /** SHA-256 of the client key (IPv4 address or IPv6 /64) of the finishing request. */
  client: string;
}

export interface SampleAddress {
  street: string;
  zip: string;
  city: string;
  countryCode: string;
}

const normalize = (text: string): string => text.normalize("NFC").trim().toLowerCase().replace(/\s+/g, " ");

export const emailKey = (email: string): string => email.trim().toLowerCase();

export const addressKey = (address: SampleAddress): string => [address.street, address.zip, address.city, address.countryCode].map(normalize).join("|");

export async function sampleLimitKeys(ctx: ShopContext, visitorId: string, email: string, address: SampleAddress): Promise<SampleLimitKeys> {
  return { visitorId, email: emailKey(email), address: addressKey(address), client: await sha256Hex(clientKey(ctx.request)) };
}

/** The key columns the finishing UPDATE sets. */
export function limitKeyColumns(keys: SampleLimitKeys): SqlFragment {
  return sql`email_key = ${keys.email}, address_key = ${keys.address}, client_key = ${keys.client}`;
}

/** True while the shop's orders finished today (Berlin) with the keys stay below every cap. */
export function withinSampleLimits(ctx: ShopContext, keys: SampleLimitKeys): SqlFragment {
  const { start, end } = berlinDayBounds(ctx.now);
  const caps = ctx.shop.samples.maxFinishedPerDay;
  const finishedToday = (column: SqlFragment, value: string) =>
    sql`(SELECT COUNT(*) FROM sample_quotes WHERE shop_id = ${ctx.shop.id} AND ${column} = ${value} AND state IN ('finished', 'processed') AND finished_at >= ${start.toISOString()} AND finished_at < ${end.toISOString()})`;
  return joinSql(
    [
      sql`${finishedToday(sql`visitor_id`, keys.visitorId)} < ${caps.visitor}`,
      sql`${finishedToday(sql`email_key`, keys.email)} < ${caps.email}`,
      sql`${finishedToday(sql`address_key`, keys.address)} < ${caps.address}`,
      sql`${finishedToday(sql`client_key`, keys.client)} < ${caps.ip}`,
    ],
    " AND ",
  );
}

/** 429 `sample_limit_reached`: retry after the Berlin day ends. */
export function sampleLimitReached(ctx: ShopContext): ApiFailure {
  const seconds = Math.max(1, Math.ceil((berlinDayBounds(ctx.now).end.getTime() - ctx.now.getTime()) / 1000));
  return fail(429, MESSAGES.sampleLimitReached, "sample_limit_reached" satisfies SampleRefusalCode, {}, { "retry-after": String(seconds) });
}
