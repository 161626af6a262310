/**
 * From the account's order to the returns page, through the real route table against a real
 * local D1: the customer's order (GET /apiv2/customer/orders/:number) says `returnable` by the
 * returns page's own rule per line (domain/return-window.ts), and its `returnsLink` opens that
 * order on the returns page for the same session (GET /apiv2/rma/orders/:number).
 */
import { createReturnsHarness, daysBefore, json, placeOrder, signUp, type PlacedOrder, type ReturnsHarness, type TestCustomer } from "@tests/kit/returns";

let h: ReturnsHarness;
let customer: TestCustomer;
const EMAIL = "konto@example.com";
/** Line 1 delivered 5 days ago, line 2 not yet: the order is not delivered as a whole. */
let partly: PlacedOrder;
/** Delivered 40 days ago. */
let late: PlacedOrder;
/** Line 1 delivered 40 days ago, line 2 delivered 10 days ago. */
let split: PlacedOrder;
/** Nothing delivered. */
let waiting: PlacedOrder;
/** Delivered 3 days ago; everything is then in a complaint. */
let complained: PlacedOrder;

beforeAll(async () => {
  h = await createReturnsHarness();
  partly = await placeOrder(h, {
    lines: [
      ["FLOOR-1", 2],
      ["NOEXP-1", 1],
    ],
    email: EMAIL,
    deliveries: [{ line: 1, quantity: 2, at: daysBefore(5) }],
  });
  late = await placeOrder(h, { placedAt: daysBefore(45), lines: [["FLOOR-1", 2]], email: EMAIL, deliveries: [{ line: 1, quantity: 2, at: daysBefore(40) }] });
  split = await placeOrder(h, {
    placedAt: daysBefore(45),
    lines: [
      ["FLOOR-1", 1],
      ["NOEXP-1", 1],
    ],
    email: EMAIL,
    deliveries: [
      { line: 1, quantity: 1, at: daysBefore(40) },
      { line: 2, quantity: 1, at: daysBefore(10) },
    ],
  });
  waiting = await placeOrder(h, { lines: [["FLOOR-1", 1]], email: EMAIL });
  complained = await placeOrder(h, { lines: [["FLOOR-1", 2]], email: EMAIL, deliveries: [{ line: 1, quantity: 2, at: daysBefore(3) }] });
  // The verification links the guest orders of the address to the account.
  customer = await signUp(h, EMAIL);
});
afterAll(() => h.dispose());

const accountOrder = async (order: PlacedOrder) => {
  const response = await h.fetch("GET", `/apiv2/customer/orders/${order.number}`, { headers: customer.headers });
  expect(response.status).toBe(200);
  return (await json(response)).data.order as { returnable: boolean; returnsLink: string; state: string };
};

const returnsOrder = async (number: string) => h.fetch("GET", `/apiv2/rma/orders/${encodeURIComponent(number)}`, { headers: customer.headers });

/** What the returns page offers for the order: a line with packages returnable now. */
const returnsPageOffersReturn = async (order: PlacedOrder) => {
  const body = await json(await returnsOrder(order.number));
  return (body.data.order.lines as { returnable: number }[]).some((line) => line.returnable > 0);
};

test("returnable is what the returns page offers, per line from its delivery", async () => {
  const cases: [PlacedOrder, boolean][] = [
    [partly, true], // one line delivered within its 30 days, although the order is not delivered as a whole
    [late, false], // delivered 40 days ago
    [split, true], // the second line's window is open
    [waiting, false], // nothing delivered
  ];
  for (const [order, expected] of cases) {
    const view = await accountOrder(order);
    expect([order.number, view.returnable]).toEqual([order.number, expected]);
    expect(await returnsPageOffersReturn(order)).toBe(expected);
  }
  expect((await accountOrder(partly)).state).toBe("placed");
});

test("what is in a complaint is not returnable again", async () => {
  expect((await accountOrder(complained)).returnable).toBe(true);
  const submitted = await h.fetch("POST", "/apiv2/rma", {
    body: { orderNumber: complained.number, wholeOrder: true, reason: "OVER_ORDER" },
    headers: { ...customer.headers, "idempotency-key": "account-orders-complaint-1" },
  });
  expect(submitted.status).toBe(200);
  expect((await accountOrder(complained)).returnable).toBe(false);
  expect(await returnsPageOffersReturn(complained)).toBe(false);
});

test("the returns link opens the order on the returns page for the signed-in customer", async () => {
  for (const order of [partly, late, waiting]) {
    const link = new URL((await accountOrder(order)).returnsLink, "http://de.localhost");
    expect(link.pathname).toBe("/returns/");
    expect([...link.searchParams.keys()]).toEqual(["order"]);
    expect(link.searchParams.get("order")).toBe(order.number);
    const opened = await returnsOrder(link.searchParams.get("order")!);
    expect(opened.status).toBe(200);
    expect((await json(opened)).data).toMatchObject({ lookupToken: null, order: { orderNumber: order.number } });
  }
});

test("in the Swiss shop the link carries the language prefix of the request", async () => {
  const address = { firstname: "Claire", lastname: "Favre", street: "Rue du Rhône 1", postcode: "1204", city: "Genève", countryCode: "ch" };
  const order = await placeOrder(h, { shop: "CH", language: "fr", lines: [["FLOOR-1", 1]], email: "claire@example.ch", billingAddress: address });
  const swiss = await signUp(h, "claire@example.ch", {
    shop: "CH",
    language: "fr",
    registration: { firstName: "Claire", surname: "Favre", postcode: "1204", city: "Genève", country: "ch", phone: "+41 22 123 45 67" },
  });
  const response = await h.fetch("GET", `/apiv2/customer/orders/${order.number}`, { shop: "CH", language: "fr", headers: swiss.headers });
  expect(response.status).toBe(200);
  expect((await json(response)).data.order.returnsLink).toBe(`/fr/returns/?order=${order.number}`);
});
