/**
 * The `customers` table (migrations/0021_customers.sql): one account per shop and e-mail
 * address. The password is one self-describing string (core/passwords.ts); an account
 * whose address was not confirmed yet (`verified_at` null) cannot sign in. Writing
 * `password_changed_at` revokes every open session of the account (the migration's
 * trigger); a login that only rehashes the password leaves it out.
 */
import type { Customer, CustomerType } from "@domain/account";
import { sql, type SqlFragment } from "@worker/lib/sql";

export interface CustomerRow {
  id: string;
  shop_id: string;
  email: string;
  type: CustomerType;
  first_name: string;
  surname: string;
  company_name: string | null;
  vat_id: string | null;
  /** Street and house number; null for an account registered before it was asked (migration 0031). */
  street: string | null;
  postcode: string;
  city: string;
  country: string;
  phone: string;
  password_hash: string;
  password_changed_at: string;
  verified_at: string | null;
  terms_accepted_at: string;
  created_at: string;
  updated_at: string;
}

/** The columns of an account the customer sees (CUSTOMER_COLUMNS). */
export type CustomerViewRow = Pick<
  CustomerRow,
  "id" | "type" | "first_name" | "surname" | "email" | "company_name" | "vat_id" | "street" | "postcode" | "city" | "country" | "phone" | "verified_at"
>;

/** The account as the customer sees it (never the password). */
export function customerOf(row: CustomerViewRow): Customer {
  return {
    id: row.id,
    type: row.type,
    firstName: row.first_name,
    surname: row.surname,
    email: row.email,
    companyName: row.company_name,
    vatId: row.vat_id,
    street: row.street,
    postcode: row.postcode,
    city: row.city,
    country: row.country,
    phone: row.phone,
    verified: row.verified_at !== null,
  };
}

/** The columns of `customers` a signed-in request reads (aliased `c`), for joins. */
export const CUSTOMER_COLUMNS = sql`c.id, c.type, c.first_name, c.surname, c.email, c.company_name, c.vat_id, c.street, c.postcode, c.city, c.country, c.phone, c.verified_at`;

export const selectCustomerByEmail = (shopId: string, email: string): SqlFragment =>
  sql`SELECT * FROM customers WHERE shop_id = ${shopId} AND email = ${email}`;

export const selectCustomerById = (id: string): SqlFragment => sql`SELECT * FROM customers WHERE id = ${id}`;

/** The type of an account (whether its orders are consumer orders). */
export const selectCustomerType = (id: string): SqlFragment => sql`SELECT type FROM customers WHERE id = ${id}`;

/** What a registration stores (the password already hashed, the e-mail lower-case). */
export interface Registration {
  id: string;
  shopId: string;
  email: string;
  type: CustomerType;
  firstName: string;
  surname: string;
  companyName: string | null;
  vatId: string | null;
  street: string;
  postcode: string;
  city: string;
  country: string;
  phone: string;
  passwordHash: string;
}

/**
 * A new, unverified account; or, when the address has an account that was never verified,
 * that pending registration replaced by this one (its data and password). A verified
 * account is left as it is. One statement, so concurrent registrations of one address end
 * with one row.
 */
export function upsertRegistration(registration: Registration, now: Date): SqlFragment {
  const at = now.toISOString();
  const r = registration;
  return sql`INSERT INTO customers (id, shop_id, email, type, first_name, surname, company_name, vat_id, street, postcode, city, country, phone,
      password_hash, password_changed_at, verified_at, terms_accepted_at, created_at, updated_at)
    VALUES (${r.id}, ${r.shopId}, ${r.email}, ${r.type}, ${r.firstName}, ${r.surname}, ${r.companyName}, ${r.vatId}, ${r.street}, ${r.postcode}, ${r.city},
      ${r.country}, ${r.phone}, ${r.passwordHash}, ${at}, NULL, ${at}, ${at}, ${at})
    ON CONFLICT (shop_id, email) DO UPDATE SET type = excluded.type, first_name = excluded.first_name, surname = excluded.surname,
      company_name = excluded.company_name, vat_id = excluded.vat_id, street = excluded.street, postcode = excluded.postcode, city = excluded.city,
      country = excluded.country, phone = excluded.phone, password_hash = excluded.password_hash,
      password_changed_at = excluded.password_changed_at, terms_accepted_at = excluded.terms_accepted_at, updated_at = excluded.updated_at
    WHERE customers.verified_at IS NULL`;
}

/** True (SQL) when the address's account is the pending registration stored with this password hash. */
export const isPendingRegistration = (shopId: string, email: string, passwordHash: string): SqlFragment =>
  sql`EXISTS (SELECT 1 FROM customers WHERE shop_id = ${shopId} AND email = ${email} AND verified_at IS NULL AND password_hash = ${passwordHash})`;

/** True (SQL) when the address has a verified account in the shop. */
export const isVerifiedAccount = (shopId: string, email: string): SqlFragment =>
  sql`EXISTS (SELECT 1 FROM customers WHERE shop_id = ${shopId} AND email = ${email} AND verified_at IS NOT NULL)`;

/** A login's rehash: the new string, only if the stored one is still the one that was checked. Sessions stay. */
export const rehashPassword = (id: string, checked: string, rehashed: string): SqlFragment =>
  sql`UPDATE customers SET password_hash = ${rehashed} WHERE id = ${id} AND password_hash = ${checked}`;

/**
 * A new password (change or reset): revokes every open session (trigger); a reset also
 * confirms the address (the link came to it). Only when `when` holds.
 */
export const setPassword = (id: string, passwordHash: string, now: Date, when: SqlFragment, { verify = false } = {}): SqlFragment =>
  sql`UPDATE customers SET password_hash = ${passwordHash}, password_changed_at = ${now.toISOString()}, updated_at = ${now.toISOString()}
      ${verify ? sql`, verified_at = COALESCE(verified_at, ${now.toISOString()})` : sql``}
    WHERE id = ${id} AND ${when}`;

/** Confirms the address of a pending account; only when `when` holds. */
export const markVerified = (id: string, now: Date, when: SqlFragment): SqlFragment =>
  sql`UPDATE customers SET verified_at = ${now.toISOString()}, updated_at = ${now.toISOString()} WHERE id = ${id} AND verified_at IS NULL AND ${when}`;

/** The profile fields a customer may change, by column. */
export interface ProfileChange {
  first_name?: string;
  surname?: string;
  street?: string;
  postcode?: string;
  city?: string;
  country?: string;
  phone?: string;
  company_name?: string;
  vat_id?: string | null;
}

/** Sets the given profile fields (the e-mail, type and password are not among them). */
export function updateProfile(id: string, change: ProfileChange, now: Date): SqlFragment {
  const c = change;
  return sql`UPDATE customers SET
      first_name = COALESCE(${c.first_name ?? null}, first_name), surname = COALESCE(${c.surname ?? null}, surname),
      street = COALESCE(${c.street ?? null}, street), postcode = COALESCE(${c.postcode ?? null}, postcode), city = COALESCE(${c.city ?? null}, city),
      country = COALESCE(${c.country ?? null}, country), phone = COALESCE(${c.phone ?? null}, phone),
      company_name = COALESCE(${c.company_name ?? null}, company_name),
      vat_id = CASE WHEN ${c.vat_id === undefined ? 0 : 1} THEN ${c.vat_id ?? null} ELSE vat_id END,
      updated_at = ${now.toISOString()}
    WHERE id = ${id}`;
}

/** Deletes at most `limit` registrations never confirmed and unchanged since `before` (with their tokens: cascade). */
export const deleteStalePendingAccounts = (before: Date, limit: number): SqlFragment =>
  sql`DELETE FROM customers WHERE rowid IN
      (SELECT rowid FROM customers WHERE verified_at IS NULL AND updated_at <= ${before.toISOString()} LIMIT ${limit})`;
