/**
 * POST /apiv2/rma through the real route table against a real local D1 and R2: the rules of
 * a complaint (what each line allows, per line from its delivery; defects beyond the window;
 * lines and tokens of other orders; expired tokens), its idempotency, its number, its images
 * and its mail. Every refusal leaves the tables as they were.
 */
import { RMA_NUMBER, RMA_NUMBER_ALPHABET } from "@domain/returns-forms";
import { composeMail } from "../core/mail/templates";
import { JPEG, PNG } from "@tests/kit/images";
import { multipartBody } from "@tests/kit/api-harness";
import { newRmaNumber, RMA_NUMBER_BITS } from "./numbers";
import {
  createReturnsHarness,
  daysBefore,
  json,
  lookedUp,
  NOW,
  placeOrder,
  returnsCounts,
  signUp,
  type PlacedOrder,
  type ReturnsHarness,
  type TestCustomer,
} from "@tests/kit/returns";

let h: ReturnsHarness;
/** Line 1: 3 packages delivered 40 days ago (window closed); line 2: 3 delivered 10 days ago; line 3: 2 ordered, not delivered. */
let order: PlacedOrder;
let other: PlacedOrder;

beforeAll(async () => {
  h = await createReturnsHarness();
  order = await placeOrder(h, {
    placedAt: daysBefore(45),
    lines: [
      ["FLOOR-1", 3],
      ["NOEXP-1", 3],
      ["FREIGHT-1", 2],
    ],
    deliveries: [
      { line: 1, quantity: 3, at: daysBefore(40) },
      { line: 2, quantity: 3, at: daysBefore(10) },
    ],
  });
  other = await placeOrder(h, {
    lines: [["FLOOR-1", 5]],
    email: "other@example.com",
    deliveries: [{ line: 1, quantity: 5, at: daysBefore(5) }],
  });
});
afterAll(() => h.dispose());

let keys = 0;
const key = () => `test-key-${++keys}-${Math.random().toString(36).slice(2)}`;

const submit = (body: Record<string, unknown>, options: { visitor?: string; idempotencyKey?: string | null; headers?: Record<string, string> } = {}) =>
  h.fetch("POST", "/apiv2/rma", {
    body,
    token: options.visitor,
    headers: { ...(options.idempotencyKey === null ? {} : { "idempotency-key": options.idempotencyKey ?? key() }), ...(options.headers ?? {}) },
  });

const complaint = (lookupToken: string, extra: Record<string, unknown> = {}) => ({
  lookupToken,
  orderNumber: order.number,
  items: [{ lineNo: 2, quantity: 2 }],
  reason: "OVER_ORDER",
  ...extra,
});

/** Sends a complaint that must be refused, and checks nothing was written. */
async function refused(body: Record<string, unknown>, visitor: string, status: number, code: string, options: { headers?: Record<string, string> } = {}) {
  const before = await returnsCounts(h.db);
  const response = await submit(body, { visitor, ...options });
  const answer = await json(response);
  expect({ status: response.status, codes: answer.errors.map((e) => e.code) }).toEqual({ status, codes: expect.arrayContaining([code]) });
  expect(await returnsCounts(h.db)).toEqual(before);
  return answer.errors.filter((e) => e.code === code).pop()!;
}

async function upload(visitor: string, bytes: Uint8Array, fileName: string): Promise<string> {
  const { body, contentType } = multipartBody([{ fileName, bytes }]);
  const response = await h.fetch("POST", "/apiv2/rma/uploads", { token: visitor, raw: body, headers: { "content-type": contentType } });
  const answer = await json(response);
  if (response.status !== 200) throw new Error(`upload: ${response.status} ${JSON.stringify(answer.errors)}`);
  return answer.data.uploadId as string;
}

describe("what a complaint may name", () => {
  test("a quantity above what the line allows: 422 with the SPEC's message and maxValue, nothing written", async () => {
    const { lookupToken, visitor } = await lookedUp(h, order);
    const error = await refused(complaint(lookupToken, { items: [{ lineNo: 2, quantity: 4 }] }), visitor, 422, "max_value");
    expect(error).toEqual({ message: "The value must not be higher than 3", code: "max_value", field: "items.0.quantity", params: { maxValue: 3 } });
  });

  test("no line at all: 'Please select one or more products to return back'", async () => {
    const { lookupToken, visitor } = await lookedUp(h, order);
    const error = await refused(complaint(lookupToken, { items: [] }), visitor, 422, "select_to_return");
    expect(error.message).toBe("Please select one or more products to return back");
  });

  test("a line the order does not have (another order's line number), a line twice, a sample", async () => {
    const { lookupToken, visitor } = await lookedUp(h, order);
    expect(await refused(complaint(lookupToken, { items: [{ lineNo: 4, quantity: 1 }] }), visitor, 422, "unknown_line")).toMatchObject({
      field: "items.0.lineNo",
    });
    await refused(
      complaint(lookupToken, {
        items: [
          { lineNo: 2, quantity: 1 },
          { lineNo: 2, quantity: 1 },
        ],
      }),
      visitor,
      422,
      "duplicate_line",
    );
  });

  test("a token of one order with another order's number: 401, nothing written", async () => {
    const { lookupToken, visitor } = await lookedUp(h, order);
    await refused(complaint(lookupToken, { orderNumber: other.number, items: [{ lineNo: 1, quantity: 1 }] }), visitor, 401, "lookup_token_invalid");
  });

  test("the window counts per line from its delivery: a line delivered 40 days ago only for a defect, 10 days ago for any reason", async () => {
    const { lookupToken, visitor, order: view } = await lookedUp(h, order);
    expect(
      view.lines.map((line: { blockedReason: string | null; returnable: number; complaintable: number }) => [
        line.blockedReason,
        line.returnable,
        line.complaintable,
      ]),
    ).toEqual([
      ["window_closed", 0, 3],
      [null, 3, 3],
      ["not_delivered", 0, 0],
    ]);
    expect(await refused(complaint(lookupToken, { items: [{ lineNo: 1, quantity: 1 }] }), visitor, 422, "line_not_returnable")).toMatchObject({
      field: "items.0.lineNo",
      params: { reason: "window_closed" },
    });
    await refused(complaint(lookupToken, { reason: "OVER_ORDER", items: [{ lineNo: 3, quantity: 1 }] }), visitor, 422, "line_not_returnable");
    await refused(complaint(lookupToken, { reason: "DEFECTIVE", message: "kaputt", items: [{ lineNo: 3, quantity: 1 }] }), visitor, 422, "line_not_returnable");
    // A remedy is the proposal, never the reason: refused at the reason, nothing written.
    expect(await refused(complaint(lookupToken, { reason: "MONEY_BACK", items: [{ lineNo: 2, quantity: 1 }] }), visitor, 422, "invalid")).toMatchObject({
      field: "reason",
    });
  });

  test("a defect beyond the window is accepted, up to what was delivered and not yet returned", async () => {
    const { lookupToken, visitor } = await lookedUp(h, order);
    const response = await submit(complaint(lookupToken, { reason: "DEFECTIVE", message: "Risse in zwei Dielen", items: [{ lineNo: 1, quantity: 2 }] }), {
      visitor,
    });
    const body = await json(response);
    expect(response.status).toBe(200);
    expect(body.data.rmaId).toMatch(RMA_NUMBER);
    const view = (await lookedUp(h, order, { token: visitor })).order;
    expect(view.lines[0]).toMatchObject({ returned: 2, returnable: 0, complaintable: 1, blockedReason: "window_closed" });
    await refused(complaint(lookupToken, { reason: "DEFECTIVE", message: "noch einer", items: [{ lineNo: 1, quantity: 2 }] }), visitor, 422, "max_value");
  });

  test("a defect needs a message", async () => {
    const { lookupToken, visitor } = await lookedUp(h, order);
    await refused(complaint(lookupToken, { reason: "DEFECTIVE", message: " ", items: [{ lineNo: 1, quantity: 1 }] }), visitor, 422, "message_required");
  });
});

describe("the lookup token", () => {
  test("expired after an hour: 401, nothing written", async () => {
    const { lookupToken, visitor } = await lookedUp(h, other);
    h.setNow(new Date(Date.parse(NOW) + 60 * 60 * 1000 + 1).toISOString());
    try {
      await refused({ ...complaint(lookupToken), orderNumber: other.number, items: [{ lineNo: 1, quantity: 1 }] }, visitor, 401, "lookup_token_invalid");
    } finally {
      h.setNow(NOW);
    }
  });

  test("only for the visitor who looked up: another browser with the same token is refused", async () => {
    const { lookupToken } = await lookedUp(h, other);
    const stranger = await lookedUp(h, order);
    await refused({ ...complaint(lookupToken), orderNumber: other.number, items: [{ lineNo: 1, quantity: 1 }] }, stranger.visitor, 401, "lookup_token_invalid");
    await refused(
      { ...complaint("x".repeat(43)), orderNumber: other.number, items: [{ lineNo: 1, quantity: 1 }] },
      stranger.visitor,
      401,
      "lookup_token_invalid",
    );
  });
});

describe("idempotency and the complaint number", () => {
  test("without an Idempotency-Key: 400, nothing written", async () => {
    const { lookupToken, visitor } = await lookedUp(h, other);
    const before = await returnsCounts(h.db);
    const response = await submit(
      { ...complaint(lookupToken), orderNumber: other.number, items: [{ lineNo: 1, quantity: 1 }] },
      { visitor, idempotencyKey: null },
    );
    expect(response.status).toBe(400);
    expect((await json(response)).errors[0]).toMatchObject({ code: "idempotency_key_required" });
    expect(await returnsCounts(h.db)).toEqual(before);
  });

  test("a double click with one key makes one complaint and one mail; the repeat gets the first answer", async () => {
    const { lookupToken, visitor } = await lookedUp(h, other);
    const body = { ...complaint(lookupToken), orderNumber: other.number, items: [{ lineNo: 1, quantity: 1 }] };
    const before = await returnsCounts(h.db);
    const idempotencyKey = key();
    const [first, second] = await Promise.all([submit(body, { visitor, idempotencyKey }), submit(body, { visitor, idempotencyKey })]);
    const statuses = [first.status, second.status].sort();
    // the second either waited for the first (409, Retry-After) or got its answer replayed
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    const again = await submit(body, { visitor, idempotencyKey });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const firstOk = first.status === 200 ? first : second;
    expect((await json(again)).data.rmaId).toBe((await json(firstOk)).data.rmaId);
    const after = await returnsCounts(h.db);
    expect(after.rmas - before.rmas).toBe(1);
    expect(after.mail_outbox - before.mail_outbox).toBe(1);
  });

  test("two complaints at once for the last packages with different keys: one passes, the other is told what is left", async () => {
    const target = await placeOrder(h, { lines: [["FLOOR-1", 2]], email: "race@example.com", deliveries: [{ line: 1, quantity: 2, at: daysBefore(3) }] });
    const { lookupToken, visitor } = await lookedUp(h, target);
    const body = { lookupToken, orderNumber: target.number, items: [{ lineNo: 1, quantity: 2 }], reason: "OVER_ORDER" };
    const answers = await Promise.all([submit(body, { visitor }), submit(body, { visitor }), submit(body, { visitor })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422, 422]);
    // A loser that read the order before the winner's batch is refused by the batch's guard (nothing
    // left: max 0); one that read it after sees the line already returned. Both say nothing is left.
    const nothingLeft: Record<string, object> = { max_value: { maxValue: 0 }, line_not_returnable: { reason: "already_returned" } };
    for (const answer of answers.filter((a) => a.status === 422)) {
      const error = (await json(answer)).errors[1];
      expect(error).toMatchObject({ code: expect.stringMatching(/^(max_value|line_not_returnable)$/), params: nothingLeft[String(error?.code)] });
    }
    expect(
      (await h.db
        .prepare("SELECT SUM(quantity) AS n FROM rma_lines WHERE order_id = (SELECT id FROM orders WHERE order_number = ?)")
        .bind(target.number)
        .first<{ n: number }>())!.n,
    ).toBe(2);
  });

  test("complaint numbers: R- and 10 base32 characters from 50 random bits, each character uniform, none repeated", () => {
    expect(RMA_NUMBER_BITS).toBeGreaterThanOrEqual(40);
    const numbers = Array.from({ length: 20_000 }, () => newRmaNumber());
    for (const number of numbers.slice(0, 100)) expect(number).toMatch(RMA_NUMBER);
    expect(new Set(numbers).size).toBe(numbers.length);
    // every position takes every one of the 32 symbols, each about 1/32 of the time (625 expected, 6 sigma = 147)
    for (let position = 2; position < 12; position++) {
      const counts = new Map<string, number>();
      for (const number of numbers) counts.set(number[position]!, (counts.get(number[position]!) ?? 0) + 1);
      expect(counts.size).toBe(32);
      for (const count of counts.values()) expect(Math.abs(count - numbers.length / 32)).toBeLessThan(150);
    }
    // the 50 bits map one to one: known bytes give a known number
    expect(newRmaNumber((bytes) => bytes.fill(0))).toBe("R-0000000000");
    expect(newRmaNumber((bytes) => bytes.fill(255))).toBe(`R-${RMA_NUMBER_ALPHABET[31]!.repeat(10)}`);
    expect(newRmaNumber((bytes) => bytes.set([0, 0, 0, 0, 0, 0, 0x40]))).toBe("R-0000000001");
  });

  test("complaints made one after the other get unrelated numbers", async () => {
    const target = await placeOrder(h, { lines: [["FLOOR-1", 4]], email: "seq@example.com", deliveries: [{ line: 1, quantity: 4, at: daysBefore(2) }] });
    const { lookupToken, visitor } = await lookedUp(h, target);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await submit({ lookupToken, orderNumber: target.number, items: [{ lineNo: 1, quantity: 1 }], reason: "OVER_ORDER" }, { visitor });
      ids.push((await json(response)).data.rmaId as string);
    }
    expect(new Set(ids).size).toBe(3);
    const shared = (a: string, b: string) => [...a].filter((c, i) => b[i] === c).length;
    expect(shared(ids[0]!, ids[1]!)).toBeLessThan(9);
  });
});

describe("images and the confirmation mail", () => {
  test("the images are attached; the mail names the number, the order, the lines and the reason in the shop's language", async () => {
    const target = await placeOrder(h, {
      lines: [
        ["FLOOR-1", 3],
        ["NOEXP-1", 1],
      ],
      email: "bilder@example.com",
      deliveries: [
        { line: 1, quantity: 3, at: daysBefore(6) },
        { line: 2, quantity: 1, at: daysBefore(6) },
      ],
    });
    const { lookupToken, visitor } = await lookedUp(h, target);
    const images = [await upload(visitor, JPEG, "kratzer.jpg"), await upload(visitor, PNG, "detail.png")];
    const response = await submit(
      {
        lookupToken,
        orderNumber: target.number,
        items: [{ lineNo: 1, quantity: 2 }],
        reason: "DEFECTIVE",
        proposal: "NEW_PRODUCT",
        message: "Zwei Pakete mit Kratzern.\nBitte Ersatz.",
        phone: "+49 30 1234567",
        uploadIds: images,
      },
      { visitor },
    );
    expect(response.status).toBe(200);
    const rmaId = (await json(response)).data.rmaId as string;
    const row = await h.db.prepare("SELECT * FROM rmas WHERE id = ?").bind(rmaId).first<Record<string, unknown>>();
    expect(row).toMatchObject({
      kind: "return",
      reason: "DEFECTIVE",
      proposal: "NEW_PRODUCT",
      message: "Zwei Pakete mit Kratzern.\nBitte Ersatz.",
      phone: "+49 30 1234567",
      status: "submitted",
      via: "lookup",
      email: "bilder@example.com",
      language: "de",
    });
    const attached = await h.db.prepare("SELECT id, attached_type, attached_id FROM uploads WHERE id IN (?, ?) ORDER BY id").bind(images[0], images[1]).all();
    expect(attached.results).toEqual(expect.arrayContaining(images.map((id) => ({ id, attached_type: "rma", attached_id: rmaId }))));
    const positions = await h.db.prepare("SELECT upload_id FROM rma_uploads WHERE rma_id = ? ORDER BY position").bind(rmaId).all<{ upload_id: string }>();
    expect(positions.results.map((r) => r.upload_id)).toEqual(images);

    const mail = await h.db
      .prepare("SELECT * FROM mail_outbox WHERE dedupe_key = ?")
      .bind(`rma-confirmation:${rmaId}`)
      .first<{ params: string; recipient: string; language: string }>();
    expect(mail!.recipient).toBe("bilder@example.com");
    const rendered = composeMail({ shopId: "DE", language: mail!.language, template: "rma-confirmation", params: JSON.parse(mail!.params) }, "development");
    expect(rendered.subject).toBe(`Ihre Reklamation ${rmaId} bei Bodenhaus Deutschland`);
    expect(rendered.text).toContain(`Ihre Reklamationsnummer: ${rmaId}`);
    expect(rendered.text).toContain(`zur Bestellung ${target.number}`);
    expect(rendered.text).toContain("2 × Produkt FLOOR-1 (Art.-Nr. FLOOR-1)");
    expect(rendered.text).toContain("Grund: Ware defekt oder beschädigt");
    expect(rendered.text).toContain("Ihr Lösungswunsch: Ersatzlieferung");
    expect(rendered.text).toContain("Fotos: 2");

    // an image cannot be attached twice
    const again = await refused(
      { lookupToken, orderNumber: target.number, items: [{ lineNo: 2, quantity: 1 }], reason: "OVER_ORDER", uploadIds: [images[0]] },
      visitor,
      422,
      "upload_unavailable",
    );
    expect(again.field).toBe("uploadIds.0");
  });

  test("another visitor's image, an unknown id, more than six: refused, nothing attached", async () => {
    const mine = await lookedUp(h, other);
    const theirs = await lookedUp(h, order);
    const foreign = await upload(theirs.visitor, JPEG, "fremd.jpg");
    const base = { lookupToken: mine.lookupToken, orderNumber: other.number, items: [{ lineNo: 1, quantity: 1 }], reason: "OVER_ORDER" };
    await refused({ ...base, uploadIds: [foreign] }, mine.visitor, 422, "upload_unavailable");
    await refused({ ...base, uploadIds: ["A".repeat(22)] }, mine.visitor, 422, "upload_unavailable");
    const seven = Array.from({ length: 7 }, (_, i) => `${"B".repeat(21)}${i}`);
    expect(await refused({ ...base, uploadIds: seven }, mine.visitor, 422, "too_many_images")).toMatchObject({ params: { maxFiles: 6 } });
  });

  test("the whole order: every line with something allowed, at that amount", async () => {
    const target = await placeOrder(h, {
      lines: [
        ["FLOOR-1", 2],
        ["NOEXP-1", 3],
      ],
      email: "ganz@example.com",
      deliveries: [
        { line: 1, quantity: 2, at: daysBefore(4) },
        { line: 2, quantity: 1, at: daysBefore(4) },
      ],
    });
    const { lookupToken, visitor } = await lookedUp(h, target);
    const response = await submit({ lookupToken, orderNumber: target.number, wholeOrder: true, reason: "OVER_ORDER" }, { visitor });
    const rmaId = (await json(response)).data.rmaId as string;
    const lines = await h.db.prepare("SELECT line_no, quantity FROM rma_lines WHERE rma_id = ? ORDER BY line_no").bind(rmaId).all();
    expect(lines.results).toEqual([
      { line_no: 1, quantity: 2 },
      { line_no: 2, quantity: 1 },
    ]);
    expect((await h.db.prepare("SELECT whole_order FROM rmas WHERE id = ?").bind(rmaId).first<{ whole_order: number }>())!.whole_order).toBe(1);
  });
});

describe("a signed-in customer", () => {
  /** The account of other@example.com: `other` is linked to it at verification. */
  let customer: TestCustomer;
  beforeAll(async () => {
    customer = await signUp(h, "other@example.com");
  });

  test("submits for an order of theirs without a lookup token", async () => {
    const visitor = (await lookedUp(h, order)).visitor; // any browser: the session decides
    const response = await submit(
      { orderNumber: other.number, items: [{ lineNo: 1, quantity: 1 }], reason: "INCORRECTLY_ORDERED" },
      { visitor, headers: customer.headers },
    );
    expect(response.status).toBe(200);
    const rmaId = (await json(response)).data.rmaId as string;
    expect(await h.db.prepare("SELECT via, customer_id FROM rmas WHERE id = ?").bind(rmaId).first()).toEqual({ via: "session", customer_id: customer.id });
  });

  test("another customer's order: 404; no session and no token: 401; nothing written", async () => {
    const visitor = (await lookedUp(h, order)).visitor;
    await refused({ orderNumber: order.number, items: [{ lineNo: 2, quantity: 1 }], reason: "OVER_ORDER" }, visitor, 404, "order_not_found", {
      headers: customer.headers,
    });
    await refused({ orderNumber: other.number, items: [{ lineNo: 1, quantity: 1 }], reason: "OVER_ORDER" }, visitor, 401, "not_signed_in");
  });
});
