import { sql } from "@worker/lib/sql";
import { processSampleOrders } from "./samples";
import { commerceCounts, createHarness, type Harness } from "@tests/kit/commerce";

let h: Harness;
beforeAll(async () => {
  h = await createHarness("2026-11-18T08:00:00Z");
});
afterAll(() => h.dispose());
afterEach(() => h.setNow("2026-11-18T08:00:00Z"));

const address = { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", zip: "10115", city: "Berlin", countryCode: "de" };

async function startCart(): Promise<string> {
  const { status, token } = await h.call("POST", "/apiv2/sample/product/cart/add", { body: { sku: "S-1", quantity: 1, recommendation: false } });
  expect(status).toBe(200);
  return token as string;
}

test("an empty sample cart without a token; no token handed out", async () => {
  const { status, body, token } = await h.call("GET", "/apiv2/sample/product/cart");
  expect(status).toBe(200);
  expect(body.data.cart).toBeNull();
  expect(body.data.options).toMatchObject({ isSampleCartFull: false, sample_slot_count: 7, hidden: false });
  expect(token).toBeUndefined();
});

test("add: reference code, expiration date, remaining = slot count minus item count", async () => {
  const token = await startCart();
  await h.call("POST", "/apiv2/sample/product/cart/add", { body: { sku: "S-2" }, token });
  const { body } = await h.call("GET", "/apiv2/sample/product/cart", { token });
  expect(body.data.cart).toMatchObject({
    referenceCode: expect.stringMatching(/^S[A-Z0-9]{12}$/),
    expirationDate: "2026-11-20T08:00:00.000Z",
    itemCount: 2,
    numberOfRemainingSamples: 5,
    hasSampleProducts: true,
  });
  expect(body.data.cart.items.map((i: { sku: string }) => i.sku)).toEqual(["S-1", "S-2"]);
  expect(body.data.options).toMatchObject({ isSampleCartFull: false, itemSampleLimit: 7 });
});

test("each sample states whether it has the long delivery time, before the order", async () => {
  const token = await startCart();
  await sql`UPDATE products SET sample_long_delivery = 1 WHERE sku = 'S-2'`.prepare(h.db).run();
  try {
    await h.call("POST", "/apiv2/sample/product/cart/add", { body: { sku: "S-2" }, token });
    const { body } = await h.call("GET", "/apiv2/sample/product/cart", { token });
    expect(body.data.cart.items.map((i: { sku: string; longDelivery: boolean }) => [i.sku, i.longDelivery])).toEqual([
      ["S-1", false],
      ["S-2", true],
    ]);
  } finally {
    await sql`UPDATE products SET sample_long_delivery = 0 WHERE sku = 'S-2'`.prepare(h.db).run();
  }
});

test("an add is one D1 round trip, for a known visitor and for a guest", async () => {
  const token = await startCart();
  h.takeRoundTrips();
  expect((await h.call("POST", "/apiv2/sample/product/cart/add", { body: { sku: "S-3" }, token })).status).toBe(200);
  expect(h.takeRoundTrips()).toBe(1);
  const guest = await h.call("POST", "/apiv2/sample/product/cart/add", { body: { sku: "S-3" } });
  expect(guest.status).toBe(200);
  expect(guest.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(h.takeRoundTrips()).toBe(1);
});

test("samples only for products whose samples are active", async () => {
  const before = await commerceCounts(h.db);
  const { status, body } = await h.call("POST", "/apiv2/sample/product/cart/add", { body: { sku: "NOSAMPLE-1" } });
  expect(status).toBe(422);
  expect(body.errors[1]).toMatchObject({ code: "samples_unavailable" });
  expect((await h.call("POST", "/apiv2/sample/product/cart/add", { body: { sku: "EOL-1" } })).body.errors[1]!.code).toBe("samples_unavailable");
  expect((await h.call("POST", "/apiv2/sample/product/cart/add", { body: { sku: "NOPE" } })).body.errors[1]!.code).toBe("unknown_product");
  expect(await commerceCounts(h.db)).toEqual(before);
});

test("eight concurrent adds leave exactly seven; the cart is full", async () => {
  const token = (await h.call("PUT", "/apiv2/shipping/costs/country", { body: { country: "de" } })).token as string;
  const skus = ["S-1", "S-2", "S-3", "S-4", "S-5", "S-6", "S-7", "S-8"];
  const results = await Promise.all(skus.map((sku) => h.call("POST", "/apiv2/sample/product/cart/add", { body: { sku, quantity: 1 }, token })));
  expect(results.filter((r) => r.status === 200)).toHaveLength(7);
  const refused = results.filter((r) => r.status !== 200);
  expect(refused).toHaveLength(1);
  expect(refused[0]!.body.errors[0]).toMatchObject({ code: "sample_cart_full", message: "The sample cart is full." });
  const { body } = await h.call("GET", "/apiv2/sample/product/cart", { token });
  expect(body.data.cart.itemCount).toBe(7);
  expect(body.data.cart.numberOfRemainingSamples).toBe(0);
  expect(body.data.options.isSampleCartFull).toBe(true);
  // adding one already in the cart is fine, a new one is not (which of the eight lost the race is open)
  const inCart = skus.find((_sku, index) => results[index]!.status === 200)!;
  expect((await h.call("POST", "/apiv2/sample/product/cart/add", { body: { sku: inCart }, token })).status).toBe(200);
  expect((await h.call("POST", "/apiv2/sample/product/cart/add", { body: { sku: "S-9" }, token })).status).toBe(422);
});

test("remove", async () => {
  const token = await startCart();
  const { body } = await h.call("POST", "/apiv2/sample/product/cart/remove", { body: { sku: "S-1", quantity: 1 }, token });
  expect(body.data.cart).toMatchObject({ itemCount: 0, hasSampleProducts: false, numberOfRemainingSamples: 7 });
});

test("address with validation; the house-number warning; finish, hidden, daily counter, processing after one hour", async () => {
  const token = await startCart();
  await h.call("POST", "/apiv2/sample/product/cart/add", { body: { sku: "S-2" }, token });

  // finishing without an address is refused
  const early = await h.call("POST", "/apiv2/sample/product/cart/finish", { token });
  expect(early.status).toBe(422);
  expect(early.body.errors[0]!.message).toBe("Missing required fields");
  expect(early.body.errors.slice(1).map((e) => e.field)).toEqual(["email", "customerAddress"]);

  const missing = await h.call("POST", "/apiv2/sample/product/cart", {
    body: { email: "erika@example.com", customerAddress: { ...address, city: undefined } },
    token,
  });
  expect(missing.status).toBe(422);
  expect(missing.body.errors).toEqual([
    { message: "Missing required fields", code: "missing" },
    { message: "This field is required", code: "required", field: "customerAddress.city" },
  ]);
  const badMail = await h.call("POST", "/apiv2/sample/product/cart", { body: { email: "erika", customerAddress: address }, token });
  expect(badMail.body.errors[1]).toMatchObject({ field: "email", message: "Please enter a valid e-mail address." });
  const abroad = await h.call("POST", "/apiv2/sample/product/cart", {
    body: { email: "erika@example.com", customerAddress: { ...address, countryCode: "us" } },
    token,
  });
  expect(abroad.body.errors[1]).toMatchObject({ code: "country_not_deliverable" });

  const noNumber = await h.call("POST", "/apiv2/sample/product/cart?sku=S-3", {
    body: { email: "erika@example.com", customerAddress: { ...address, street: "Hauptstraße" } },
    token,
  });
  expect(noNumber.status).toBe(200);
  expect(noNumber.body.data.options.addressWarnings).toEqual(["house_number_missing"]);
  expect(noNumber.body.data.cart.itemCount).toBe(3);
  const saved = await h.call("POST", "/apiv2/sample/product/cart", { body: { email: "erika@example.com", customerAddress: address }, token });
  expect(saved.body.data.options.contacts).toEqual({ email: "erika@example.com", customerAddress: address });
  expect(saved.body.data.options.addressWarnings).toEqual([]);

  expect((await h.call("GET", "/apiv2/sample/product/count/day")).body.data).toBe(0);
  const finish = await h.call("POST", "/apiv2/sample/product/cart/finish", { token });
  expect(finish.status).toBe(200);
  expect(finish.body.data.options.hidden).toBe(true);
  expect(finish.body.data.cart.state).toBe("finished");
  expect(finish.body.data.processAfter).toBe("2026-11-18T09:00:00.000Z");
  const code = finish.body.data.cart.referenceCode as string;

  // the daily counter counts today's samples in this shop (Berlin day)
  expect((await h.call("GET", "/apiv2/sample/product/count/day")).body.data).toBe(3);
  expect((await h.call("GET", "/apiv2/sample/product/count/day", { shop: "CH" })).body.data).toBe(0);
  h.setNow("2026-11-18T22:59:00Z");
  expect((await h.call("GET", "/apiv2/sample/product/count/day")).body.data).toBe(3);
  h.setNow("2026-11-18T23:00:00Z"); // midnight in Berlin
  expect((await h.call("GET", "/apiv2/sample/product/count/day")).body.data).toBe(0);
  h.setNow("2026-11-18T08:00:00Z");

  // a new sample cart starts afterwards
  expect((await h.call("GET", "/apiv2/sample/product/cart", { token })).body.data.cart).toBeNull();
  expect((await h.call("POST", "/apiv2/sample/product/cart/finish", { token })).status).toBe(422);

  // the scheduled job processes it one hour after finishing, not earlier
  const state = async () => (await h.call("GET", `/apiv2/sample/product/order/${code}`, { token })).body.data;
  expect(await state()).toMatchObject({ state: "finished", itemCount: 3, processedAt: null });
  expect(await processSampleOrders(h.db, new Date("2026-11-18T08:59:59Z"))).toEqual({ processed: 0, expired: 0 });
  expect((await state()).state).toBe("finished");
  expect(await processSampleOrders(h.db, new Date("2026-11-18T09:00:00Z"))).toEqual({ processed: 1, expired: 0 });
  expect(await state()).toMatchObject({ state: "processed", processedAt: "2026-11-18T09:00:00.000Z" });
  expect((await h.call("GET", "/apiv2/sample/product/count/day")).body.data).toBe(3);
  // another visitor cannot read the order
  expect((await h.call("GET", `/apiv2/sample/product/order/${code}`)).status).toBe(404);
});

test("an open sample cart expires after 48 hours and a new one starts", async () => {
  const token = await startCart();
  const first = (await h.call("GET", "/apiv2/sample/product/cart", { token })).body.data.cart.referenceCode;
  h.setNow("2026-11-20T08:00:01Z");
  expect((await h.call("GET", "/apiv2/sample/product/cart", { token })).body.data.cart).toBeNull();
  const again = await h.call("POST", "/apiv2/sample/product/cart/add", { body: { sku: "S-2" }, token });
  expect(again.body.data.cart.referenceCode).not.toBe(first);
  expect(again.body.data.cart.itemCount).toBe(1);
});

test("the job expires abandoned carts", async () => {
  await startCart();
  const open = async () => (await h.db.prepare("SELECT COUNT(*) AS n FROM sample_quotes WHERE state = 'open'").first<{ n: number }>())!.n;
  expect(await open()).toBeGreaterThan(0);
  expect((await processSampleOrders(h.db, new Date("2026-11-30T00:00:00Z"))).expired).toBeGreaterThan(0);
  expect(await open()).toBe(0);
});
