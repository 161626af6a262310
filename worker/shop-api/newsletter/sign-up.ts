/**
 * The newsletter with double opt-in (docs/decisions/0040):
 *
 *   POST /apiv2/newsletter/subscribe    {name, email} + X-Captcha-Token (action `newsletter`) -> {status: "pending"}
 *   POST /apiv2/newsletter/confirm      {token} -> {status: "confirmed", thanksPath}
 *   POST /apiv2/newsletter/unsubscribe  {token} -> {status: "unsubscribed"}
 *
 * Every write is rate limited per IP (core) and honours Idempotency-Key (core); the sign-up also
 * per address and per client (`rateLimits.exact.newsletterSignup`, `newsletterSignupIp`).
 *
 * - **Sign-up**: the same answer for every address (new, pending, confirmed, unsubscribed), and
 *   the same work: one batch whose SQL decides. A new address, or a pending or unsubscribed one
 *   whose last confirmation mail is at least 10 minutes old, becomes pending with new tokens and
 *   gets the confirmation mail (its link opens `{prefix}/newsletter/confirm/?token=`); within the
 *   10 minutes nothing changes; a confirmed address gets no mail (it is subscribed already, and a
 *   mail there on every sign-up would let anybody send the owner mail). A name with a link is
 *   400 `name_contains_url`, other malformed fields 422; nothing written, nothing sent.
 * - **Confirmation** by POST only (the confirmation page posts the token as soon as it runs in the
 *   browser, so the mail's link confirms with one click, while a mail scanner that only fetches
 *   the link confirms nothing): the pending row of the token (mailed at most CONFIRM_LINK_DAYS ago) becomes
 *   confirmed; in the same batch the voucher is issued at most once per shop and normalised
 *   e-mail, its mail queued (only when this confirmation issued it), and the hand-over queued.
 *   A used, unknown or expired token: 404 `newsletter_token_invalid`.
 * - **Unsubscription**: the row of the token becomes unsubscribed (a confirmed one's hand-over is
 *   queued); again for an unsubscribed row answers the same and queues nothing.
 *
 * Every mail is in the sign-up's language, from the shop's sender, with its links on the shop's
 * own origin only (the sender makes the paths absolute) and the unsubscribe link.
 */
import { formatMoney } from "@domain/money";
import {
  NEWSLETTER_CAPTCHA_ACTION,
  NEWSLETTER_CODES,
  NEWSLETTER_TOKEN,
  NEWSLETTER_VOUCHER_AMOUNT,
  newsletterEmailKey,
  newsletterFormSchema,
  newsletterTokenSchema,
  type NewsletterConfirmAnswer,
  type NewsletterForm,
  type NewsletterSubscribeAnswer,
  type NewsletterUnsubscribeAnswer,
} from "@domain/newsletter";
import { cartPath, newsletterConfirmPath, newsletterUnsubscribePath, voucherThanksPath } from "@domain/routes";
import { sql } from "@worker/lib/sql";
import { sha256Hex } from "../core/auth";
import { requireCaptcha } from "../core/captcha/verify";
import type { ShopContext } from "../core/context";
import { ApiFailure, fail } from "../core/envelope";
import { countRequest } from "../core/exact-limit";
import { outboxInsert } from "../core/mail/outbox";
import { sendOutboxSoon } from "../core/mail/sender";
import { clientKey } from "../core/rate-limit";
import { readJson, validate, validationFailure } from "../core/request-body";
import { reply, type Reply } from "../core/route";
import { enqueueDelivery } from "../tables/newsletter-deliveries";
import {
  closeSubscriberGuard,
  confirmedWithUnsubscribeToken,
  guardHolds,
  markConfirmed,
  markUnsubscribed,
  openSubscriberGuard,
  pendingWithConfirmToken,
  selectByUnsubscribeToken,
  selectGuardHeld,
  selectPendingByConfirmToken,
  signedUpWith,
  upsertSignUp,
  type NewsletterSubscriberRow,
} from "../tables/newsletter-subscribers";
import { issueVoucherSql } from "../tables/vouchers";
import { confirmLinksSentAfter, deliverSoon } from "./deliveries";
import { NEWSLETTER_MESSAGES, SERVER_TEXTS } from "./messages";
import { signUpTokens, withToken } from "./tokens";

/** A pending address gets the confirmation mail again at most this often. */
export const RESEND_AFTER_MS = 10 * 60_000;

const tokenInvalid = (): ApiFailure => fail(404, NEWSLETTER_MESSAGES.tokenInvalid, NEWSLETTER_CODES.tokenInvalid, { field: "token" });

/** The form's body: a name with a link is 400 `name_contains_url` (the contract's status), other problems 422. */
function signUpBody(body: unknown): NewsletterForm {
  const result = newsletterFormSchema(SERVER_TEXTS).safeParse(body);
  if (result.success) return result.data;
  const failure = validationFailure(result.error.issues);
  if (failure.errors.some((error) => error.code === NEWSLETTER_CODES.nameContainsUrl)) throw new ApiFailure(400, failure.errors);
  throw failure;
}

/** The voucher's value in the shop's currency, written for the language (`10,00 €`, `CHF 10.00`). */
const voucherAmount = (ctx: ShopContext, language: string): string => formatMoney(NEWSLETTER_VOUCHER_AMOUNT, ctx.shop.currency, language);

/** POST /apiv2/newsletter/subscribe -> {status: "pending"}, whatever the address. */
export async function subscribe(ctx: ShopContext): Promise<Reply<NewsletterSubscribeAnswer>> {
  // 1. the body: name (no links) and e-mail
  const body = signUpBody(await readJson(ctx.request));
  // 2. a person: the shop's captcha (403 captcha_failed)
  await requireCaptcha(ctx, NEWSLETTER_CAPTCHA_ACTION);
  // 3. the limits: per normalised address and per client (429 over either), whatever the address's state
  const email = body.email.toLowerCase();
  const emailKey = newsletterEmailKey(body.email);
  const perAddress = await countRequest(ctx, "newsletterSignup", `${ctx.shop.id}\n${emailKey}`);
  const perClient = await countRequest(ctx, "newsletterSignupIp", clientKey(ctx.request));
  const [addressCount, clientCount] = await ctx.db.batch([perAddress.statement, perClient.statement]);
  perClient.enforce(clientCount!);
  perAddress.enforce(addressCount!);
  // 4. one batch whatever the address: the SQL decides whether the row changes and a mail goes
  const tokens = await signUpTokens();
  const statements = [
    upsertSignUp({
      id: crypto.randomUUID(),
      shopId: ctx.shop.id,
      language: ctx.language,
      email,
      emailKey,
      name: body.name,
      confirmTokenHash: tokens.confirmTokenHash,
      unsubscribeTokenHash: tokens.unsubscribeTokenHash,
      now: ctx.now,
      resendAfter: new Date(ctx.now.getTime() - RESEND_AFTER_MS),
    }),
    outboxInsert(
      {
        shop: ctx.shop,
        language: ctx.language,
        template: "newsletter-confirmation",
        to: email,
        params: {
          name: body.name,
          amount: voucherAmount(ctx, ctx.language),
          confirmPath: withToken(newsletterConfirmPath(ctx.shop, ctx.language), tokens.confirmToken),
          unsubscribePath: withToken(newsletterUnsubscribePath(ctx.shop, ctx.language), tokens.unsubscribeToken),
        },
        when: signedUpWith(ctx.shop.id, emailKey, tokens.confirmTokenHash),
        dedupeKey: `newsletter-confirmation:${tokens.confirmTokenHash}`,
      },
      ctx.now,
    ),
  ];
  await ctx.db.batch(statements.map((statement) => statement.prepare(ctx.db)));
  sendOutboxSoon(ctx);
  const answer: NewsletterSubscribeAnswer = { status: "pending" };
  return reply(answer);
}

/** The token of a confirm or unsubscribe call; a malformed one is a token nobody has. */
async function tokenOf(ctx: ShopContext): Promise<string> {
  const { token } = validate(newsletterTokenSchema, await readJson(ctx.request));
  if (!NEWSLETTER_TOKEN.test(token)) throw tokenInvalid();
  return token;
}

/** POST /apiv2/newsletter/confirm {token} -> {status: "confirmed", thanksPath}. */
export async function confirm(ctx: ShopContext): Promise<Reply<NewsletterConfirmAnswer>> {
  const tokens = await signUpTokens(await tokenOf(ctx));
  const row = await selectPendingByConfirmToken(ctx.shop.id, tokens.confirmTokenHash, confirmLinksSentAfter(ctx.now))
    .prepare(ctx.db)
    .first<NewsletterSubscriberRow>();
  if (!row) throw tokenInvalid();
  // The confirmation acts once: a guard opens only while the row is pending with this token.
  const guardId = crypto.randomUUID();
  const holds = guardHolds(guardId);
  const voucher = issueVoucherSql({
    shopId: ctx.shop.id,
    currency: ctx.shop.currency,
    amount: NEWSLETTER_VOUCHER_AMOUNT,
    emailKey: row.email_key,
    now: ctx.now,
    when: holds,
  });
  const language = row.language;
  const statements = [
    openSubscriberGuard(guardId, row.id, pendingWithConfirmToken(tokens.confirmTokenHash)),
    markConfirmed(row.id, ctx.now, holds),
    voucher.insert,
    // The voucher's mail only when this confirmation issued it (an address earns one voucher, ever).
    outboxInsert(
      {
        shop: ctx.shop,
        language,
        template: "newsletter-voucher",
        to: row.email,
        params: {
          name: row.name,
          code: voucher.candidate,
          amount: voucherAmount(ctx, language),
          cartPath: cartPath(ctx.shop, language),
          unsubscribePath: withToken(newsletterUnsubscribePath(ctx.shop, language), tokens.unsubscribeToken),
        },
        when: sql`${holds} AND EXISTS (SELECT 1 FROM (${voucher.readBack}) WHERE code = ${voucher.candidate})`,
        dedupeKey: `newsletter-voucher:${ctx.shop.id}:${row.email_key}`,
      },
      ctx.now,
    ),
    enqueueDelivery(row.id, "subscribe", ctx.now, holds),
    selectGuardHeld(guardId),
    closeSubscriberGuard(guardId),
  ];
  const results = await ctx.db.batch(statements.map((statement) => statement.prepare(ctx.db)));
  const held = (results.at(-2)!.results[0] as { held: number } | undefined)?.held === 1;
  // Used by a request a moment before this one.
  if (!held) throw tokenInvalid();
  sendOutboxSoon(ctx);
  deliverSoon(ctx);
  const answer: NewsletterConfirmAnswer = { status: "confirmed", thanksPath: voucherThanksPath(ctx.shop, language) };
  return reply(answer);
}

/** POST /apiv2/newsletter/unsubscribe {token} -> {status: "unsubscribed"} (again: the same answer). */
export async function unsubscribe(ctx: ShopContext): Promise<Reply<NewsletterUnsubscribeAnswer>> {
  const hash = await sha256Hex(await tokenOf(ctx));
  const row = await selectByUnsubscribeToken(ctx.shop.id, hash).prepare(ctx.db).first<NewsletterSubscriberRow>();
  if (!row) throw tokenInvalid();
  if (row.state !== "unsubscribed") {
    // The service hears of it only when it had the subscriber (a confirmed one); the guard opens only then.
    const guardId = crypto.randomUUID();
    const holds = guardHolds(guardId);
    const statements = [
      openSubscriberGuard(guardId, row.id, confirmedWithUnsubscribeToken(hash)),
      markUnsubscribed(row.id, hash, ctx.now),
      enqueueDelivery(row.id, "unsubscribe", ctx.now, holds),
      closeSubscriberGuard(guardId),
    ];
    await ctx.db.batch(statements.map((statement) => statement.prepare(ctx.db)));
    deliverSoon(ctx);
  }
  const answer: NewsletterUnsubscribeAnswer = { status: "unsubscribed" };
  return reply(answer);
}
