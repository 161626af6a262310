/**
 * The vouchers table (migrations/0024_newsletter_vouchers.sql; docs/decisions/0040): single-use
 * codes worth a fixed amount in the shop's currency. The newsletter issues one per shop and
 * normalised e-mail (`issueVoucher`), the cart applies a code (carts.voucher_code) and the order
 * that places it redeems it (`redeemVoucher`, guarded so two orders never redeem one code).
 *
 * Codes are `<SHOP>-XXXX-XXXX-XXXX`: the shop's id and 12 characters of Crockford's base32 from
 * 60 random bits (crypto.getRandomValues). Guessing one is hopeless (2^60 codes per shop; with a
 * million codes issued, one guess in about a trillion hits) and the apply route is rate limited hard.
 */
import type { D1Database, D1PreparedStatement, D1Result } from "@cloudflare/workers-types";
import type { VoucherRefusal } from "@domain/checkout";
import { CROCKFORD_BASE32, randomBase32, type RandomBytes } from "@domain/random-ids";
import { sql, type SqlFragment } from "@worker/lib/sql";

export type { VoucherRefusal } from "@domain/checkout";

export type VoucherSource = "newsletter";

export interface VoucherRow {
  code: string;
  shop_id: string;
  currency: string;
  amount: number;
  source: VoucherSource;
  email_key: string | null;
  valid_until: string | null;
  issued_at: string;
  redeemed_at: string | null;
  order_id: string | null;
}

export interface Voucher {
  code: string;
  shopId: string;
  currency: string;
  /** Minor units, tax included. */
  amount: number;
  source: VoucherSource;
  emailKey: string | null;
  /** YYYY-MM-DD (the last day it can be used) or null for no end. */
  validUntil: string | null;
  issuedAt: string;
  redeemedAt: string | null;
  orderId: string | null;
}

export function voucherOf(row: VoucherRow): Voucher {
  return {
    code: row.code,
    shopId: row.shop_id,
    currency: row.currency,
    amount: Number(row.amount),
    source: row.source,
    emailKey: row.email_key,
    validUntil: row.valid_until,
    issuedAt: row.issued_at,
    redeemedAt: row.redeemed_at,
    orderId: row.order_id,
  };
}

// ---- codes

export const VOUCHER_CODE_ALPHABET = CROCKFORD_BASE32;
export const VOUCHER_CODE_BITS = 60;
/** Characters of the random part (5 bits each), written in groups of four. */
const RANDOM_LENGTH = VOUCHER_CODE_BITS / 5;

/** A new code for the shop, e.g. `NL-7KQ2-M9XH-4TPB` (tests pass their own source of bytes). */
export function voucherCode(shopId: string, random?: RandomBytes): string {
  const text = randomBase32(RANDOM_LENGTH, random);
  return `${shopId.toUpperCase()}-${text.slice(0, 4)}-${text.slice(4, 8)}-${text.slice(8)}`;
}

/** Longest input taken as a code at all (anything longer is no code of ours). */
export const VOUCHER_CODE_MAX_INPUT = 64;

/**
 * The code as stored, from what a visitor typed: trimmed, upper case, spaces and dashes optional
 * (`nl7kq2m9xh4tpb`, `NL-7KQ2 M9XH-4TPB`), and in the random part Crockford's look-alikes read as
 * digits (O as 0, I and L as 1). Null when it cannot be a code (wrong length, other characters).
 */
export function normaliseVoucherCode(input: string): string | null {
  if (input.length > VOUCHER_CODE_MAX_INPUT) return null;
  const compact = input.toUpperCase().replace(/[\s\-\u2010-\u2015]/g, "");
  const prefix = compact.slice(0, -RANDOM_LENGTH);
  if (!/^[A-Z]{2,8}$/.test(prefix)) return null;
  const random = compact.slice(-RANDOM_LENGTH).replace(/O/g, "0").replace(/[IL]/g, "1");
  if (![...random].every((char) => VOUCHER_CODE_ALPHABET.includes(char))) return null;
  return `${prefix}-${random.slice(0, 4)}-${random.slice(4, 8)}-${random.slice(8)}`;
}

// ---- issuing

export interface VoucherIssue {
  shopId: string;
  currency: string;
  /** Minor units, tax included (> 0). */
  amount: number;
  /** The normalised e-mail of the sign-up: at most one voucher per shop, source and key. */
  emailKey: string;
  now: Date;
  /** YYYY-MM-DD or null (the default) for no end. */
  validUntil?: string | null;
  source?: VoucherSource;
  /** A batch's guard: the insert happens only while it holds (default: always). */
  when?: SqlFragment;
  random?: RandomBytes;
}

export interface IssuedVoucherSql {
  /** The code this issue tries to insert (the address may already hold an earlier one). */
  candidate: string;
  /** INSERT ... ON CONFLICT DO NOTHING: a second issue for the same shop, source and key writes nothing. */
  insert: SqlFragment;
  /** SELECT of the voucher the address holds after the insert (run it after `insert` in the same batch). */
  readBack: SqlFragment;
}

/** The statements of an issue, to compose into a batch of fragments (e.g. a guarded batch). */
export function issueVoucherSql(issue: VoucherIssue): IssuedVoucherSql {
  const source = issue.source ?? "newsletter";
  const candidate = voucherCode(issue.shopId, issue.random);
  const insert = sql`INSERT INTO vouchers (code, shop_id, currency, amount, source, email_key, valid_until, issued_at)
    SELECT ${candidate}, ${issue.shopId}, ${issue.currency}, ${issue.amount}, ${source}, ${issue.emailKey}, ${issue.validUntil ?? null},
      ${issue.now.toISOString()} WHERE ${issue.when ?? sql`1`}
    ON CONFLICT DO NOTHING`;
  return { candidate, insert, readBack: selectIssuedVoucher(issue.shopId, issue.emailKey, source) };
}

export interface IssuedVoucher {
  candidate: string;
  /** The insert; put it into the caller's batch. */
  statement: D1PreparedStatement;
  /** Reads the address's voucher; put it after `statement` and pass its result to `issuedVoucherOf`. */
  readBack: D1PreparedStatement;
}

/**
 * Issuing a voucher as prepared statements for the caller's `db.batch([...])`: the insert writes
 * at most once per (shop, source, email key); the read-back then tells the code the address got.
 */
export function issueVoucher(db: D1Database, issue: VoucherIssue): IssuedVoucher {
  const { candidate, insert, readBack } = issueVoucherSql(issue);
  return { candidate, statement: insert.prepare(db), readBack: readBack.prepare(db) };
}

/**
 * The voucher of a read-back result and whether this issue created it (`fresh`), or null when
 * nothing was written and the address has none (the guard did not hold).
 */
export function issuedVoucherOf(result: D1Result, candidate: string): { voucher: Voucher; fresh: boolean } | null {
  const row = (result.results[0] as VoucherRow | undefined) ?? null;
  return row ? { voucher: voucherOf(row), fresh: row.code === candidate } : null;
}

export const selectIssuedVoucher = (shopId: string, emailKey: string, source: VoucherSource = "newsletter"): SqlFragment =>
  sql`SELECT * FROM vouchers WHERE shop_id = ${shopId} AND source = ${source} AND email_key = ${emailKey}`;

// ---- applying and redeeming

export const selectVoucher = (code: string): SqlFragment => sql`SELECT * FROM vouchers WHERE code = ${code}`;

/** The shop's voucher of the code (another shop's code finds nothing, as an unknown one does). */
export const selectShopVoucher = (code: string, shopId: string): SqlFragment => sql`SELECT * FROM vouchers WHERE code = ${code} AND shop_id = ${shopId}`;

/** YYYY-MM-DD of a day in the shop's calendar (Berlin) when a voucher with `valid_until` is still valid. */
export const voucherValidOn = (voucher: Pick<Voucher, "validUntil">, today: string): boolean => voucher.validUntil === null || voucher.validUntil >= today;

/** Why a voucher cannot be used in the shop today (YYYY-MM-DD, the shop's calendar), or null when it can. */
export function voucherRefusal(voucher: Voucher | null, shop: { id: string; currency: string }, today: string): VoucherRefusal | null {
  if (!voucher || voucher.shopId !== shop.id || voucher.currency !== shop.currency) return "voucher_not_found";
  if (voucher.redeemedAt !== null) return "voucher_redeemed";
  if (!voucherValidOn(voucher, today)) return "voucher_expired";
  return null;
}

/**
 * A batch's check (a SELECT with a `refusal` column) that the code can be used now in the shop:
 * it is the shop's, not redeemed, still valid and, when `amount` is given, worth what was priced
 * ('voucher_changed' otherwise).
 */
export const voucherUsable = (code: string, shopId: string, today: string, amount: number | null = null): SqlFragment =>
  sql`SELECT CASE
      WHEN v.code IS NULL THEN 'voucher_not_found'
      WHEN v.redeemed_at IS NOT NULL THEN 'voucher_redeemed'
      WHEN v.valid_until IS NOT NULL AND v.valid_until < ${today} THEN 'voucher_expired'
      WHEN ${amount} IS NOT NULL AND v.amount <> ${amount} THEN 'voucher_changed'
      ELSE NULL END AS refusal
    FROM (SELECT 1) LEFT JOIN vouchers v ON v.code = ${code} AND v.shop_id = ${shopId}`;

/** Marks the code redeemed by the order; the `redeemed_at IS NULL` condition keeps a code single-use even without a guard. */
export const redeemVoucher = (code: string, orderId: string, now: Date, holds: SqlFragment): SqlFragment =>
  sql`UPDATE vouchers SET redeemed_at = ${now.toISOString()}, order_id = ${orderId}
    WHERE code = ${code} AND redeemed_at IS NULL AND ${holds}`;

// ---- the cart's voucher (carts.voucher_code)

/** The code applied to the visitor's cart and its voucher of the shop (all voucher columns NULL when the code has none there). */
export type CartVoucherRow = { applied_code: string } & { [Column in keyof VoucherRow]: VoucherRow[Column] | null };

/** The visitor's applied code with its voucher (no row: no code applied, or no cart). */
export const selectCartVoucher = (visitorId: string, shopId: string): SqlFragment =>
  sql`SELECT c.voucher_code AS applied_code, v.* FROM carts c LEFT JOIN vouchers v ON v.code = c.voucher_code AND v.shop_id = c.shop_id
    WHERE c.visitor_id = ${visitorId} AND c.shop_id = ${shopId} AND c.voucher_code IS NOT NULL`;

/** What a cart holds: the applied code and its voucher, or null when the code names none of the shop's. */
export function cartVoucherOf(row: CartVoucherRow | undefined): { code: string; voucher: Voucher | null } | null {
  if (!row) return null;
  return { code: row.applied_code, voucher: row.code === null ? null : voucherOf(row as VoucherRow) };
}

/** Applies the code to (or with null removes it from) the visitor's cart; only when `holds`. */
export const setCartVoucher = (visitorId: string, shopId: string, code: string | null, holds: SqlFragment): SqlFragment =>
  sql`UPDATE carts SET voucher_code = ${code} WHERE visitor_id = ${visitorId} AND shop_id = ${shopId} AND ${holds}`;

/** A batch's check that the visitor's cart still holds `code` (null: none), else 'cart_changed'. */
export const cartVoucherIs = (visitorId: string, shopId: string, code: string | null): SqlFragment =>
  sql`SELECT CASE WHEN (SELECT voucher_code FROM carts WHERE visitor_id = ${visitorId} AND shop_id = ${shopId}) IS ${code} THEN NULL
    ELSE 'cart_changed' END AS refusal`;
