/**
 * Who sees which offer, through the real route table against a real local D1: the customer's
 * list (their own requests, sent signed in or with their verified address, newest first, the
 * requested ones too), one offer by the mail's signed link or as its signed-in owner, and one
 * answer, byte for byte, for an unknown id, a wrong or foreign signature, another customer's
 * offer and another shop's.
 */
import { shopDb } from "@tests/kit/d1";
import { signUp, type TestCustomer } from "@tests/kit/returns";
import { createOffersHarness, insertOfferRequest, json, sendOffer, signatureOf, type OffersHarness } from "@tests/kit/offers";

let h: OffersHarness;
let erika: TestCustomer;
let otto: TestCustomer;
const ids: Record<string, string> = {};
const offers: Record<string, string> = {};

beforeAll(async () => {
  h = await createOffersHarness();
  erika = await signUp(h, "erika@example.com");
  otto = await signUp(h, "otto@example.com");
  // A guest request with Erika's address, answered with an offer.
  ids.guest = await insertOfferRequest(h.db, { email: "erika@example.com", createdAt: "2026-11-10T08:00:00.000Z" });
  offers.guest = await sendOffer(h, ids.guest);
  // A request Erika sent signed in, with another address; not answered yet.
  ids.signedIn = await insertOfferRequest(h.db, {
    email: "buero@example.com",
    customerId: erika.id,
    sku: "NOEXP-1",
    productName: "Produkt NOEXP-1",
    createdAt: "2026-11-12T08:00:00.000Z",
  });
  // Otto's request with its offer.
  ids.otto = await insertOfferRequest(h.db, { email: "otto@example.com", createdAt: "2026-11-11T08:00:00.000Z" });
  offers.otto = await sendOffer(h, ids.otto);
  // Not Erika's offers in the DE shop: a product question, and a request in CH with her address.
  ids.question = await insertOfferRequest(h.db, { type: "product", email: "erika@example.com" });
  ids.swiss = await insertOfferRequest(shopDb(h.env, "CH"), { shop: "CH", email: "erika@example.com" });
  offers.swiss = await sendOffer(h, ids.swiss);
});
afterAll(() => h.dispose());

describe("GET /apiv2/customer/offers", () => {
  test("the customer's offer requests of the shop, newest first: sent signed in, or with the verified address", async () => {
    const response = await h.fetch("GET", "/apiv2/customer/offers", { headers: erika.headers });
    expect(response.status).toBe(200);
    const list = (await json(response)).data.offers;
    expect(list.map((offer: { inquiryId: string }) => offer.inquiryId)).toEqual([ids.signedIn, ids.guest]);
    expect(list[0]).toEqual({
      inquiryId: ids.signedIn,
      offerId: null,
      state: "requested",
      createdAt: "2026-11-12T08:00:00.000Z",
      product: { sku: "NOEXP-1", name: "Produkt NOEXP-1" },
      validUntil: null,
      total: null,
      lines: [],
      message: "",
    });
    expect(list[1]).toMatchObject({
      inquiryId: ids.guest,
      offerId: offers.guest,
      state: "offered",
      validUntil: "2026-11-30",
      total: { amount: 73500, formattedWithCurrency: "735,00\u00a0€" },
      lines: [
        {
          sku: "FLOOR-1",
          name: "Produkt FLOOR-1",
          quantity: 30,
          packagePrice: { amount: 2450 },
          regularPrice: { amount: 2995 },
          rowTotal: { amount: 73500 },
        },
      ],
      message: "Gern auch mit Verlegung.",
    });
  });

  test("another customer sees only their own; a guest is told to sign in", async () => {
    const theirs = (await json(await h.fetch("GET", "/apiv2/customer/offers", { headers: otto.headers }))).data.offers;
    expect(theirs.map((offer: { inquiryId: string }) => offer.inquiryId)).toEqual([ids.otto]);
    const guest = await h.fetch("GET", "/apiv2/customer/offers");
    expect(guest.status).toBe(401);
    expect((await json(guest)).errors[0]!.code).toBe("not_signed_in");
  });

  test("in the CH shop the same address sees the CH request in francs", async () => {
    const swiss = await signUp(h, "erika@example.com", {
      shop: "CH",
      registration: { postcode: "8001", city: "Zürich", country: "ch", phone: "+41 44 1234567" },
    });
    const list = (await json(await h.fetch("GET", "/apiv2/customer/offers", { shop: "CH", headers: swiss.headers }))).data.offers;
    expect(list.map((offer: { offerId: string }) => offer.offerId)).toEqual([offers.swiss]);
    expect(list[0].total.currency).toBe("CHF");
  });
});

describe("GET /apiv2/offer/:id", () => {
  const get = (id: string, sig?: string, options: { shop?: string; headers?: Record<string, string> } = {}) =>
    h.fetch("GET", `/apiv2/offer/${id}${sig === undefined ? "" : `?sig=${encodeURIComponent(sig)}`}`, options);

  test("with the mail's signature, anyone holding the link sees the offer", async () => {
    const response = await get(offers.guest!, await signatureOf(offers.guest!));
    expect(response.status).toBe(200);
    expect((await json(response)).data.offer).toMatchObject({ inquiryId: ids.guest, offerId: offers.guest, state: "offered" });
    const otherCustomer = await get(offers.guest!, await signatureOf(offers.guest!), { headers: otto.headers });
    expect(otherCustomer.status).toBe(200);
  });

  test("the signed-in owner needs no signature (sent signed in or with the verified address)", async () => {
    const response = await get(offers.guest!, undefined, { headers: erika.headers });
    expect(response.status).toBe(200);
    expect((await json(response)).data.offer.offerId).toBe(offers.guest);
    expect((await get(offers.otto!, undefined, { headers: otto.headers })).status).toBe(200);
  });

  test("unknown id, wrong, malformed, foreign or missing signature, another customer, another shop: one 404, byte for byte", async () => {
    const unknown = await get("O-0000000000", await signatureOf("O-0000000000"));
    expect(unknown.status).toBe(404);
    const reference = await unknown.text();
    expect(JSON.parse(reference).errors[0]).toEqual({ message: "This offer could not be found.", code: "offer_not_found" });
    const attempts: [string, Promise<Response>][] = [
      ["no signature", get(offers.guest!)],
      ["an empty signature", get(offers.guest!, "")],
      ["a wrong signature", get(offers.guest!, "AAAAAAAAAAAAAAAAAAAAAA")],
      ["a malformed signature", get(offers.guest!, "' OR 1=1 --")],
      ["the signature of another offer", get(offers.guest!, await signatureOf(offers.otto!, "otto@example.com"))],
      ["a signature for another address", get(offers.guest!, await signatureOf(offers.guest!, "mallory@example.com"))],
      ["another customer's offer", get(offers.otto!, undefined, { headers: erika.headers })],
      ["another shop's offer by its link", get(offers.swiss!, await signatureOf(offers.swiss!, "erika@example.com", "CH"))],
      ["the offer in another shop", get(offers.guest!, await signatureOf(offers.guest!), { shop: "CH" })],
      ["a lower-case id", get(offers.guest!.toLowerCase(), await signatureOf(offers.guest!))],
      ["an id that is no id", get("O-%27%3B--", "x")],
    ];
    for (const [name, pending] of attempts) {
      const response = await pending;
      expect([name, response.status, await response.text()]).toEqual([name, 404, reference]);
    }
  });
});
