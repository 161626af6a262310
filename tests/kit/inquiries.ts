/**
 * Test harness of the inquiries API: the returns harness (real local D1 with the test
 * catalogue, a pinned clock, ALTCHA, real customer accounts through signUp) and helpers to
 * send an inquiry as the inquiry page does, read what was written, and read the outbox.
 */
import type { D1Database } from "@cloudflare/workers-types";
import { countRows } from "./d1";
import { CAPTCHA_HEADER } from "@shop-api/core/captcha/verify";
import { createReturnsHarness, json, type RawOptions, type ReturnsHarness } from "./returns";
import type { InquiryRow } from "@shop-api/tables/inquiries";

export { json, signUp, NOW } from "./returns";

export type InquiryHarness = ReturnsHarness;

/** The harness; refused captchas, which these tests cause on purpose, are not logged (core/captcha/verify.ts logs them). */
export async function createInquiryHarness(): Promise<InquiryHarness> {
  const h = await createReturnsHarness();
  // The returns harness has replaced console.warn with a mock already: chain onto its implementation.
  const warn = (jest.isMockFunction(console.warn) ? console.warn : jest.spyOn(console, "warn")) as jest.Mock<void, unknown[]>;
  const previous = warn.getMockImplementation();
  warn.mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].startsWith("captcha refused")) return;
    previous?.(...args);
  });
  return h;
}

/** A complete bulk-buyer inquiry for FLOOR-1 in DE. */
export const inquiryBody = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  type: "bulk",
  sku: "FLOOR-1",
  message: "Wir statten ein Hotel mit 60 Zimmern aus.\nBitte um ein Angebot für 800 m².",
  name: "Erika Muster",
  email: "erika@example.com",
  phone: "+49 30 1234567",
  countryCode: "de",
  quantity: 800,
  answers: { isBusiness: true, isCommercialProject: true },
  ...extra,
});

export interface SendOptions extends Omit<RawOptions, "body" | "raw"> {
  /** The X-Captcha-Token: solved for action `inquiry` in the shop unless given; null sends none. */
  captcha?: string | null;
  /** The Idempotency-Key; none unless given. */
  idempotencyKey?: string;
  /** The client address (cf-connecting-ip); a new one per call unless given. */
  ip?: string;
}

/** POST /apiv2/inquiry as the inquiry page sends it. */
export async function sendInquiry(h: InquiryHarness, body: unknown, options: SendOptions = {}): Promise<Response> {
  const captcha = options.captcha === undefined ? await h.captchaToken("inquiry", options.shop ?? "DE") : options.captcha;
  return h.fetch("POST", "/apiv2/inquiry", {
    ...options,
    body,
    headers: {
      ...(captcha === null ? {} : { [CAPTCHA_HEADER]: captcha }),
      ...(options.idempotencyKey ? { "idempotency-key": options.idempotencyKey } : {}),
      ...(options.ip ? { "cf-connecting-ip": options.ip } : {}),
      ...(options.headers ?? {}),
    },
  });
}

const COUNTED_TABLES = ["inquiries", "inquiry_replies", "mail_outbox"] as const;
export type InquiryCounts = Record<(typeof COUNTED_TABLES)[number], number>;

/** Row counts of what an inquiry writes: a refused one must leave them as they were. */
export const inquiryCounts = (db: D1Database): Promise<InquiryCounts> => countRows(db, COUNTED_TABLES);

export const inquiryRow = (db: D1Database, id: string): Promise<InquiryRow | null> =>
  db.prepare("SELECT * FROM inquiries WHERE id = ?").bind(id).first<InquiryRow>();

/** Sends an inquiry that must succeed; its number. */
export async function sentInquiry(h: InquiryHarness, body: unknown, options: SendOptions = {}): Promise<string> {
  const response = await sendInquiry(h, body, options);
  const answer = await json(response);
  if (response.status !== 200) throw new Error(`inquiry: ${response.status} ${JSON.stringify(answer.errors)}`);
  return answer.data.inquiryId as string;
}
