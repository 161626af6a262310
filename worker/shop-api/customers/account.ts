/**
 * The customer account (docs/decisions/0037): register, confirm the address, sign
 * in and out, reset and change the password, read and change the profile.
 *
 *   POST  /apiv2/customer/register                {type, firstName, surname, email, street, postcode, city, country, phone,
 *                                                  password, confirmationPassword, companyName?, vatId?, acceptTerms}
 *   GET   /apiv2/customer/verify?token=  |  POST /apiv2/customer/verify {token}
 *   POST  /apiv2/customer/login                   {email, password}
 *   POST  /apiv2/customer/logout
 *   POST  /apiv2/customer/password-reset          {email}
 *   POST  /apiv2/customer/password-reset/check    {token} -> {valid}
 *   POST  /apiv2/customer/password-reset/confirm  {token, password, confirmationPassword}
 *   GET   /apiv2/customer                         -> {customer: null | Customer}
 *   PATCH /apiv2/customer                         {firstName?, surname?, street?, postcode?, city?, country?, phone?, companyName?, vatId?}
 *   POST  /apiv2/customer/password                {currentPassword, password, confirmationPassword}
 *
 * No enumeration: register (202 verification_sent), password-reset (202 reset_sent) and
 * login (401 invalid_credentials) answer byte for byte the same for known and unknown
 * addresses. Each runs the same work either way: register hashes the password and writes
 * one batch whose statements decide by SQL conditions what happens (a new pending account
 * and a verification mail, a replaced pending registration, or a notice to the owner of a
 * verified account); a reset request writes one batch that enqueues a mail only where an
 * account exists; a login for an unknown address verifies against a dummy hash. An
 * unconfirmed account gets the same 401 on sign-in, and (with the right password) a new
 * verification mail.
 *
 * Tokens of mails are 32 random bytes, stored as their SHA-256, used once (the batch that
 * claims one does the work; a second use finds it used), valid 24 hours (verify) and 30
 * minutes (reset). Every sign-in (login, verification, reset, password change) starts a new
 * session and revokes the request's previous one; a password change or reset revokes every
 * session of the account (the migration's trigger) before the new one is written.
 *
 * Limits: the captcha on register and reset (core/captcha), the mails per address and shop
 * (`rateLimits.exact.accountMail`), sign-ins per address (`exact.login`) and per client
 * address (`exact.customerLoginIp`), and every write per IP (core/route.ts).
 */
import { RESET_TOKEN_MINUTES, VERIFY_TOKEN_HOURS } from "@domain/account";
import type { AccountMailSent, AccountRefusalCode, CustomerAnswer, MaybeCustomerAnswer, PasswordResetCheck, SignedOut } from "@domain/api/account";
import {
  ACCOUNT_FORM_CODES,
  ACCOUNT_TOKEN,
  loginSchema,
  passwordChangeSchema,
  passwordProblem,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  profileSchema,
  registerSchema,
  mailTokenSchema,
} from "@domain/account-forms";
import { accountPath } from "@domain/routes";
import { sql, type SqlFragment } from "@worker/lib/sql";
import { ACCOUNT_FORM_TEXTS } from "../core/account-form-texts";
import { randomToken, sha256Hex } from "../core/auth";
import { requireCaptcha } from "../core/captcha/verify";
import type { ShopContext } from "../core/context";
import { endCustomerSession, loadCustomer, newCustomerSession, requireCustomer } from "../core/customer-session";
import { fail, invalid, type ApiFailure } from "../core/envelope";
import { countRequest, requireWithinLimit } from "../core/exact-limit";
import { outboxInsert } from "../core/mail/outbox";
import { sendOutboxSoon } from "../core/mail/sender";
import { DUMMY_HASH, encodePasswordHash, hashPassword, needsRehash, PASSWORD_MAX_LENGTH, verifyEncodedPassword } from "../core/passwords";
import { clientKey } from "../core/rate-limit";
import { readJson, validate } from "../core/request-body";
import { reply, type Reply } from "../core/route";
import type { VisitorContext } from "../core/visitor";
import { linkGuestOrders } from "../tables/customer-orders";
import { claimed, claimToken, insertTokenForAddress, deletePendingVerifyTokens, useUpTokens, type CustomerTokenRow } from "../tables/customer-tokens";
import {
  customerOf,
  isPendingRegistration,
  isVerifiedAccount,
  markVerified,
  rehashPassword,
  selectCustomerByEmail,
  selectCustomerById,
  setPassword,
  updateProfile as updateProfileRow,
  upsertRegistration,
  type CustomerRow,
} from "../tables/customers";
import { readCustomer, normaliseEmail } from "./customer-view";
import { ACCOUNT_MESSAGES } from "./messages";

const HOUR_MS = 60 * 60 * 1000;
export const VERIFY_TOKEN_MS = VERIFY_TOKEN_HOURS * HOUR_MS;
export const RESET_TOKEN_MS = RESET_TOKEN_MINUTES * 60 * 1000;
/** The stored form of the dummy hash an unknown address's login verifies against. */
const DUMMY_ENCODED = encodePasswordHash(DUMMY_HASH);

export const REGISTER_CAPTCHA_ACTION = "customer_register";
export const RESET_CAPTCHA_ACTION = "customer_password_reset";

const invalidCredentials = (): ApiFailure => fail(401, ACCOUNT_MESSAGES.invalidCredentials, "invalid_credentials");
const invalidToken = (): ApiFailure => fail(400, ACCOUNT_MESSAGES.invalidToken, "invalid_token" satisfies AccountRefusalCode, { field: "token" });

/** The key of an address's limits: shop and address (an account is per shop). */
const addressKey = (ctx: ShopContext, email: string): string => `${ctx.shop.id}\n${email}`;

/** A new mail token and the id (SHA-256) it is stored under. */
async function newMailToken(): Promise<{ token: string; id: string }> {
  const token = randomToken();
  return { token, id: await sha256Hex(token) };
}

const withToken = (path: string, token: string): string => `${path}?token=${encodeURIComponent(token)}`;

/** The verification mail of the address's pending registration (and its token), both only when `when` holds. */
async function verificationStatements(ctx: ShopContext, email: string, name: string, when: SqlFragment): Promise<SqlFragment[]> {
  const { token, id } = await newMailToken();
  return [
    insertTokenForAddress({ id, purpose: "verify", expiresAt: new Date(ctx.now.getTime() + VERIFY_TOKEN_MS) }, ctx.shop.id, email, ctx.now, when),
    outboxInsert(
      {
        shop: ctx.shop,
        language: ctx.language,
        template: "customer-verify",
        to: email,
        params: { name, path: withToken(accountPath(ctx.shop, ctx.language, "Verify"), token) },
        when,
      },
      ctx.now,
    ),
  ];
}

function passwordChangedMail(ctx: ShopContext, customer: { id: string; email: string }, when: SqlFragment): SqlFragment {
  return outboxInsert(
    {
      shop: ctx.shop,
      language: ctx.language,
      template: "customer-password-changed",
      to: customer.email,
      params: { name: "-", resetPath: accountPath(ctx.shop, ctx.language, "PasswordReset") },
      when,
      fill: { name: sql`SELECT first_name || ' ' || surname FROM customers WHERE id = ${customer.id}` },
    },
    ctx.now,
  );
}

/** POST /apiv2/customer/register -> 202 {status: "verification_sent"}, whatever the address. */
export async function register(ctx: ShopContext): Promise<Reply<AccountMailSent>> {
  const body = validate(registerSchema(ACCOUNT_FORM_TEXTS, ctx.shop.deliveryCountries), await readJson(ctx.request));
  await requireCaptcha(ctx, REGISTER_CAPTCHA_ACTION);
  const email = normaliseEmail(body.email);
  await requireWithinLimit(ctx, "accountMail", addressKey(ctx, email));
  // Hashed whether or not the address has an account: the same work either way.
  const passwordHash = encodePasswordHash(await hashPassword(body.password));
  const pending = isPendingRegistration(ctx.shop.id, email, passwordHash);
  const statements = [
    upsertRegistration(
      {
        id: crypto.randomUUID(),
        shopId: ctx.shop.id,
        email,
        type: body.type,
        firstName: body.firstName,
        surname: body.surname,
        companyName: body.companyName,
        vatId: body.vatId,
        street: body.street,
        postcode: body.postcode,
        city: body.city,
        country: body.country,
        phone: body.phone,
        passwordHash,
      },
      ctx.now,
    ),
    // A replaced pending registration's links die with it; this registration gets its own.
    deletePendingVerifyTokens(ctx.shop.id, email, pending),
    ...(await verificationStatements(ctx, email, `${body.firstName} ${body.surname}`, pending)),
    outboxInsert(
      {
        shop: ctx.shop,
        language: ctx.language,
        template: "customer-already-registered",
        to: email,
        params: { loginPath: accountPath(ctx.shop, ctx.language, "Login"), resetPath: accountPath(ctx.shop, ctx.language, "PasswordReset") },
        when: isVerifiedAccount(ctx.shop.id, email),
      },
      ctx.now,
    ),
  ];
  await ctx.db.batch(statements.map((statement) => statement.prepare(ctx.db)));
  sendOutboxSoon(ctx);
  return reply({ status: "verification_sent" as const }, { status: 202 });
}

/** The token of a verify call: the query's (GET) or the body's (POST). */
async function verifyToken(ctx: ShopContext): Promise<string> {
  if (ctx.request.method === "GET") return ctx.url.searchParams.get("token") ?? "";
  return validate(mailTokenSchema(ACCOUNT_FORM_TEXTS), await readJson(ctx.request)).token;
}

const visitorIdOf = (ctx: ShopContext | VisitorContext): string | null => ("visitorState" in ctx ? (ctx.visitorState.visitor?.id ?? null) : null);

/**
 * GET /apiv2/customer/verify?token= or POST {token}: confirms the address of a pending
 * account (the token once, within 24 hours), links the guest orders of the address, signs
 * in -> {customer} and the session.
 */
export async function verify(ctx: VisitorContext): Promise<Reply<CustomerAnswer>> {
  const token = await verifyToken(ctx);
  if (!ACCOUNT_TOKEN.test(token)) throw invalidToken();
  const id = await sha256Hex(token);
  const row = await sql`SELECT t.customer_id, c.email FROM customer_tokens t JOIN customers c ON c.id = t.customer_id
      WHERE t.id = ${id} AND t.purpose = 'verify' AND c.shop_id = ${ctx.shop.id}`
    .prepare(ctx.db)
    .first<Pick<CustomerTokenRow, "customer_id"> & Pick<CustomerRow, "email">>();
  if (!row) throw invalidToken();
  const claim = randomToken(16);
  const holds = claimed(id, claim);
  const session = await newCustomerSession(ctx, row.customer_id, visitorIdOf(ctx), holds);
  const results = await ctx.db.batch(
    [
      claimToken(id, "verify", ctx.shop.id, claim, ctx.now, sql`c.verified_at IS NULL`),
      markVerified(row.customer_id, ctx.now, holds),
      useUpTokens(row.customer_id, ctx.now, holds, "verify"),
      linkGuestOrders(row.customer_id, ctx.shop.id, row.email, holds),
      ...session.statements,
      selectCustomerById(row.customer_id),
    ].map((statement) => statement.prepare(ctx.db)),
  );
  if ((results[0]!.meta.changes ?? 0) !== 1) throw invalidToken();
  session.handOver();
  return reply({ customer: customerOf(results.at(-1)!.results[0] as CustomerRow) });
}

/** POST /apiv2/customer/login {email, password} -> {customer} and a new session; 401 invalid_credentials otherwise. */
export async function login(ctx: VisitorContext): Promise<Reply<CustomerAnswer>> {
  const body = validate(loginSchema(ACCOUNT_FORM_TEXTS), await readJson(ctx.request));
  const email = normaliseEmail(body.email);
  // Both limits and the account in one round trip; every attempt counts, right or wrong.
  const perClient = await countRequest(ctx, "customerLoginIp", clientKey(ctx.request));
  const perAddress = await countRequest(ctx, "login", `customer\n${addressKey(ctx, email)}`);
  const [clientCount, addressCount, account] = await ctx.db.batch([
    perClient.statement,
    perAddress.statement,
    selectCustomerByEmail(ctx.shop.id, email).prepare(ctx.db),
  ]);
  perClient.enforce(clientCount!);
  perAddress.enforce(addressCount!);
  const row = (account!.results[0] as CustomerRow | undefined) ?? null;
  // An over-long password is never hashed (it matches no account: the rules cap new ones).
  const presentable = body.password.length <= PASSWORD_MAX_LENGTH;
  const { matches, stored } = await verifyEncodedPassword(presentable ? body.password : "", row?.password_hash ?? DUMMY_ENCODED);
  if (!row || !matches || !presentable || !stored) throw invalidCredentials();
  if (row.verified_at === null) {
    // The right password of an unconfirmed account: the same refusal, and the link once more (within the mail limit).
    const mails = await countRequest(ctx, "accountMail", addressKey(ctx, email));
    const [count] = await ctx.db.batch([mails.statement]);
    try {
      mails.enforce(count!);
    } catch {
      throw invalidCredentials();
    }
    const when = sql`EXISTS (SELECT 1 FROM customers WHERE id = ${row.id} AND verified_at IS NULL)`;
    const statements = await verificationStatements(ctx, email, `${row.first_name} ${row.surname}`, when);
    await ctx.db.batch(statements.map((statement) => statement.prepare(ctx.db)));
    sendOutboxSoon(ctx);
    throw invalidCredentials();
  }
  const session = await newCustomerSession(ctx, row.id, visitorIdOf(ctx));
  const rehash = needsRehash(stored) ? [rehashPassword(row.id, row.password_hash, encodePasswordHash(await hashPassword(body.password)))] : [];
  await ctx.db.batch([...rehash, linkGuestOrders(row.id, ctx.shop.id, email), ...session.statements].map((statement) => statement.prepare(ctx.db)));
  session.handOver();
  return reply({ customer: customerOf(row) });
}

/** POST /apiv2/customer/logout -> {signedOut: true}; the session is revoked and the cookie deleted (also without one). */
export async function logout(ctx: ShopContext): Promise<Reply<SignedOut>> {
  await endCustomerSession(ctx);
  return reply({ signedOut: true as const });
}

/** POST /apiv2/customer/password-reset {email} -> 202 {status: "reset_sent"}, whatever the address. */
export async function requestPasswordReset(ctx: ShopContext): Promise<Reply<AccountMailSent>> {
  const body = validate(passwordResetRequestSchema(ACCOUNT_FORM_TEXTS), await readJson(ctx.request));
  await requireCaptcha(ctx, RESET_CAPTCHA_ACTION);
  const email = normaliseEmail(body.email);
  await requireWithinLimit(ctx, "accountMail", addressKey(ctx, email));
  const { token, id } = await newMailToken();
  const account = sql`SELECT first_name || ' ' || surname FROM customers WHERE shop_id = ${ctx.shop.id} AND email = ${email}`;
  const exists = sql`EXISTS (SELECT 1 FROM customers WHERE shop_id = ${ctx.shop.id} AND email = ${email})`;
  // One batch either way: a token and a mail only where the address has an account.
  await ctx.db.batch(
    [
      insertTokenForAddress({ id, purpose: "reset", expiresAt: new Date(ctx.now.getTime() + RESET_TOKEN_MS) }, ctx.shop.id, email, ctx.now),
      outboxInsert(
        {
          shop: ctx.shop,
          language: ctx.language,
          template: "customer-password-reset",
          to: email,
          params: { name: "-", path: withToken(accountPath(ctx.shop, ctx.language, "PasswordReset"), token) },
          when: exists,
          fill: { name: account },
        },
        ctx.now,
      ),
    ].map((statement) => statement.prepare(ctx.db)),
  );
  sendOutboxSoon(ctx);
  return reply({ status: "reset_sent" as const }, { status: 202 });
}

/** The account of a reset link's token while the link works (unused, within 30 minutes, of this shop); null otherwise. */
async function liveResetToken(
  ctx: ShopContext,
  token: string,
): Promise<{ id: string; row: Pick<CustomerTokenRow, "customer_id"> & Pick<CustomerRow, "email"> } | null> {
  if (!ACCOUNT_TOKEN.test(token)) return null;
  const id = await sha256Hex(token);
  const row = await sql`SELECT t.customer_id, c.email FROM customer_tokens t JOIN customers c ON c.id = t.customer_id
      WHERE t.id = ${id} AND t.purpose = 'reset' AND t.used_at IS NULL AND t.expires_at > ${ctx.now.toISOString()} AND c.shop_id = ${ctx.shop.id}`
    .prepare(ctx.db)
    .first<Pick<CustomerTokenRow, "customer_id"> & Pick<CustomerRow, "email">>();
  return row ? { id, row } : null;
}

/**
 * POST /apiv2/customer/password-reset/check {token} -> {valid}: whether a reset link still
 * works, asked when its page opens so a used or expired link says so at once. It uses nothing
 * up and names no account (a token is 32 random bytes; the answer is the same shape either way).
 */
export async function checkPasswordResetToken(ctx: ShopContext): Promise<Reply<PasswordResetCheck>> {
  const body = validate(mailTokenSchema(ACCOUNT_FORM_TEXTS), await readJson(ctx.request));
  return reply({ valid: (await liveResetToken(ctx, body.token)) !== null });
}

/**
 * POST /apiv2/customer/password-reset/confirm {token, password, confirmationPassword}: the
 * new password (the token once, within 30 minutes); every session of the account ends, the
 * address counts as confirmed (the link came to it) -> {customer} and a new session.
 */
export async function confirmPasswordReset(ctx: VisitorContext): Promise<Reply<CustomerAnswer>> {
  const body = validate(passwordResetConfirmSchema(ACCOUNT_FORM_TEXTS), await readJson(ctx.request));
  const live = await liveResetToken(ctx, body.token);
  if (!live) throw invalidToken();
  const { id, row } = live;
  if (passwordProblem(body.password, row.email) === "passwordContainsEmail")
    throw invalid("password", ACCOUNT_FORM_TEXTS.passwordContainsEmail, ACCOUNT_FORM_CODES.passwordContainsEmail);
  const passwordHash = encodePasswordHash(await hashPassword(body.password));
  const claim = randomToken(16);
  const holds = claimed(id, claim);
  const session = await newCustomerSession(ctx, row.customer_id, visitorIdOf(ctx), holds);
  const results = await ctx.db.batch(
    [
      claimToken(id, "reset", ctx.shop.id, claim, ctx.now),
      // Revokes every session of the account (the migration's trigger), then the new one is written.
      setPassword(row.customer_id, passwordHash, ctx.now, holds, { verify: true }),
      useUpTokens(row.customer_id, ctx.now, holds),
      linkGuestOrders(row.customer_id, ctx.shop.id, row.email, holds),
      ...session.statements,
      passwordChangedMail(ctx, { id: row.customer_id, email: row.email }, holds),
    ].map((statement) => statement.prepare(ctx.db)),
  );
  if ((results[0]!.meta.changes ?? 0) !== 1) throw invalidToken();
  session.handOver();
  sendOutboxSoon(ctx);
  return reply({ customer: await readCustomer(ctx, row.customer_id) });
}

/** GET /apiv2/customer -> {customer: null | Customer}. */
export async function me(ctx: ShopContext): Promise<Reply<MaybeCustomerAnswer>> {
  const signedIn = await loadCustomer(ctx);
  return reply({ customer: signedIn?.customer ?? null });
}

/** PATCH /apiv2/customer: name, address (street, postcode, city, country), phone (company and VAT ID of a business customer) -> {customer}. */
export async function updateProfile(ctx: ShopContext): Promise<Reply<CustomerAnswer>> {
  const { customer } = await requireCustomer(ctx);
  const body = validate(profileSchema(ACCOUNT_FORM_TEXTS, ctx.shop.deliveryCountries, customer.type, customer.country), await readJson(ctx.request));
  await updateProfileRow(
    customer.id,
    {
      first_name: body.firstName,
      surname: body.surname,
      street: body.street,
      postcode: body.postcode,
      city: body.city,
      country: body.country,
      phone: body.phone,
      company_name: body.companyName,
      vat_id: body.vatId,
    },
    ctx.now,
  )
    .prepare(ctx.db)
    .run();
  return reply({ customer: await readCustomer(ctx, customer.id) });
}

/**
 * POST /apiv2/customer/password {currentPassword, password, confirmationPassword}: every
 * session of the account ends (other browsers are signed out), this one continues on a new
 * session -> {customer}. A wrong current password is 422 `current_password_wrong`, counted
 * against the account (`exact.login`).
 */
export async function changePassword(ctx: VisitorContext): Promise<Reply<CustomerAnswer>> {
  const { customer } = await requireCustomer(ctx);
  const body = validate(passwordChangeSchema(ACCOUNT_FORM_TEXTS), await readJson(ctx.request));
  await requireWithinLimit(ctx, "login", `customer-password\n${customer.id}`);
  const row = await selectCustomerById(customer.id).prepare(ctx.db).first<CustomerRow>();
  if (!row) throw new Error(`customer ${customer.id} not found`);
  const presentable = body.currentPassword.length <= PASSWORD_MAX_LENGTH;
  const { matches } = await verifyEncodedPassword(presentable ? body.currentPassword : "", row.password_hash);
  if (!matches || !presentable) throw invalid("currentPassword", ACCOUNT_MESSAGES.currentPasswordWrong, "current_password_wrong" satisfies AccountRefusalCode);
  if (passwordProblem(body.password, row.email) === "passwordContainsEmail")
    throw invalid("password", ACCOUNT_FORM_TEXTS.passwordContainsEmail, ACCOUNT_FORM_CODES.passwordContainsEmail);
  const passwordHash = encodePasswordHash(await hashPassword(body.password));
  const unchanged = sql`EXISTS (SELECT 1 FROM customers WHERE id = ${row.id} AND password_hash = ${row.password_hash})`;
  const applied = sql`EXISTS (SELECT 1 FROM customers WHERE id = ${row.id} AND password_hash = ${passwordHash})`;
  const session = await newCustomerSession(ctx, row.id, visitorIdOf(ctx), applied);
  const [changed] = await ctx.db.batch(
    [
      // Only over the password that was checked (of two concurrent changes one applies, the other refuses).
      setPassword(row.id, passwordHash, ctx.now, unchanged),
      ...session.statements,
      passwordChangedMail(ctx, row, applied),
    ].map((statement) => statement.prepare(ctx.db)),
  );
  if ((changed!.meta.changes ?? 0) === 0)
    throw invalid("currentPassword", ACCOUNT_MESSAGES.currentPasswordWrong, "current_password_wrong" satisfies AccountRefusalCode);
  session.handOver();
  sendOutboxSoon(ctx);
  return reply({ customer: await readCustomer(ctx, row.id) });
}
