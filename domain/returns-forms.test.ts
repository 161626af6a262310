import type { ZodIssue } from "zod";
import {
  allowedQuantity,
  itemsSelectionSchema,
  lookupEmail,
  lookupSchema,
  MAX_RMA_IMAGES,
  normalizePostcode,
  reasonDetailsSchema,
  reasonId,
  REMEDY_PROPOSALS,
  COMPLAINT_REASONS,
  RETURN_REASONS,
  RMA_NUMBER,
  RMA_NUMBER_ALPHABET,
  RMA_STATUSES,
  RMA_TRANSITIONS,
  rmaSubmitSchema,
  WITHDRAWAL_COUNTRIES,
  withdrawalSchema,
  type ReturnsTexts,
  type RmaOrderLine,
} from "./returns-forms";

const texts: ReturnsTexts = {
  required: "required",
  email: "email",
  orderNumber: "orderNumber",
  postcode: "postcode",
  phone: "The entered phone number is invalid.",
  characters: "characters",
  selectAtLeastOne: "Please select at least one product",
  selectToReturn: "Please select one or more products to return back",
  maxValue: "The value must not be higher than {maxValue}",
  quantity: "quantity",
  lineNotReturnable: "lineNotReturnable",
  unknownLine: "unknownLine",
  duplicateLine: "duplicateLine",
  reason: "reason",
  proposal: "proposal",
  message: "message",
  messageTooLong: "at most {max}",
  tooManyImages: "at most {maxFiles} images",
  confirmWithdrawal: "confirmWithdrawal",
};

const line = (lineNo: number, extra: Partial<RmaOrderLine> = {}): RmaOrderLine => ({
  lineNo,
  sku: `SKU-${lineNo}`,
  name: `Product ${lineNo}`,
  image: null,
  ordered: 3,
  delivered: 3,
  returned: 0,
  returnable: 3,
  complaintable: 3,
  returnableUntil: "2026-12-01T10:00:00.000Z",
  blockedReason: null,
  ...extra,
});

/** 1: open (3), 2: window closed (0 returnable, 2 complaintable), 3: not delivered, 4: already returned. */
const LINES = [
  line(1),
  line(2, { delivered: 2, returnable: 0, complaintable: 2, blockedReason: "window_closed" }),
  line(3, { delivered: 0, returnable: 0, complaintable: 0, returnableUntil: null, blockedReason: "not_delivered" }),
  line(4, { returned: 3, returnable: 0, complaintable: 0, blockedReason: "already_returned" }),
];

const TOKEN = "a".repeat(43);
const UPLOAD = (n: number) => `${String(n).padStart(2, "0")}${"u".repeat(20)}`;

/** The issues of a failed parse as `path: message (code)`. */
function issues(result: { success: true } | { success: false; error: { issues: ZodIssue[] } }): string[] {
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const code = issue.code === "custom" ? (issue.params?.code as string | undefined) : undefined;
    return `${issue.path.join(".")}: ${issue.message}${code ? ` (${code})` : ""}`;
  });
}

describe("codes and constants", () => {
  test("the nine complaint reasons in order; the first three are the proposals; ids from 1", () => {
    expect(RETURN_REASONS).toHaveLength(9);
    expect(REMEDY_PROPOSALS).toEqual(RETURN_REASONS.slice(0, 3));
    expect(RETURN_REASONS.map(reasonId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // The reasons list holds the reasons only; the remedies are the proposal's.
    expect(COMPLAINT_REASONS).toEqual(["DEFECTIVE", "OVER_ORDER", "INCORRECTLY_ORDERED", "DELIVERED_INCORRECTLY", "REVOCATION", "OTHER"]);
    expect(COMPLAINT_REASONS.some((reason) => (REMEDY_PROPOSALS as readonly string[]).includes(reason))).toBe(false);
  });

  test("complaint numbers: 32 distinct symbols (5 bits each), 10 of them (50 bits), no I, L, O, U", () => {
    expect(new Set(RMA_NUMBER_ALPHABET).size).toBe(32);
    expect(RMA_NUMBER_ALPHABET).not.toMatch(/[ILOU]/);
    expect(RMA_NUMBER.test(`R-${RMA_NUMBER_ALPHABET.slice(0, 10)}`)).toBe(true);
    expect(RMA_NUMBER.test("R-0123456789I")).toBe(false);
    expect(RMA_NUMBER.test("R-012345678")).toBe(false);
    expect(RMA_NUMBER.test("R-01234567IL")).toBe(false);
  });

  test("rejected, refunded and replaced are final; every state can be reached from submitted", () => {
    expect(RMA_TRANSITIONS.rejected).toEqual([]);
    expect(RMA_TRANSITIONS.refunded).toEqual([]);
    expect(RMA_TRANSITIONS.replaced).toEqual([]);
    const reached = new Set<string>(["submitted"]);
    for (let round = 0; round < 4; round++) for (const state of [...reached]) for (const next of RMA_TRANSITIONS[state as "submitted"]) reached.add(next);
    expect([...reached].sort()).toEqual([...RMA_STATUSES].sort());
  });

  test("withdrawal countries: EU and EEA, not Switzerland or the United Kingdom", () => {
    expect(WITHDRAWAL_COUNTRIES).toHaveLength(30);
    for (const country of ["de", "at", "fr", "it", "nl", "no", "li", "is"]) expect(WITHDRAWAL_COUNTRIES).toContain(country);
    for (const country of ["ch", "gb"]) expect(WITHDRAWAL_COUNTRIES).not.toContain(country);
  });
});

describe("lookup rules", () => {
  test.each([
    ["nl", "1234 AB", "1234AB"],
    ["nl", "1234ab", "1234AB"],
    ["nl", "NL-1234 AB", "1234AB"],
    ["de", "D-10115", "10115"],
    ["de", " 10115 ", "10115"],
    ["pl", "00-950", "00950"],
    ["gb", "SW1A 1AA", "SW1A1AA"],
    ["ch", "CH-8000", "8000"],
    ["at", "A-1010", "1010"],
  ])("%s postcode %j compares as %j", (country, typed, normalised) => {
    expect(normalizePostcode(country, typed)).toBe(normalised);
  });

  test("a country letter is only taken off before digits", () => {
    expect(normalizePostcode("gb", "DE1 1AA")).toBe("DE11AA");
    expect(normalizePostcode("nl", "1234 AB")).not.toBe(normalizePostcode("nl", "1234 AC"));
  });

  test("e-mails compare trimmed and case-insensitively", () => {
    expect(lookupEmail("  Erika.Muster@Example.COM ")).toBe(lookupEmail("erika.muster@example.com"));
  });

  test("the lookup form: the three fields, normalised; wrong formats named", () => {
    const schema = lookupSchema(texts);
    expect(schema.parse({ orderIncrementId: " de-100001 ", orderEmail: " Erika@Example.com", postalCode: " 1234 AB " })).toEqual({
      orderIncrementId: "DE-100001",
      orderEmail: "Erika@Example.com",
      postalCode: "1234 AB",
    });
    expect(issues(schema.safeParse({}))).toEqual(["orderIncrementId: required", "orderEmail: required", "postalCode: required"]);
    expect(issues(schema.safeParse({ orderIncrementId: "DE 1<script>", orderEmail: "erika", postalCode: "12;34" }))).toEqual([
      "orderIncrementId: orderNumber",
      "orderEmail: email",
      "postalCode: postcode",
    ]);
    expect(issues(schema.safeParse({ orderIncrementId: "1", orderEmail: "a@b.de", postalCode: "1", extra: 1 }))).toHaveLength(1);
  });
});

describe("the items step", () => {
  const schema = (reason: Parameters<typeof itemsSelectionSchema>[2] = null) => itemsSelectionSchema(texts, LINES, reason);
  const lines = (selected: Record<number, number>) => LINES.map((l) => ({ lineNo: l.lineNo, selected: l.lineNo in selected, quantity: selected[l.lineNo] }));

  test("nothing selected: 'Please select at least one product'", () => {
    expect(issues(schema().safeParse({ wholeOrder: false, lines: lines({}) }))).toEqual(["lines: Please select at least one product (select_at_least_one)"]);
  });

  test("a quantity above what the line allows: 'The value must not be higher than 3'", () => {
    expect(issues(schema().safeParse({ lines: lines({ 1: 4 }) }))).toEqual(["lines.0.quantity: The value must not be higher than 3 (max_value)"]);
    expect(schema().parse({ lines: lines({ 1: 2 }) })).toEqual({ wholeOrder: false, items: [{ lineNo: 1, quantity: 2 }] });
  });

  test("a selected line without a whole number of at least 1", () => {
    for (const quantity of [0, 1.5, Number.NaN, undefined])
      expect(issues(schema().safeParse({ lines: [{ lineNo: 1, selected: true, quantity }] }))).toEqual(["lines.0.quantity: quantity (quantity)"]);
  });

  test("lines that cannot be returned say why; a window-closed line only for a defect", () => {
    expect(issues(schema().safeParse({ lines: lines({ 3: 1, 4: 1 }) }))).toEqual([
      "lines.2.lineNo: lineNotReturnable (line_not_returnable)",
      "lines.3.lineNo: lineNotReturnable (line_not_returnable)",
    ]);
    expect(issues(schema("MONEY_BACK").safeParse({ lines: lines({ 2: 1 }) }))).toEqual(["lines.1.lineNo: lineNotReturnable (line_not_returnable)"]);
    expect(schema("DEFECTIVE").parse({ lines: lines({ 2: 2 }) }).items).toEqual([{ lineNo: 2, quantity: 2 }]);
    // before a reason is chosen, the most any reason allows
    expect(schema(null).parse({ lines: lines({ 2: 2 }) }).items).toEqual([{ lineNo: 2, quantity: 2 }]);
  });

  test("the whole order takes every line with something allowed, at that amount", () => {
    expect(schema("OVER_ORDER").parse({ wholeOrder: true, lines: lines({}) }).items).toEqual([{ lineNo: 1, quantity: 3 }]);
    expect(schema("DEFECTIVE").parse({ wholeOrder: true, lines: lines({}) }).items).toEqual([
      { lineNo: 1, quantity: 3 },
      { lineNo: 2, quantity: 2 },
    ]);
    const nothing = itemsSelectionSchema(texts, [LINES[3]!], "OTHER");
    expect(issues(nothing.safeParse({ wholeOrder: true, lines: [] }))).toEqual(["lines: Please select at least one product (select_at_least_one)"]);
  });
});

describe("the reason and details step", () => {
  const schema = reasonDetailsSchema(texts);

  test("reason required; a proposal only of the first three; a message for a defect", () => {
    expect(issues(schema.safeParse({}))).toEqual(["reason: required"]);
    expect(issues(schema.safeParse({ reason: "BROKEN" }))).toEqual(["reason: reason"]);
    // A remedy is no reason: it is the proposal.
    for (const remedy of ["NEW_PRODUCT", "DISCOUNT", "MONEY_BACK"]) expect(issues(schema.safeParse({ reason: remedy }))).toEqual(["reason: reason"]);
    expect(schema.parse({ reason: "OVER_ORDER", proposal: "MONEY_BACK" })).toMatchObject({ reason: "OVER_ORDER", proposal: "MONEY_BACK" });
    expect(issues(schema.safeParse({ reason: "OVER_ORDER", proposal: "DEFECTIVE" }))).toEqual(["proposal: proposal"]);
    expect(issues(schema.safeParse({ reason: "DEFECTIVE", message: "   " }))).toEqual(["message: message (message_required)"]);
    expect(schema.parse({ reason: "OVER_ORDER" })).toEqual({ reason: "OVER_ORDER", message: "", uploadIds: [] });
  });

  test("phone: the invalid-number message for letters, too few or too many digits; empty is none", () => {
    for (const phone of ["abc", "+49 30 12a", "12345", "+49 (30) 1234567890123456", "++++++"])
      expect(issues(schema.safeParse({ reason: "OTHER", message: "x", phone }))).toEqual(["phone: The entered phone number is invalid."]);
    expect(schema.parse({ reason: "OTHER", message: "x", phone: " +49 (30) 123-45/67 " }).phone).toBe("+49 (30) 123-45/67");
    expect(schema.parse({ reason: "OTHER", message: "x", phone: "" }).phone).toBeUndefined();
  });

  test("message: line breaks kept (CRLF as LF), control and bidi characters refused, at most 2000 characters", () => {
    expect(schema.parse({ reason: "DEFECTIVE", message: " Kratzer\r\nan zwei Paketen <3 " }).message).toBe("Kratzer\nan zwei Paketen <3");
    for (const message of ["a\u0000b", "a\u001bb", "evil\u202egpj.exe", "a\u2028b"])
      expect(issues(schema.safeParse({ reason: "DEFECTIVE", message }))).toEqual(["message: characters (invalid_characters)"]);
    expect(issues(schema.safeParse({ reason: "OTHER", message: "x".repeat(2001) }))).toEqual(["message: at most 2000"]);
  });

  test("images: at most six upload ids, each once", () => {
    const ids = Array.from({ length: MAX_RMA_IMAGES + 1 }, (_, i) => UPLOAD(i));
    expect(issues(schema.safeParse({ reason: "OTHER", message: "x", uploadIds: ids }))).toEqual(["uploadIds: at most 6 images (too_many_images)"]);
    expect(issues(schema.safeParse({ reason: "OTHER", message: "x", uploadIds: [UPLOAD(1), UPLOAD(1)] }))).toEqual([
      "uploadIds: duplicateLine (duplicate_upload)",
    ]);
    expect(issues(schema.safeParse({ reason: "OTHER", message: "x", uploadIds: ["../../etc/passwd"] }))).toEqual(["uploadIds.0: required"]);
  });
});

describe("the complaint as the API takes it", () => {
  const schema = rmaSubmitSchema(texts, LINES);
  const body = (extra: Record<string, unknown> = {}) => ({
    lookupToken: TOKEN,
    orderNumber: "de-100001",
    items: [{ lineNo: 1, quantity: 2 }],
    reason: "DEFECTIVE",
    proposal: "NEW_PRODUCT",
    message: "Zwei Pakete zerkratzt",
    uploadIds: [UPLOAD(1), UPLOAD(2)],
    ...extra,
  });

  test("a valid complaint, the order number in upper case", () => {
    expect(schema.parse(body())).toEqual({ ...body(), orderNumber: "DE-100001", wholeOrder: false });
  });

  test("no lines: 'Please select one or more products to return back'", () => {
    expect(issues(schema.safeParse(body({ items: [] })))).toEqual(["items: Please select one or more products to return back (select_to_return)"]);
    expect(issues(schema.safeParse(body({ items: undefined })))).toEqual(["items: Please select one or more products to return back (select_to_return)"]);
  });

  test("above what the line allows, a line the order does not have, a line twice", () => {
    expect(issues(schema.safeParse(body({ items: [{ lineNo: 1, quantity: 4 }] })))).toEqual([
      "items.0.quantity: The value must not be higher than 3 (max_value)",
    ]);
    expect(issues(schema.safeParse(body({ items: [{ lineNo: 9, quantity: 1 }] })))).toEqual(["items.0.lineNo: unknownLine (unknown_line)"]);
    expect(
      issues(
        schema.safeParse(
          body({
            items: [
              { lineNo: 1, quantity: 1 },
              { lineNo: 1, quantity: 1 },
            ],
          }),
        ),
      ),
    ).toEqual(["items.1.lineNo: duplicateLine (duplicate_line)"]);
  });

  test("a defect beyond the window is allowed, any other reason is not", () => {
    expect(schema.parse(body({ items: [{ lineNo: 2, quantity: 2 }] })).items).toEqual([{ lineNo: 2, quantity: 2 }]);
    expect(issues(schema.safeParse(body({ reason: "OVER_ORDER", items: [{ lineNo: 2, quantity: 1 }] })))).toEqual([
      "items.0.lineNo: lineNotReturnable (line_not_returnable)",
    ]);
  });

  test("the whole order: its lines for the reason, items sent along are not read", () => {
    expect(schema.parse(body({ wholeOrder: true, items: [{ lineNo: 1, quantity: 1 }] })).items).toEqual([
      { lineNo: 1, quantity: 3 },
      { lineNo: 2, quantity: 2 },
    ]);
    expect(schema.parse(body({ wholeOrder: true, reason: "OVER_ORDER", items: [] })).items).toEqual([{ lineNo: 1, quantity: 3 }]);
  });

  test("unknown fields, a malformed token or order number are refused", () => {
    expect(issues(schema.safeParse(body({ isAdmin: true })))).toHaveLength(1);
    expect(issues(schema.safeParse(body({ lookupToken: "short" })))).toEqual(["lookupToken: required"]);
    expect(issues(schema.safeParse(body({ orderNumber: "DE-1' OR 1=1" })))).toEqual(["orderNumber: orderNumber"]);
  });

  test("allowedQuantity follows the reason", () => {
    expect(allowedQuantity(LINES[1]!, "DEFECTIVE")).toBe(2);
    expect(allowedQuantity(LINES[1]!, "OVER_ORDER")).toBe(0);
    expect(allowedQuantity(LINES[0]!, "OVER_ORDER")).toBe(3);
  });
});

describe("the withdrawal", () => {
  test("needs the confirmation", () => {
    const schema = withdrawalSchema(texts);
    expect(schema.parse({ orderNumber: "FR-100001", confirm: true })).toEqual({ orderNumber: "FR-100001", confirm: true });
    for (const confirm of [false, "true", 1, undefined])
      expect(issues(schema.safeParse({ orderNumber: "FR-100001", lookupToken: TOKEN, confirm }))).toEqual(["confirm: confirmWithdrawal"]);
  });
});
