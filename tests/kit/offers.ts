/**
 * Test harness of the offers: the returns harness (real local D1 with the test catalogue, a
 * pinned clock, ALTCHA, real customer accounts with sessions) with the offer link secret, staff
 * sessions per role, and offer requests written straight into `inquiries` (the inquiry form is
 * another module's; its rows are what the offers read), plus the reads the tests check with.
 */
import type { D1Database } from "@cloudflare/workers-types";
import { countRows } from "./d1";
import { STAFF_PASSWORD, staffCaller, staffEmail, staffLogins, type StaffCaller } from "./staff-session";
import { STAFF_SESSION_HEADER } from "@worker/lib/shop-headers";
import { sql } from "@worker/lib/sql";
import type { StaffRole } from "@shop-api/core/staff-auth";
import { offerLinkSignature } from "@shop-api/core/offer-link";
import { createReturnsHarness, json, NOW, type RawOptions, type ReturnsHarness } from "./returns";
import type { OfferLineRow, OfferRow } from "@shop-api/tables/offers";

export { json, NOW };

export const OFFER_SECRET = "offer-link-secret-0123456789abcdef-0123";
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export interface OffersHarness extends ReturnsHarness {
  /** Calls the staff API as the back-office host's edge does, at the harness's time. */
  staff(method: string, path: string, options?: { role?: StaffRole | null; body?: unknown; raw?: string }): Promise<Response>;
}

export async function createOffersHarness(now = NOW): Promise<OffersHarness> {
  const h = await createReturnsHarness(now);
  Object.assign(h.env, { OFFER_LINK_SECRET: OFFER_SECRET });
  let clock = new Date(now);
  const setNow = h.setNow.bind(h);
  const accounts = await staffLogins(h.env, h.db, () => clock);
  // Staff sessions end when idle: after the clock moved, the role logs in again at the new time (its account exists).
  const sessions = new Map<StaffRole, { token: string; at: number }>(
    Object.entries(accounts).map(([role, token]) => [role as StaffRole, { token, at: clock.getTime() }]),
  );
  const call: StaffCaller = staffCaller(h.env, () => clock);
  async function tokenOf(role: StaffRole): Promise<string> {
    const session = sessions.get(role);
    if (session && session.at === clock.getTime()) return session.token;
    const response = await call("POST", "/admin/api/session", { body: { email: staffEmail(role), password: STAFF_PASSWORD } });
    const token = response.headers.get(STAFF_SESSION_HEADER);
    if (response.status !== 200 || !token) throw new Error(`staff login as ${role}: ${response.status}`);
    sessions.set(role, { token, at: clock.getTime() });
    return token;
  }
  return {
    ...h,
    setNow(iso) {
      clock = new Date(iso);
      setNow(iso);
    },
    async staff(method, path, options = {}) {
      const token = options.role === null ? null : await tokenOf(options.role ?? "service");
      return call(method, path, { token, body: options.body, raw: options.raw });
    },
  };
}

export interface OfferRequestFields {
  shop?: string;
  language?: string;
  type?: "product" | "bulk" | "offer";
  sku?: string;
  productName?: string;
  name?: string;
  email?: string;
  quantity?: number | null;
  unit?: string | null;
  customerId?: string | null;
  createdAt?: string;
}

/** A new inquiry number: Q- and 10 characters of Crockford's base32. */
export function newInquiryId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return `Q-${[...bytes].map((byte) => ALPHABET[byte & 31]).join("")}`;
}

/** An offer request as the inquiry form stores one (type offer unless named); its number. */
export async function insertOfferRequest(db: D1Database, fields: OfferRequestFields = {}): Promise<string> {
  const id = newInquiryId();
  const at = fields.createdAt ?? NOW;
  await sql`INSERT INTO inquiries (id, type, shop_id, language, sku, product_name, message, name, email, country, quantity, unit, customer_id,
      created_at, updated_at)
    VALUES (${id}, ${fields.type ?? "offer"}, ${fields.shop ?? "DE"}, ${fields.language ?? "de"}, ${fields.sku ?? "FLOOR-1"},
      ${fields.productName ?? "Produkt FLOOR-1"}, ${"Wir renovieren 60 m² und hätten gern ein Angebot."}, ${fields.name ?? "Erika Muster"},
      ${(fields.email ?? "erika@example.com").toLowerCase()}, ${"de"}, ${fields.quantity === undefined ? 60 : fields.quantity},
      ${fields.unit === undefined ? "SQM" : fields.unit}, ${fields.customerId ?? null}, ${at}, ${at})`
    .prepare(db)
    .run();
  return id;
}

/** The body of an offer staff send: FLOOR-1 (regular 29.95) at 24.50 unless told otherwise. */
export function offerBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { lines: [{ sku: "FLOOR-1", quantity: 30, packagePrice: 2450 }], validUntil: "2026-11-30", message: "Gern auch mit Verlegung.", ...extra };
}

/** Sends the offer of the inquiry as service staff; throws unless it was sent. The offer's id. */
export async function sendOffer(h: OffersHarness, inquiryId: string, body: Record<string, unknown> = offerBody()): Promise<string> {
  const response = await h.staff("PUT", `/admin/api/inquiries/${inquiryId}/offer`, { body });
  const answer = await json(response);
  if (response.status !== 200) throw new Error(`offer: ${response.status} ${JSON.stringify(answer.errors)}`);
  return answer.data.offer.offerId as string;
}

/** The signature of the offer mail's link for the offer and address. */
export const signatureOf = (offerId: string, email = "erika@example.com", shop = "DE"): Promise<string> =>
  offerLinkSignature(OFFER_SECRET, shop, offerId, email);

export async function offerRow(db: D1Database, inquiryId: string): Promise<OfferRow | null> {
  return sql`SELECT * FROM offers WHERE inquiry_id = ${inquiryId}`.prepare(db).first<OfferRow>();
}

export async function offerLines(db: D1Database, offerId: string): Promise<OfferLineRow[]> {
  return (await sql`SELECT * FROM offer_lines WHERE offer_id = ${offerId} ORDER BY line_no`.prepare(db).all<OfferLineRow>()).results;
}

export interface OutboxMail {
  id: number;
  shop_id: string;
  language: string;
  template: string;
  recipient: string;
  params: string;
}

export async function offerMails(db: D1Database, offerId?: string): Promise<OutboxMail[]> {
  const all = (
    await sql`SELECT id, shop_id, language, template, recipient, params FROM mail_outbox WHERE template = 'offer' ORDER BY id`.prepare(db).all<OutboxMail>()
  ).results;
  return offerId ? all.filter((mail) => (JSON.parse(mail.params) as { offerId: string }).offerId === offerId) : all;
}

const COUNTED = ["offers", "offer_lines", "visitors", "carts", "cart_items", "orders", "order_lines", "mail_outbox"] as const;

/** Row counts of what offer calls write (and what a refused one must leave alone). */
export const offerCounts = (db: D1Database): Promise<Record<(typeof COUNTED)[number], number>> => countRows(db, COUNTED);

/** A raw call with a JSON body as the shop's pages make it. */
export const post = (h: OffersHarness, path: string, body: unknown, options: RawOptions = {}) =>
  h.fetch("POST", path, { ...options, body, headers: { "idempotency-key": `k-${crypto.randomUUID()}`, ...(options.headers ?? {}) } });
