/**
 * Returns and complaints (docs/decisions/0038): the codes,
 * limits, answer types and zod schema factories the returns screens and the shop API share,
 * so both refuse the same input with the same rules. The texts are injected, as in
 * domain/contact-fields.ts: the storefront passes its locale texts, the shop API its English
 * messages. A refusal carries its code in the issue's `params.code` (the shop API answers it
 * as the error's `code`), and `{maxValue}` style placeholders are filled here.
 *
 * The shop API's calls (worker/shop-api/returns/):
 *   GET  /apiv2/rma/options                 RmaOptions
 *   POST /apiv2/rma/lookup                  lookupSchema -> RmaLookupAnswer (404 order_not_found, one body for every wrong field)
 *   POST /apiv2/rma/link                    { order, sig } -> RmaLookupAnswer
 *   GET  /apiv2/rma/orders/:number          (signed-in customer) -> RmaLookupAnswer with lookupToken null
 *   POST /apiv2/rma/uploads                 multipart, one `file` -> RmaUploadAnswer
 *   POST /apiv2/rma                         rmaSubmitSchema + Idempotency-Key -> RmaSubmitAnswer
 *   POST /apiv2/rma/withdrawal              withdrawalSchema -> WithdrawalAnswer
 *
 * zod is loaded with this module: import it only from code that loads on demand or runs on
 * the server, never from page code that every page loads.
 */
import { z } from "zod";
import { normalizeContactText } from "./contact-fields";
import { CROCKFORD_BASE32 } from "./random-ids";
import type { BlockedReason } from "./return-window";

/** Why a line cannot be returned now: the rule's (domain/return-window.ts), part of RmaOrderLine. */
export type { BlockedReason } from "./return-window";

/** The complaint reasons, in the order the form offers them. */
export const RETURN_REASONS = [
  "NEW_PRODUCT",
  "DISCOUNT",
  "MONEY_BACK",
  "DEFECTIVE",
  "OVER_ORDER",
  "INCORRECTLY_ORDERED",
  "DELIVERED_INCORRECTLY",
  "REVOCATION",
  "OTHER",
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** The first three reasons are also the remedy proposals. */
export const REMEDY_PROPOSALS = ["NEW_PRODUCT", "DISCOUNT", "MONEY_BACK"] as const satisfies readonly ReturnReason[];
export type RemedyProposal = (typeof REMEDY_PROPOSALS)[number];

/**
 * The reasons a complaint names (the form's reasons list, GET /apiv2/rma/options `reasons`):
 * what is wrong, never what the customer wants done. The remedies are their own field (the
 * proposal), as the complaint has "reason" and "remedy proposal" apart.
 */
export const COMPLAINT_REASONS = RETURN_REASONS.filter((reason): reason is ComplaintReason => !(REMEDY_PROPOSALS as readonly string[]).includes(reason));
export type ComplaintReason = Exclude<ReturnReason, RemedyProposal>;

/** The option id of a reason or proposal (`{id, value, label}` of GET /apiv2/rma/options): its place in RETURN_REASONS, from 1. */
export const reasonId = (reason: ReturnReason): number => RETURN_REASONS.indexOf(reason) + 1;

/** Reasons whose complaint must say what is wrong: a message is required with them. */
export const REASONS_NEEDING_MESSAGE: readonly ReturnReason[] = ["DEFECTIVE", "DELIVERED_INCORRECTLY", "OTHER"];

/** Defects may be reported beyond the return window (statutory warranty): up to what was delivered and not yet returned. */
export const WINDOWLESS_REASONS: readonly ReturnReason[] = ["DEFECTIVE"];

/** Images per complaint. */
export const MAX_RMA_IMAGES = 6;
export const MAX_MESSAGE_LENGTH = 2000;

/** A complaint's states: submitted by the customer, then what staff set (each change mails the customer). */
export const RMA_STATUSES = ["submitted", "received", "accepted", "rejected", "refunded", "replaced"] as const;
export type RmaStatus = (typeof RMA_STATUSES)[number];
/** The states staff may set (POST /admin/api/returns/:rmaId/status). */
export const STAFF_RMA_STATUSES = ["received", "accepted", "rejected", "refunded", "replaced"] as const satisfies readonly RmaStatus[];
export type StaffRmaStatus = (typeof STAFF_RMA_STATUSES)[number];
/** Which state may follow which; rejected, refunded and replaced are final. */
export const RMA_TRANSITIONS: Readonly<Record<RmaStatus, readonly StaffRmaStatus[]>> = {
  submitted: ["received", "accepted", "rejected"],
  received: ["accepted", "rejected"],
  accepted: ["refunded", "replaced"],
  rejected: [],
  refunded: [],
  replaced: [],
};

/** A complaint number: `R-` and 10 characters of Crockford's base32 (50 random bits; no I, L, O, U). */
export const RMA_NUMBER = /^R-[0-9A-HJKMNP-TV-Z]{10}$/;
export const RMA_NUMBER_ALPHABET = CROCKFORD_BASE32;
/** An order number as the shop API writes it: shop and counter, `DE-100001`. */
export const ORDER_NUMBER = /^[A-Z]{2,8}-[0-9]{1,12}$/;
/** A lookup token (32 random bytes, base64url) and an upload id (16 random bytes, base64url). */
export const LOOKUP_TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const UPLOAD_ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * Countries whose consumers get the withdrawal button (Directive 2023/2673, art. 11a of the
 * Consumer Rights Directive): the EU member states and the EEA states that apply the directive
 * (Iceland, Liechtenstein, Norway). Not Switzerland, not the United Kingdom.
 */
export const WITHDRAWAL_COUNTRIES: readonly string[] = [
  "at",
  "be",
  "bg",
  "cy",
  "cz",
  "de",
  "dk",
  "ee",
  "es",
  "fi",
  "fr",
  "gr",
  "hr",
  "hu",
  "ie",
  "it",
  "lt",
  "lu",
  "lv",
  "mt",
  "nl",
  "pl",
  "pt",
  "ro",
  "se",
  "si",
  "sk",
  "is",
  "li",
  "no",
];

// ---------------------------------------------------------------------------------------
// Answers of the shop API

export interface RmaOption {
  id: number;
  value: string;
  label: string;
}

/** GET /apiv2/rma/options: labels in the request's language. */
export interface RmaOptions {
  reasons: RmaOption[];
  proposals: RmaOption[];
}

export interface RmaOrderLine {
  lineNo: number;
  sku: string;
  name: string;
  image: { src: string; alt: string } | null;
  /** Packages ordered, delivered and already in a complaint that was not rejected. */
  ordered: number;
  delivered: number;
  returned: number;
  /** What may be returned now: delivered - returned while the line's window is open, else 0. */
  returnable: number;
  /** What a DEFECTIVE complaint may name: delivered - returned, whatever the window. */
  complaintable: number;
  /** The end of the line's return window (30 days after its delivery); null before it was delivered. */
  returnableUntil: string | null;
  /** Why nothing can be returned now (null while returnable > 0). */
  blockedReason: BlockedReason | null;
}

export interface RmaOrder {
  orderNumber: string;
  placedAt: string;
  shop: string;
  /** True when the withdrawal button is offered: an EU shop, a consumer order, delivery within the EU/EEA. */
  isConsumerEu: boolean;
  withdrawal: null | { requestedAt: string };
  lines: RmaOrderLine[];
}

/** POST /apiv2/rma/lookup, POST /apiv2/rma/link, GET /apiv2/rma/orders/:number (signed in: no token). */
export interface RmaLookupAnswer {
  lookupToken: string | null;
  expiresAt: string | null;
  order: RmaOrder;
}

export interface RmaUploadAnswer {
  uploadId: string;
  name: string;
  size: number;
}

export interface RmaSubmitAnswer {
  rmaId: string;
}

export interface WithdrawalAnswer {
  withdrawal: { requestedAt: string; rmaId: string };
}

// ---------------------------------------------------------------------------------------
// Rules

/** What a complaint with `reason` may name of the line; with no reason chosen yet, the most any reason allows. */
export function allowedQuantity(line: Pick<RmaOrderLine, "returnable" | "complaintable">, reason: ReturnReason | null): number {
  if (reason === null || WINDOWLESS_REASONS.includes(reason)) return Math.max(line.returnable, line.complaintable);
  return line.returnable;
}

/** An e-mail as the lookup compares it: NFC, trimmed, lower case. */
export const lookupEmail = (email: string): string => normalizeContactText(email).toLowerCase();

/** Leading country codes people type before a postcode: `D-10115`, `NL-1234AB`, `CH-8000`, `F-75001`. */
const POSTCODE_COUNTRY_PREFIX: Readonly<Record<string, readonly string[]>> = {
  de: ["DE", "D"],
  at: ["AT", "A"],
  ch: ["CH"],
  fr: ["FR", "F"],
  it: ["IT", "I"],
  nl: ["NL"],
  be: ["BE", "B"],
  lu: ["LU", "L"],
  li: ["LI", "FL"],
};

/**
 * A postcode as the lookup compares it, for the order's billing country: upper case, without
 * spaces, hyphens and dots (NL `1234 AB` = `1234AB`, PL `00-950` = `00950`, GB `SW1A 1AA` =
 * `SW1A1AA`), and without a leading country code where the country's postcodes are digits
 * (`D-10115` = `10115`, `NL-1234AB` = `1234AB`).
 */
export function normalizePostcode(country: string, postcode: string): string {
  const compact = normalizeContactText(postcode)
    .toUpperCase()
    .replace(/[\s.\-\u2010-\u2015]/g, "");
  for (const prefix of POSTCODE_COUNTRY_PREFIX[country.toLowerCase()] ?? []) {
    if (compact.startsWith(prefix) && /^\d/.test(compact.slice(prefix.length))) return compact.slice(prefix.length);
  }
  return compact;
}

// ---------------------------------------------------------------------------------------
// Schema factories

/** The messages of the returns forms, in the language of whoever reads them. `{name}` placeholders are filled here. */
export interface ReturnsTexts {
  required: string;
  /** 'Please enter a valid e-mail address.' */
  email: string;
  /** 'Please enter a valid order or invoice number.' */
  orderNumber: string;
  /** 'Please enter a valid postcode.' */
  postcode: string;
  /** 'The entered phone number is invalid.' */
  phone: string;
  /** 'This field contains characters that are not allowed.' */
  characters: string;
  /** 'Please select at least one product' (the items step) */
  selectAtLeastOne: string;
  /** 'Please select one or more products to return back' (a complaint without lines) */
  selectToReturn: string;
  /** 'The value must not be higher than {maxValue}' */
  maxValue: string;
  /** 'Please enter a whole number of at least 1.' */
  quantity: string;
  /** 'This product cannot be returned.' (a line whose allowed amount is 0; params.reason says why) */
  lineNotReturnable: string;
  /** 'This product is not part of the order.' (a line number the order does not have) */
  unknownLine: string;
  /** 'Each product can be named only once.' */
  duplicateLine: string;
  /** 'Please choose a reason.' */
  reason: string;
  /** 'Please choose a remedy.' */
  proposal: string;
  /** 'Please describe the problem.' (REASONS_NEEDING_MESSAGE) */
  message: string;
  /** 'The message can be at most {max} characters long.' */
  messageTooLong: string;
  /** 'At most {maxFiles} images can be attached.' */
  tooManyImages: string;
  /** 'Please confirm that you want to withdraw from the contract.' */
  confirmWithdrawal: string;
}

const fill = (template: string, params: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

const required = (texts: ReturnsTexts) => ({ required_error: texts.required, invalid_type_error: texts.required });

/** Control characters (tab and line feed excepted), separators, unpaired surrogates, invisible format characters but ZWJ/ZWNJ. */
const NOT_MESSAGE_TEXT = /(?![\t\n])\p{Cc}|[\p{Cs}\p{Zl}\p{Zp}]|(?![\u200c\u200d])\p{Cf}/u;

/** The order or invoice number as typed (orderIncrementId): letters, digits and hyphens, upper case. */
export function orderIncrementIdField(texts: ReturnsTexts) {
  return z
    .string(required(texts))
    .transform((text) => normalizeContactText(text).toUpperCase())
    .pipe(
      z
        .string()
        .min(1, texts.required)
        .max(40, texts.orderNumber)
        .regex(/^[A-Z0-9-]+$/, texts.orderNumber),
    );
}

/** The e-mail of the lookup: required, in e-mail format (compared case-insensitively, lookupEmail). */
export function lookupEmailField(texts: ReturnsTexts) {
  return z.string(required(texts)).transform(normalizeContactText).pipe(z.string().min(1, texts.required).max(254, texts.email).email(texts.email));
}

/** The billing postcode of the lookup: letters, digits, spaces, hyphens, dots (compared by normalizePostcode). */
export function postalCodeField(texts: ReturnsTexts) {
  return z
    .string(required(texts))
    .transform(normalizeContactText)
    .pipe(
      z
        .string()
        .min(1, texts.required)
        .max(16, texts.postcode)
        .regex(/^[A-Za-z0-9 .-]+$/, texts.postcode),
    );
}

/** POST /apiv2/rma/lookup: the order lookup. */
export function lookupSchema(texts: ReturnsTexts) {
  return z
    .object({
      orderIncrementId: orderIncrementIdField(texts),
      orderEmail: lookupEmailField(texts),
      postalCode: postalCodeField(texts),
    })
    .strict();
}

/** A phone number: optional; when given, digits and + ( ) / - and spaces with 6 to 15 digits ('The entered phone number is invalid.' otherwise). */
export function phoneField(texts: ReturnsTexts) {
  return z
    .string({ invalid_type_error: texts.phone })
    .transform(normalizeContactText)
    .pipe(z.string().refine((phone) => phone === "" || (phone.length <= 40 && /^[0-9 +()/-]*$/.test(phone) && /^(\D*\d){6,15}\D*$/.test(phone)), texts.phone))
    .transform((phone) => (phone === "" ? undefined : phone))
    .optional();
}

/** The message: plain text over several lines (NFC, line breaks kept as \n, trimmed), at most MAX_MESSAGE_LENGTH characters. */
export function messageField(texts: ReturnsTexts) {
  return z
    .string({ invalid_type_error: texts.characters })
    .transform((text) => normalizeContactText(text.replace(/\r\n?/g, "\n")))
    .pipe(
      z
        .string()
        .max(MAX_MESSAGE_LENGTH, fill(texts.messageTooLong, { max: MAX_MESSAGE_LENGTH }))
        .refine((text) => !NOT_MESSAGE_TEXT.test(text), { message: texts.characters, params: { code: "invalid_characters" } }),
    );
}

/** A package count: a whole number of at least 1. */
export function quantityField(texts: ReturnsTexts) {
  return z.number({ required_error: texts.required, invalid_type_error: texts.quantity }).int(texts.quantity).min(1, texts.quantity);
}

/** The lines of a complaint as the API takes them. */
export function itemsField(texts: ReturnsTexts) {
  return z.array(z.object({ lineNo: z.number(required(texts)).int().min(1).max(1000), quantity: quantityField(texts) }).strict(), required(texts)).max(100);
}

/** The images of a complaint: the ids POST /apiv2/rma/uploads answered, each once, at most MAX_RMA_IMAGES. */
export function uploadIdsField(texts: ReturnsTexts) {
  return z
    .array(z.string().regex(UPLOAD_ID, texts.required))
    .max(100)
    .refine((ids) => ids.length <= MAX_RMA_IMAGES, {
      message: fill(texts.tooManyImages, { maxFiles: MAX_RMA_IMAGES }),
      params: { code: "too_many_images", maxFiles: MAX_RMA_IMAGES },
    })
    .refine((ids) => new Set(ids).size === ids.length, { message: texts.duplicateLine, params: { code: "duplicate_upload" } })
    .default([]);
}

/**
 * Checks the chosen lines against the order's lines (one rule for the items step and the
 * API): each line of the order at most once, each at most what `reason` allows
 * (allowedQuantity), at least one line (`emptyMessage`).
 */
function refineItems(
  texts: ReturnsTexts,
  lines: readonly RmaOrderLine[],
  reason: ReturnReason | null,
  items: readonly { lineNo: number; quantity: number }[],
  context: z.RefinementCtx,
  path: (index: number) => (string | number)[],
  emptyMessage: { message: string; code: string },
  emptyPath: (string | number)[],
): void {
  if (items.length === 0) {
    context.addIssue({ code: "custom", message: emptyMessage.message, params: { code: emptyMessage.code }, path: emptyPath });
    return;
  }
  const seen = new Set<number>();
  items.forEach((item, index) => {
    const line = lines.find((candidate) => candidate.lineNo === item.lineNo);
    if (!line) {
      context.addIssue({ code: "custom", message: texts.unknownLine, params: { code: "unknown_line", lineNo: item.lineNo }, path: [...path(index), "lineNo"] });
      return;
    }
    if (seen.has(item.lineNo)) {
      context.addIssue({
        code: "custom",
        message: texts.duplicateLine,
        params: { code: "duplicate_line", lineNo: item.lineNo },
        path: [...path(index), "lineNo"],
      });
      return;
    }
    seen.add(item.lineNo);
    const maxValue = allowedQuantity(line, reason);
    if (maxValue === 0) {
      context.addIssue({
        code: "custom",
        message: texts.lineNotReturnable,
        params: { code: "line_not_returnable", reason: line.blockedReason ?? "already_returned" },
        path: [...path(index), "lineNo"],
      });
    } else if (item.quantity > maxValue) {
      context.addIssue({
        code: "custom",
        message: fill(texts.maxValue, { maxValue }),
        params: { code: "max_value", maxValue },
        path: [...path(index), "quantity"],
      });
    }
  });
}

/** The lines a whole-order complaint takes: every line with something allowed, at that amount. */
export function wholeOrderItems(lines: readonly RmaOrderLine[], reason: ReturnReason | null): { lineNo: number; quantity: number }[] {
  return lines.map((line) => ({ lineNo: line.lineNo, quantity: allowedQuantity(line, reason) })).filter((item) => item.quantity > 0);
}

/**
 * The items step of the returns screen (react-hook-form values): a select flag and a quantity
 * per line of the order, and the whole-order option. Valid: at least one line selected (or the
 * whole order), each selected quantity within what the line allows for `reason` (null before a
 * reason is chosen: the most any reason allows). Gives the items the API takes.
 */
export function itemsSelectionSchema(texts: ReturnsTexts, lines: readonly RmaOrderLine[], reason: ReturnReason | null = null) {
  return z
    .object({
      wholeOrder: z.boolean().default(false),
      /** `quantity` as the field holds it (a number, NaN or nothing while empty); checked for the selected lines only. */
      lines: z.array(z.object({ lineNo: z.number().int(), selected: z.boolean(), quantity: z.unknown() })),
    })
    .superRefine((form, context) => {
      if (form.wholeOrder) {
        if (wholeOrderItems(lines, reason).length === 0)
          context.addIssue({ code: "custom", message: texts.selectAtLeastOne, params: { code: "select_at_least_one" }, path: ["lines"] });
        return;
      }
      const chosen: { lineNo: number; quantity: number }[] = [];
      const at: number[] = [];
      form.lines.forEach((line, index) => {
        if (!line.selected) return;
        const quantity = quantityField(texts).safeParse(line.quantity);
        if (!quantity.success) {
          context.addIssue({ code: "custom", message: texts.quantity, params: { code: "quantity" }, path: ["lines", index, "quantity"] });
          return;
        }
        chosen.push({ lineNo: line.lineNo, quantity: quantity.data });
        at.push(index);
      });
      if (chosen.length === 0 && form.lines.some((line) => line.selected)) return;
      refineItems(texts, lines, reason, chosen, context, (index) => ["lines", at[index]!], { message: texts.selectAtLeastOne, code: "select_at_least_one" }, [
        "lines",
      ]);
    })
    .transform((form) => ({
      wholeOrder: form.wholeOrder,
      items: form.wholeOrder
        ? wholeOrderItems(lines, reason)
        : form.lines.filter((line) => line.selected).map((line) => ({ lineNo: line.lineNo, quantity: line.quantity as number })),
    }));
}

/** The reason and details step: reason (a complaint reason, never a remedy), remedy proposal (one of the first three reasons), message, phone and images. */
export function reasonDetailsShape(texts: ReturnsTexts) {
  return {
    reason: z.enum(COMPLAINT_REASONS as [ComplaintReason, ...ComplaintReason[]], {
      errorMap: (issue) => ({ message: issue.code === "invalid_type" && issue.received === "undefined" ? texts.required : texts.reason }),
    }),
    proposal: z.enum(REMEDY_PROPOSALS, { errorMap: () => ({ message: texts.proposal }) }).optional(),
    message: messageField(texts).default(""),
    phone: phoneField(texts),
    uploadIds: uploadIdsField(texts),
  };
}

const needsMessage = (details: { reason: ReturnReason; message: string }) => !REASONS_NEEDING_MESSAGE.includes(details.reason) || details.message !== "";

export function reasonDetailsSchema(texts: ReturnsTexts) {
  return z.object(reasonDetailsShape(texts)).refine(needsMessage, { message: texts.message, params: { code: "message_required" }, path: ["message"] });
}

/** How a request proves it may act for the order: the lookup token, or (without it) a signed-in customer's session. */
function accessShape(texts: ReturnsTexts) {
  return {
    lookupToken: z.string().regex(LOOKUP_TOKEN, texts.required).optional(),
    orderNumber: z
      .string(required(texts))
      .transform((text) => text.trim().toUpperCase())
      .pipe(z.string().regex(ORDER_NUMBER, texts.orderNumber)),
  };
}

/** Who asks for which order (the first thing the API reads of a complaint or withdrawal, before it reads the order). */
export function orderAccessSchema(texts: ReturnsTexts) {
  return z.object(accessShape(texts)).passthrough();
}

/**
 * POST /apiv2/rma: the complaint, checked against the order's lines as the lookup answered
 * them. `wholeOrder: true` takes every line with something allowed for the reason, at that
 * amount (items sent along are not read); otherwise `items` names the lines.
 */
export function rmaSubmitSchema(texts: ReturnsTexts, lines: readonly RmaOrderLine[]) {
  return z
    .object({
      ...accessShape(texts),
      items: itemsField(texts).default([]),
      wholeOrder: z.boolean().default(false),
      ...reasonDetailsShape(texts),
    })
    .strict()
    .refine(needsMessage, { message: texts.message, params: { code: "message_required" }, path: ["message"] })
    .transform((body) => ({ ...body, items: body.wholeOrder ? wholeOrderItems(lines, body.reason) : body.items }))
    .superRefine((body, context) =>
      refineItems(texts, lines, body.reason, body.items, context, (index) => ["items", index], { message: texts.selectToReturn, code: "select_to_return" }, [
        "items",
      ]),
    );
}

/** POST /apiv2/rma/withdrawal: the order and the confirmation of the confirmation step. */
export function withdrawalSchema(texts: ReturnsTexts) {
  return z
    .object({
      ...accessShape(texts),
      confirm: z.literal(true, { errorMap: () => ({ message: texts.confirmWithdrawal }) }),
    })
    .strict();
}
export type RmaSubmitBody = z.output<ReturnType<typeof rmaSubmitSchema>>;
