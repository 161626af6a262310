/**
 * The customer account's forms: the bodies of the `/apiv2/customer` calls,
 * validated with the same schemas by the shop API (texts = its English messages) and by the
 * account screens before they send (texts = the visitor's language, locales/<lang>/account.json),
 * so both refuse alike. Names, postcode and phone follow the contact-field rules of
 * domain/contact-fields.ts (NFC, trimmed, plain text, no markup).
 *
 * Refusals that are not a contact field's own carry a code in `params.code` (the shop API
 * answers it as the field error's `code`; the screens translate by it): ACCOUNT_FORM_CODES.
 *
 * Password rules (PASSWORD_RULES; the same for registration, reset and change):
 * - 10 to 256 characters (counted as Unicode code points); never trimmed: spaces count.
 * - No control characters (tab, line breaks, NUL, DEL, C1): PBKDF2's HMAC pads its key with
 *   zero bytes, so `secret` and `secret\0` would share a hash.
 * - Not all of one kind: at least two of lower-case letters, upper-case letters, digits and
 *   other characters (spaces, punctuation, symbols, letters without case).
 * - Not the e-mail address, and not containing its local part when that has 4 or more characters.
 * - The confirmation must be the same text; a new password must differ from the current one.
 *
 * zod is loaded with this module: import it only from code that loads on demand (the
 * account screens) or runs on the server.
 */
import { z } from "zod";
import type { CustomerType } from "./account";
import { isCalendarDate } from "./calendar-date";
import { emailField, isPlainText, normalizeContactText, INVALID_CHARACTERS, type ContactTexts } from "./contact-fields";
import { MAX_QUANTITY } from "./quantity";
import { isVatIdOf, normalizeVatId } from "./vat-id";

/** The messages of the account forms, in the language of whoever reads them. */
export interface AccountFormTexts extends ContactTexts {
  /** Neither private nor business. */
  customerType: string;
  /** No country, or one the shop does not serve. */
  country: string;
  /** A VAT ID that does not fit its country's pattern. */
  vatId: string;
  passwordTooShort: string;
  passwordTooLong: string;
  /** All characters of one kind. */
  passwordTooWeak: string;
  /** A control character (tab, line break, ...). */
  passwordCharacters: string;
  /** The password is or contains the e-mail address. */
  passwordContainsEmail: string;
  /** The confirmation differs from the password. */
  passwordMismatch: string;
  /** A new password equal to the current one. */
  passwordUnchanged: string;
  acceptTerms: string;
  /** Not a calendar date (YYYY-MM-DD). */
  date: string;
  /** A call-off date outside the days the shop can deliver from storage. */
  dateOutOfRange: string;
  /** A call-off date on a weekend. */
  dateNotWorkingDay: string;
  /** A project name that is empty or too long. */
  projectName: string;
  /** A quantity that is not a whole number from 1 to MAX_QUANTITY. */
  quantity: string;
}

/** The codes of the forms' own refusals (besides `required`, `invalid` and the contact fields' `invalid_characters`). */
export const ACCOUNT_FORM_CODES = {
  customerType: "invalid_customer_type",
  country: "invalid_country",
  vatId: "invalid_vat_id",
  passwordTooShort: "password_too_short",
  passwordTooLong: "password_too_long",
  passwordTooWeak: "password_too_weak",
  passwordCharacters: "password_invalid_characters",
  passwordContainsEmail: "password_contains_email",
  passwordMismatch: "password_mismatch",
  passwordUnchanged: "password_unchanged",
  acceptTerms: "terms_not_accepted",
  date: "invalid_date",
  dateOutOfRange: "date_out_of_range",
  dateNotWorkingDay: "date_not_working_day",
  projectName: "invalid_project_name",
  quantity: "invalid_quantity",
} as const;

export const CUSTOMER_TYPES = ["private", "business"] as const satisfies readonly CustomerType[];

export const PASSWORD_RULES = {
  minLength: 10,
  maxLength: 256,
  /** Of lower-case, upper-case, digits, other: at least this many kinds. */
  minKinds: 2,
  /** The e-mail's local part counts as contained from this length on. */
  emailLocalPartMinLength: 4,
} as const;

/** A project's name: 1 to 80 characters of plain text. */
export const PROJECT_NAME_MAX_LENGTH = 80;

type PasswordProblem = "passwordCharacters" | "passwordTooShort" | "passwordTooLong" | "passwordTooWeak" | "passwordContainsEmail";

/** True when the text holds a control character (C0, DEL or C1). */
export function hasControlCharacter(text: string): boolean {
  return /\p{Cc}/u.test(text);
}

function kindsOf(password: string): number {
  const kinds = new Set<string>();
  for (const char of password) {
    if (/\p{Ll}/u.test(char)) kinds.add("lower");
    else if (/\p{Lu}/u.test(char)) kinds.add("upper");
    else if (/\p{Nd}/u.test(char)) kinds.add("digit");
    else kinds.add("other");
  }
  return kinds.size;
}

/**
 * The first rule a new password breaks (in the order of the module comment), or null. `email`
 * (when known) is the account's address; the server checks with it, and the registration
 * form too.
 */
export function passwordProblem(password: string, email?: string): PasswordProblem | null {
  if (hasControlCharacter(password)) return "passwordCharacters";
  const length = [...password].length;
  if (length < PASSWORD_RULES.minLength) return "passwordTooShort";
  if (length > PASSWORD_RULES.maxLength) return "passwordTooLong";
  if (kindsOf(password) < PASSWORD_RULES.minKinds) return "passwordTooWeak";
  const address = email?.trim().toLowerCase() ?? "";
  if (address) {
    const lower = password.toLowerCase();
    const local = address.split("@")[0] ?? "";
    if (lower.includes(address) || (local.length >= PASSWORD_RULES.emailLocalPartMinLength && lower.includes(local))) return "passwordContainsEmail";
  }
  return null;
}

/** A new password: required, the rules of passwordProblem (the e-mail is checked where the object knows it). */
function newPassword(texts: AccountFormTexts) {
  return z.string({ required_error: texts.required, invalid_type_error: texts.required }).superRefine((password, ctx) => {
    if (password === "") {
      ctx.addIssue({ code: "custom", message: texts.required, params: { code: "required" } });
      return;
    }
    const problem = passwordProblem(password);
    if (problem) ctx.addIssue({ code: "custom", message: texts[problem], params: { code: ACCOUNT_FORM_CODES[problem] } });
  });
}

/** A password as typed to sign in or confirm: required, never checked against the rules (old passwords stay valid). */
function presentedPassword(texts: AccountFormTexts) {
  return z.string({ required_error: texts.required, invalid_type_error: texts.required }).min(1, texts.required).max(1000, texts.passwordTooLong);
}

/** The password's own checks that need the e-mail, and the confirmation. */
function checkPasswordPair(body: { password: string; confirmationPassword: string; email?: string }, ctx: z.RefinementCtx, texts: AccountFormTexts): void {
  if (body.email && passwordProblem(body.password) === null && passwordProblem(body.password, body.email) === "passwordContainsEmail") {
    ctx.addIssue({
      code: "custom",
      path: ["password"],
      message: texts.passwordContainsEmail,
      params: { code: ACCOUNT_FORM_CODES.passwordContainsEmail },
    });
  }
  if (body.confirmationPassword !== body.password) {
    ctx.addIssue({
      code: "custom",
      path: ["confirmationPassword"],
      message: texts.passwordMismatch,
      params: { code: ACCOUNT_FORM_CODES.passwordMismatch },
    });
  }
}

const normalized = (texts: ContactTexts) => z.string({ required_error: texts.required, invalid_type_error: texts.required }).transform(normalizeContactText);

function plainText(texts: ContactTexts, maxLength: number) {
  return normalized(texts).pipe(
    z
      .string()
      .min(1, texts.required)
      .max(maxLength, texts.characters)
      .refine(isPlainText, { message: texts.characters, params: { code: INVALID_CHARACTERS } }),
  );
}

const POSTCODE = /^[A-Za-z0-9 -]{3,10}$/;
const PHONE = /^[0-9 +()/-]{1,40}$/;
const PHONE_MIN_DIGITS = 6;

function phoneField(texts: ContactTexts) {
  return normalized(texts).pipe(
    z
      .string()
      .min(1, texts.required)
      .refine((phone) => PHONE.test(phone) && (phone.match(/[0-9]/g)?.length ?? 0) >= PHONE_MIN_DIGITS, texts.phone),
  );
}

function countryField(texts: AccountFormTexts, countries: readonly string[]) {
  return z
    .string({ required_error: texts.required, invalid_type_error: texts.required })
    .transform((code) => code.trim().toLowerCase())
    .superRefine((code, ctx) => {
      if (code === "") ctx.addIssue({ code: "custom", message: texts.required, params: { code: "required" } });
      else if (!countries.includes(code)) ctx.addIssue({ code: "custom", message: texts.country, params: { code: ACCOUNT_FORM_CODES.country } });
    });
}

function optionalVatId(texts: AccountFormTexts) {
  return z.string({ invalid_type_error: texts.vatId }).max(40, texts.vatId).transform(normalizeVatId).optional().nullable();
}

/** The business fields' rules: a company name, and a VAT ID (optional) of the chosen country. */
function checkBusiness(
  body: { type?: CustomerType; companyName?: string | null; vatId?: string | null; country?: string },
  ctx: z.RefinementCtx,
  texts: AccountFormTexts,
) {
  if (body.type !== "business") return;
  const company = normalizeContactText(body.companyName ?? "");
  if (company === "") ctx.addIssue({ code: "custom", path: ["companyName"], message: texts.required, params: { code: "required" } });
  else if (company.length > 120 || !isPlainText(company))
    ctx.addIssue({ code: "custom", path: ["companyName"], message: texts.characters, params: { code: INVALID_CHARACTERS } });
  const vatId = body.vatId ?? "";
  if (vatId !== "" && body.country && !isVatIdOf(vatId, body.country))
    ctx.addIssue({ code: "custom", path: ["vatId"], message: texts.vatId, params: { code: ACCOUNT_FORM_CODES.vatId } });
}

function customerTypeField(texts: AccountFormTexts) {
  return z.enum(CUSTOMER_TYPES, {
    errorMap: (issue) => ({ message: issue.code === "invalid_type" && issue.received === "undefined" ? texts.required : texts.customerType }),
  });
}

function personFields(texts: AccountFormTexts, countries: readonly string[]) {
  return {
    firstName: plainText(texts, 80),
    surname: plainText(texts, 80),
    street: plainText(texts, 160),
    postcode: normalized(texts).pipe(z.string().min(1, texts.required).regex(POSTCODE, texts.zip)),
    city: plainText(texts, 80),
    country: countryField(texts, countries),
    phone: phoneField(texts),
  };
}

/**
 * POST /apiv2/customer/register. `countries`: the shop's delivery countries. A private
 * customer's company and VAT ID are dropped; a business customer needs a company, and a VAT
 * ID (optional) must fit the country.
 */
export function registerSchema(texts: AccountFormTexts, countries: readonly string[]) {
  return z
    .object({
      type: customerTypeField(texts),
      ...personFields(texts, countries),
      email: emailField(texts),
      password: newPassword(texts),
      confirmationPassword: z.string({ required_error: texts.required, invalid_type_error: texts.required }),
      companyName: z.string({ invalid_type_error: texts.characters }).max(1000, texts.characters).optional().nullable(),
      vatId: optionalVatId(texts),
      acceptTerms: z
        .boolean({ required_error: texts.required, invalid_type_error: texts.acceptTerms })
        .refine((accepted) => accepted, { message: texts.acceptTerms, params: { code: ACCOUNT_FORM_CODES.acceptTerms } }),
    })
    .strict()
    .superRefine((body, ctx) => {
      checkPasswordPair(body, ctx, texts);
      checkBusiness(body, ctx, texts);
    })
    .transform((body) => ({
      ...body,
      companyName: body.type === "business" ? normalizeContactText(body.companyName ?? "") : null,
      vatId: body.type === "business" && body.vatId ? body.vatId : null,
    }));
}

/** POST /apiv2/customer/login. The password is not checked against the rules (an account keeps the password it has). */
export function loginSchema(texts: AccountFormTexts) {
  return z.object({ email: emailField(texts), password: presentedPassword(texts) }).strict();
}

/** POST /apiv2/customer/password-reset. */
export function passwordResetRequestSchema(texts: AccountFormTexts) {
  return z.object({ email: emailField(texts) }).strict();
}

/** A token of a mail's link: 43 base64url characters (32 random bytes). */
export const ACCOUNT_TOKEN = /^[A-Za-z0-9_-]{43}$/;

function tokenField(texts: AccountFormTexts) {
  return z.string({ required_error: texts.required, invalid_type_error: texts.required }).min(1, texts.required).max(200, texts.required);
}

/** POST /apiv2/customer/password-reset/confirm. */
export function passwordResetConfirmSchema(texts: AccountFormTexts) {
  return z
    .object({
      token: tokenField(texts),
      password: newPassword(texts),
      confirmationPassword: z.string({ required_error: texts.required, invalid_type_error: texts.required }),
    })
    .strict()
    .superRefine((body, ctx) => checkPasswordPair(body, ctx, texts));
}

/** The token of a mail's link: POST /apiv2/customer/verify (GET takes it from the query) and /password-reset/check. */
export function mailTokenSchema(texts: AccountFormTexts) {
  return z.object({ token: tokenField(texts) }).strict();
}

/**
 * PATCH /apiv2/customer: the fields that change (name, address with street, phone; company and VAT ID of
 * a business customer). `type` is the account's (it cannot be changed here); the VAT ID is
 * checked against the country that will be the account's: the new one, else `currentCountry`.
 */
export function profileSchema(texts: AccountFormTexts, countries: readonly string[], type: CustomerType, currentCountry?: string) {
  const fields = personFields(texts, countries);
  return z
    .object({
      firstName: fields.firstName.optional(),
      surname: fields.surname.optional(),
      street: fields.street.optional(),
      postcode: fields.postcode.optional(),
      city: fields.city.optional(),
      country: fields.country.optional(),
      phone: fields.phone.optional(),
      companyName: z.string({ invalid_type_error: texts.characters }).max(1000, texts.characters).optional(),
      vatId: optionalVatId(texts),
    })
    .strict()
    .superRefine((body, ctx) => {
      if (type !== "business") {
        for (const field of ["companyName", "vatId"] as const)
          if (body[field] !== undefined && body[field] !== null && body[field] !== "")
            ctx.addIssue({ code: "custom", path: [field], message: texts.customerType, params: { code: ACCOUNT_FORM_CODES.customerType } });
        return;
      }
      if (body.companyName !== undefined) checkBusiness({ type, companyName: body.companyName }, ctx, texts);
      const country = body.country ?? currentCountry;
      if (body.vatId && country && !isVatIdOf(body.vatId, country))
        ctx.addIssue({ code: "custom", path: ["vatId"], message: texts.vatId, params: { code: ACCOUNT_FORM_CODES.vatId } });
    })
    .transform((body) => ({
      ...body,
      ...(body.companyName !== undefined ? { companyName: normalizeContactText(body.companyName) } : {}),
      ...(body.vatId !== undefined ? { vatId: body.vatId || null } : {}),
    }));
}

/** POST /apiv2/customer/password. */
export function passwordChangeSchema(texts: AccountFormTexts) {
  return z
    .object({
      currentPassword: presentedPassword(texts),
      password: newPassword(texts),
      confirmationPassword: z.string({ required_error: texts.required, invalid_type_error: texts.required }),
    })
    .strict()
    .superRefine((body, ctx) => {
      checkPasswordPair(body, ctx, texts);
      if (body.password === body.currentPassword)
        ctx.addIssue({ code: "custom", path: ["password"], message: texts.passwordUnchanged, params: { code: ACCOUNT_FORM_CODES.passwordUnchanged } });
    });
}

/**
 * POST /apiv2/customer/orders/{number}/call-off. With `bounds` (the order's `storage.callOff`
 * of GET /apiv2/customer/orders/{number}) the date must also be a working day from
 * `earliest` to `latest`; the shop API always checks that against its own clock.
 */
export function callOffSchema(texts: AccountFormTexts, bounds?: { earliest: string; latest: string }) {
  return z
    .object({
      desiredDate: z.string({ required_error: texts.required, invalid_type_error: texts.date }).superRefine((date, ctx) => {
        if (!isCalendarDate(date)) {
          ctx.addIssue({ code: "custom", message: texts.date, params: { code: ACCOUNT_FORM_CODES.date } });
          return;
        }
        if (!bounds) return;
        if (date < bounds.earliest || date > bounds.latest)
          ctx.addIssue({ code: "custom", message: texts.dateOutOfRange, params: { code: ACCOUNT_FORM_CODES.dateOutOfRange } });
        else if (!isWorkingDate(date))
          ctx.addIssue({ code: "custom", message: texts.dateNotWorkingDay, params: { code: ACCOUNT_FORM_CODES.dateNotWorkingDay } });
      }),
    })
    .strict();
}

/** Monday to Friday (public holidays are not modelled, like the delivery rules). */
export function isWorkingDate(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day !== 0 && day !== 6;
}

function projectNameField(texts: AccountFormTexts) {
  return z
    .string({ required_error: texts.required, invalid_type_error: texts.projectName })
    .transform(normalizeContactText)
    .pipe(
      z
        .string()
        .min(1, texts.required)
        .max(PROJECT_NAME_MAX_LENGTH, texts.projectName)
        .refine(isPlainText, { message: texts.characters, params: { code: INVALID_CHARACTERS } }),
    );
}

function quantityField(texts: AccountFormTexts) {
  return z
    .number({ required_error: texts.required, invalid_type_error: texts.quantity })
    .refine((quantity) => Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_QUANTITY, {
      message: texts.quantity,
      params: { code: ACCOUNT_FORM_CODES.quantity },
    });
}

const SKU = /^[A-Za-z0-9._-]{1,64}$/;

function skuField(texts: AccountFormTexts) {
  return z.string({ required_error: texts.required, invalid_type_error: texts.required }).trim().min(1, texts.required).regex(SKU, texts.characters);
}

/** POST /apiv2/customer/projects and PATCH /apiv2/customer/projects/{id}: a project's name. */
export function projectSchema(texts: AccountFormTexts) {
  return z.object({ name: projectNameField(texts) }).strict();
}

/** POST /apiv2/customer/projects/{id}/items: a product and how many packages (added to a line of the same product). */
export function projectItemSchema(texts: AccountFormTexts) {
  return z.object({ sku: skuField(texts), quantity: quantityField(texts) }).strict();
}

/** PATCH /apiv2/customer/projects/{id}/items/{itemId}. */
export function projectItemQuantitySchema(texts: AccountFormTexts) {
  return z.object({ quantity: quantityField(texts) }).strict();
}

/** A project holds at most this many lines (added one by one); a merge brings at most this many projects and lines in all. */
export const MAX_PROJECT_ITEMS = 200;
export const MAX_MERGED_PROJECTS = 50;
export const MAX_MERGED_LINES = 1000;

/** POST /apiv2/customer/projects/{id}/to-cart: all lines, or the listed ones. */
export function projectToCartSchema(texts: AccountFormTexts) {
  return z
    .object({
      itemIds: z
        .array(z.number({ invalid_type_error: texts.quantity }).int().positive().max(Number.MAX_SAFE_INTEGER), { invalid_type_error: texts.required })
        .min(1, texts.required)
        .max(MAX_PROJECT_ITEMS)
        .optional(),
    })
    .strict();
}

/** POST /apiv2/customer/projects/merge: the guest's browser projects after signing in. */
export function projectMergeSchema(texts: AccountFormTexts) {
  return z
    .object({
      projects: z
        .array(
          z
            .object({
              name: projectNameField(texts),
              items: z.array(projectItemSchema(texts)).max(MAX_MERGED_LINES),
            })
            .strict(),
        )
        .max(MAX_MERGED_PROJECTS),
    })
    .strict();
}

export type RegisterInput = z.input<ReturnType<typeof registerSchema>>;
export type RegisterForm = z.output<ReturnType<typeof registerSchema>>;
export type LoginForm = z.output<ReturnType<typeof loginSchema>>;
export type PasswordResetRequestForm = z.output<ReturnType<typeof passwordResetRequestSchema>>;
export type PasswordResetConfirmForm = z.output<ReturnType<typeof passwordResetConfirmSchema>>;
export type ProfileInput = z.input<ReturnType<typeof profileSchema>>;
export type ProfileForm = z.output<ReturnType<typeof profileSchema>>;
export type PasswordChangeForm = z.output<ReturnType<typeof passwordChangeSchema>>;
