/**
 * The customer's orders and the storage of ordered goods through the real route table and a
 * real local D1: orders placed signed in belong to the account, guest orders of
 * the address are linked once it is verified, another customer's order is 404 everywhere,
 * storage needs an account and 1200 (checkout), call-off rules, the reminder exactly once.
 */
import { runStorageJobs } from "./storage-jobs";
import { createAccountHarness, registration, signedUpCustomer, tokenOf, type AccountHarness, type Browser } from "@tests/kit/customers";

let h: AccountHarness;
beforeAll(async () => {
  h = await createAccountHarness();
});
afterAll(() => h.dispose());
// The harness has no mail transport: the outbox keeps the mails (read by the tests) and says so.
beforeEach(() => jest.spyOn(console, "warn").mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

let counter = 0;
const address = (name = "kunde") => `${name}.${++counter}@example.com`;

const ADDRESS = { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" };

/** Puts the lines into the browser's cart and places the order; answers the order number. */
async function placeOrder(browser: Browser, email: string, lines: [string, number][], extra: Record<string, unknown> = {}): Promise<string> {
  for (const [sku, quantity] of lines) expect((await h.call(browser, "POST", "/apiv2/cart/", { body: { sku, quantity } })).status).toBe(200);
  const placed = await h.call(browser, "POST", "/apiv2/checkout/order", {
    body: { email, billingAddress: ADDRESS, deliveryMode: "standard", paymentMethod: "invoice", acceptTerms: true, ...extra },
  });
  if (placed.status !== 200) throw new Error(`order: ${placed.status} ${placed.text}`);
  return placed.body.data.orderNumber as string;
}

const storedOrder = (browser: Browser, email: string) => placeOrder(browser, email, [["FREIGHT-1", 3]], { deliveryMode: "on_call_storage" });

describe("orders of the account", () => {
  test("an order placed signed in belongs to the account (orders.customer_id) and is listed and shown", async () => {
    const browser = h.browser();
    const email = address();
    const customer = await signedUpCustomer(h, browser, email);
    const number = await placeOrder(browser, email, [["FLOOR-1", 2]]);
    const row = await h.db.prepare("SELECT customer_id FROM orders WHERE order_number = ?").bind(number).first<{ customer_id: string }>();
    expect(row!.customer_id).toBe(customer.id);
    const list = await h.call(browser, "GET", "/apiv2/customer/orders");
    expect(list.status).toBe(200);
    expect(list.body.data.orders).toEqual([
      {
        number,
        placedAt: "2026-11-18T08:00:00.000Z",
        state: "placed",
        grandTotal: expect.objectContaining({ amount: 2 * 2995 + 595, currency: "EUR" }),
        itemCount: 1,
        deliveryMode: "standard",
      },
    ]);
    expect(list.body.data.next).toBeNull();
    const detail = await h.call(browser, "GET", `/apiv2/customer/orders/${number}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.order).toMatchObject({
      orderNumber: number,
      state: "placed",
      billingAddress: ADDRESS,
      shippingAddress: ADDRESS,
      deliveryMode: "standard",
      paymentMethod: "invoice",
      lines: [expect.objectContaining({ sku: "FLOOR-1", quantity: 2, shippedQuantity: 0, deliveredQuantity: 0, unit: { code: "SQM", label: "m²" } })],
      history: [{ state: "placed", at: "2026-11-18T08:00:00.000Z" }],
      storage: null,
      returnable: false,
      returnsLink: `/returns/?order=${number}`,
    });
  });

  test("the account's type decides the right of withdrawal: a business account's order has none, a private one's has it, the same address billed", async () => {
    const withdrawalOf = async (type: "private" | "business") => {
      const browser = h.browser();
      const email = address(type);
      await signedUpCustomer(h, browser, email, type === "business" ? { type, companyName: "Muster Bau GmbH" } : {});
      const before = await h.lastMailId();
      const number = await placeOrder(browser, email, [["FLOOR-1", 1]]);
      const mail = (await h.mails(before)).find((m) => m.template === "order-confirmation" && m.params.orderNumber === number);
      return mail?.params.withdrawal ?? null;
    };
    expect(await withdrawalOf("business")).toBeNull();
    expect(await withdrawalOf("private")).toEqual({ email: expect.stringContaining("@") });
  });

  test("a guest order is not the account's; guest orders of the address are linked when the address is verified, not before, other addresses never", async () => {
    const email = address();
    const guest = h.browser();
    const guestOrder = await placeOrder(guest, email.toUpperCase(), [["FLOOR-1", 1]]);
    const otherOrder = await placeOrder(h.browser(), address("andere"), [["FLOOR-1", 1]]);
    expect(await h.db.prepare("SELECT customer_id FROM orders WHERE order_number = ?").bind(guestOrder).first("customer_id")).toBeNull();

    const before = await h.lastMailId();
    expect((await h.call(h.browser(), "POST", "/apiv2/customer/register", { body: registration(email) })).status).toBe(202);
    // registered, not verified: nothing linked
    expect(await h.db.prepare("SELECT customer_id FROM orders WHERE order_number = ?").bind(guestOrder).first("customer_id")).toBeNull();
    const mail = (await h.mails(before)).find((m) => m.template === "customer-verify")!;
    const browser = h.browser();
    await h.call(browser, "POST", "/apiv2/customer/verify", { body: { token: tokenOf(mail) } });
    const numbers = (await h.call(browser, "GET", "/apiv2/customer/orders")).body.data.orders.map((o: { number: string }) => o.number);
    expect(numbers).toEqual([guestOrder]);
    expect(numbers).not.toContain(otherOrder);

    // a guest order placed later with the address is linked at the next sign-in
    h.setNow("2026-11-18T09:00:00Z");
    const later = await placeOrder(h.browser(), email, [["FLOOR-1", 1]]);
    const again = h.browser();
    expect((await h.call(again, "POST", "/apiv2/customer/login", { body: { email, password: registration(email).password } })).status).toBe(200);
    expect((await h.call(again, "GET", "/apiv2/customer/orders")).body.data.orders.map((o: { number: string }) => o.number)).toEqual([later, guestOrder]);
    h.setNow("2026-11-18T08:00:00Z");
  });

  test("pages: newest first, `before` the last number of the previous page, `limit` 1 to 50", async () => {
    const browser = h.browser();
    const email = address();
    await signedUpCustomer(h, browser, email);
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      h.setNow(`2026-11-18T08:0${i}:00Z`);
      numbers.push(await placeOrder(browser, email, [["FLOOR-1", 1]]));
    }
    h.setNow("2026-11-18T08:10:00Z");
    const first = await h.call(browser, "GET", "/apiv2/customer/orders?limit=2");
    expect(first.body.data.orders.map((o: { number: string }) => o.number)).toEqual([numbers[2], numbers[1]]);
    expect(first.body.data.next).toBe(numbers[1]);
    const second = await h.call(browser, "GET", `/apiv2/customer/orders?limit=2&before=${first.body.data.next}`);
    expect(second.body.data.orders.map((o: { number: string }) => o.number)).toEqual([numbers[0]]);
    expect(second.body.data.next).toBeNull();
    for (const query of ["limit=0", "limit=51x", "limit=-1", "before=x'--", "before=DE-999999999"])
      expect((await h.call(browser, "GET", `/apiv2/customer/orders?${query}`)).status).toBe(422);
    h.setNow("2026-11-18T08:00:00Z");
  });

  test("ownership: customer A cannot read, call off or list customer B's order (404 as for an unknown number); guests get 401", async () => {
    const a = h.browser();
    const b = h.browser();
    const emailA = address("a");
    const emailB = address("b");
    await signedUpCustomer(h, a, emailA);
    await signedUpCustomer(h, b, emailB);
    const ordersOfB = [await placeOrder(b, emailB, [["FLOOR-1", 1]]), await storedOrder(b, emailB)];
    for (const number of ordersOfB) {
      const read = await h.call(a, "GET", `/apiv2/customer/orders/${number}`);
      expect(read.status).toBe(404);
      expect(read.text).toBe((await h.call(a, "GET", "/apiv2/customer/orders/DE-999999")).text);
      expect((await h.call(a, "POST", `/apiv2/customer/orders/${number}/call-off`, { body: { desiredDate: "2026-11-25" } })).status).toBe(404);
      expect((await h.call(h.browser(), "GET", `/apiv2/customer/orders/${number}`)).status).toBe(401);
    }
    expect((await h.call(a, "GET", "/apiv2/customer/orders")).body.data.orders).toEqual([]);
    expect((await h.call(a, "GET", `/apiv2/customer/orders?before=${ordersOfB[0]}`)).status).toBe(422);
    expect(await h.db.prepare("SELECT COUNT(*) AS n FROM storage_call_offs").first("n")).toBe(0);
    // and the same order through the guest's own checkout read stays the placing visitor's alone
    expect((await h.call(a, "GET", `/apiv2/checkout/order/${ordersOfB[0]}`)).status).toBe(404);
  });

  test("hostile order numbers are 404", async () => {
    const browser = h.browser();
    await signedUpCustomer(h, browser, address());
    for (const number of ["%27%20OR%201%3D1", "DE-1%00", "..%2F..%2Fadmin", "de-100001", "%E0%A4%A"]) {
      expect((await h.call(browser, "GET", `/apiv2/customer/orders/${number}`)).status).toBe(404);
    }
  });
});

describe("storage of ordered goods", () => {
  test("the checkout offers storage only with an account and from 1200 (the session is the account)", async () => {
    const guest = h.browser();
    for (const [sku, quantity] of [["FREIGHT-1", 3]] as const) await h.call(guest, "POST", "/apiv2/cart/", { body: { sku, quantity } });
    const refused = await h.call(guest, "POST", "/apiv2/checkout/order", {
      body: { email: address(), billingAddress: ADDRESS, deliveryMode: "on_call_storage", paymentMethod: "invoice", acceptTerms: true },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toContainEqual(expect.objectContaining({ code: "storage_account_required" }));

    const browser = h.browser();
    const email = address();
    await signedUpCustomer(h, browser, email);
    await expect(placeOrder(browser, email, [["FLOOR-1", 1]], { deliveryMode: "on_call_storage" })).rejects.toThrow("storage_minimum_order_value");
    await h.call(browser, "POST", "/apiv2/customer/logout");
    // signed out again: a guest, whose cart is the same visitor's
    await expect(placeOrder(browser, email, [["FREIGHT-1", 2]], { deliveryMode: "on_call_storage" })).rejects.toThrow("storage_account_required");
  });

  test("a stored order shows its free period (3 months from the order day, written once by the cron) and the call-off window", async () => {
    const browser = h.browser();
    const email = address();
    await signedUpCustomer(h, browser, email);
    const number = await storedOrder(browser, email);
    const before = (await h.call(browser, "GET", `/apiv2/customer/orders/${number}`)).body.data.order;
    expect(before.storage).toEqual({
      state: "stored",
      storedUntil: "2027-02-17",
      freeMonths: 3,
      callOffs: [],
      callOff: { earliest: "2026-11-20", latest: "2027-03-03" },
    });
    expect((await h.call(browser, "GET", "/apiv2/customer/orders")).body.data.orders[0].storage).toEqual({ until: "2027-02-17", state: "stored" });
    await runStorageJobs(h.db, h.now());
    expect(await h.db.prepare("SELECT stored_until FROM orders WHERE order_number = ?").bind(number).first("stored_until")).toBe("2027-02-17");
  });

  test("call-off: a working day from two working days after today's dispatch to 14 days after the free period; a new one replaces the open one", async () => {
    const browser = h.browser();
    const email = address();
    await signedUpCustomer(h, browser, email);
    const number = await storedOrder(browser, email);
    const callOff = (desiredDate: unknown) => h.call(browser, "POST", `/apiv2/customer/orders/${number}/call-off`, { body: { desiredDate } });

    const early = await callOff("2026-11-19");
    expect(early.status).toBe(422);
    expect(early.body.errors).toContainEqual(
      expect.objectContaining({ field: "desiredDate", code: "date_out_of_range", params: { earliest: "2026-11-20", latest: "2027-03-03" } }),
    );
    expect((await callOff("2027-03-04")).body.errors).toContainEqual(expect.objectContaining({ code: "date_out_of_range" }));
    expect((await callOff("2026-11-21")).body.errors).toContainEqual(expect.objectContaining({ code: "date_not_working_day" }));
    expect((await callOff("2026-02-30")).body.errors).toContainEqual(expect.objectContaining({ code: "invalid_date" }));
    expect((await callOff(20261125)).status).toBe(422);

    const first = await callOff("2026-11-20");
    expect(first.status).toBe(200);
    expect(first.body.data.order.storage).toMatchObject({
      state: "called_off",
      callOffs: [{ desiredDate: "2026-11-20", state: "requested", requestedAt: "2026-11-18T08:00:00.000Z" }],
    });
    const second = await callOff("2027-03-03");
    expect(second.body.data.order.storage.callOffs.map((c: { desiredDate: string; state: string }) => [c.desiredDate, c.state])).toEqual([
      ["2026-11-20", "replaced"],
      ["2027-03-03", "requested"],
    ]);
    expect(await h.db.prepare("SELECT COUNT(*) AS n FROM storage_call_offs WHERE state = 'requested'").first("n")).toBeGreaterThanOrEqual(1);
  });

  test("call-off only for stored goods that still wait: not for other delivery modes, not after shipping or cancelling", async () => {
    const browser = h.browser();
    const email = address();
    await signedUpCustomer(h, browser, email);
    const standard = await placeOrder(browser, email, [["FLOOR-1", 1]]);
    const answer = await h.call(browser, "POST", `/apiv2/customer/orders/${standard}/call-off`, { body: { desiredDate: "2026-11-25" } });
    expect(answer.status).toBe(409);
    expect(answer.body.errors[0]).toMatchObject({ code: "not_stored" });

    const shipped = await storedOrder(browser, email);
    await h.db.prepare("UPDATE orders SET state = 'shipped', shipped_at = ? WHERE order_number = ?").bind("2026-11-18T09:00:00.000Z", shipped).run();
    const late = await h.call(browser, "POST", `/apiv2/customer/orders/${shipped}/call-off`, { body: { desiredDate: "2026-11-25" } });
    expect(late.status).toBe(409);
    expect(late.body.errors[0]).toMatchObject({ code: "storage_closed" });
    const view = (await h.call(browser, "GET", `/apiv2/customer/orders/${shipped}`)).body.data.order;
    expect(view.storage).toMatchObject({ state: "delivered", callOff: null });
    expect(view.history).toEqual([
      { state: "placed", at: "2026-11-18T08:00:00.000Z" },
      { state: "shipped", at: "2026-11-18T09:00:00.000Z" },
    ]);
  });

  test("after the free period and its grace no call-off can be booked online", async () => {
    const browser = h.browser();
    const email = address();
    await signedUpCustomer(h, browser, email);
    const number = await storedOrder(browser, email);
    h.setNow("2027-03-04T08:00:00Z");
    const [signedIn] = [await h.call(browser, "POST", "/apiv2/customer/login", { body: { email, password: registration(email).password } })];
    expect(signedIn.status).toBe(200);
    const answer = await h.call(browser, "POST", `/apiv2/customer/orders/${number}/call-off`, { body: { desiredDate: "2027-03-08" } });
    expect(answer.status).toBe(409);
    expect(answer.body.errors[0]).toMatchObject({ code: "call_off_unavailable" });
    h.setNow("2026-11-18T08:00:00Z");
  });

  test("the reminder goes out 14 days before the free period ends, exactly once, not for called-off orders", async () => {
    const browser = h.browser();
    const email = address();
    await signedUpCustomer(h, browser, email);
    const reminded = await storedOrder(browser, email);
    const calledOff = await storedOrder(browser, email);
    expect((await h.call(browser, "POST", `/apiv2/customer/orders/${calledOff}/call-off`, { body: { desiredDate: "2026-12-01" } })).status).toBe(200);
    await runStorageJobs(h.db, h.now());
    const remindersFor = async (number: string) =>
      (await h.mails()).filter((mail) => mail.template === "storage-reminder" && mail.params.orderNumber === number);

    h.setNow("2027-02-02T22:59:59Z"); // Berlin: 2027-02-02, 15 days before 2027-02-17
    await runStorageJobs(h.db, h.now());
    expect(await remindersFor(reminded)).toEqual([]);
    h.setNow("2027-02-02T23:00:00Z"); // Berlin: 2027-02-03, 14 days before
    await Promise.all([runStorageJobs(h.db, h.now()), runStorageJobs(h.db, h.now())]);
    h.setNow("2027-02-03T05:00:00Z");
    await runStorageJobs(h.db, h.now());
    const mails = await remindersFor(reminded);
    expect(mails).toEqual([
      expect.objectContaining({
        recipient: email,
        language: "de",
        params: { name: "Erika Muster", orderNumber: reminded, storedUntil: "17.02.2027", path: `/customer/account/Order/?number=${reminded}` },
      }),
    ]);
    expect(await remindersFor(calledOff)).toEqual([]);
    h.setNow("2026-11-18T08:00:00Z");
  });

  test("the free period follows storage.freeMonths of the shop and the order day in Berlin", async () => {
    const { freeStorageUntil } = await import("./storage");
    expect(freeStorageUntil("2026-11-18T08:00:00Z", 3)).toBe("2027-02-17");
    expect(freeStorageUntil("2026-11-30T23:30:00Z", 3)).toBe("2027-02-28"); // Berlin: 1 December
    expect(freeStorageUntil("2026-11-30T10:00:00Z", 3)).toBe("2027-02-27");
    expect(freeStorageUntil("2026-11-18T08:00:00Z", 6)).toBe("2027-05-17");
  });
});
