/**
 * The back office's offer routes through the real route table and staff sessions against a real
 * local D1: roles, what the editor reads, every refusal of a bad offer (nothing written, nothing
 * mailed), sending and revising, the offer mail in the request's language with its signed link
 * (signed when the mail is rendered: never in the outbox, hidden in the staff's mail view), and
 * no revision once the customer accepted or declined or the offer expired.
 */
import { shopDb } from "@tests/kit/d1";
import { composeMail } from "../core/mail/templates";
import { mailLinks } from "../core/mail/links";
import {
  createOffersHarness,
  insertOfferRequest,
  json,
  OFFER_SECRET,
  offerBody,
  offerCounts,
  offerLines,
  offerMails,
  offerRow,
  post,
  sendOffer,
  signatureOf,
  type OffersHarness,
} from "@tests/kit/offers";

let h: OffersHarness;
beforeAll(async () => {
  h = await createOffersHarness();
});
afterAll(() => h.dispose());
afterEach(() => h.setNow("2026-11-18T08:00:00.000Z"));

const path = (inquiryId: string) => `/admin/api/inquiries/${inquiryId}/offer`;
const put = (inquiryId: string, body: unknown) => h.staff("PUT", path(inquiryId), { body });

describe("who may use the editor", () => {
  test("service and ops may; merchandisers and anyone without a session may not", async () => {
    const inquiry = await insertOfferRequest(h.db);
    expect((await h.staff("GET", path(inquiry), { role: "service" })).status).toBe(200);
    expect((await h.staff("GET", path(inquiry), { role: "ops" })).status).toBe(200);
    const merchandiser = await h.staff("PUT", path(inquiry), { role: "merchandiser", body: offerBody() });
    expect(merchandiser.status).toBe(403);
    expect((await json(merchandiser)).errors[0]!.code).toBe("forbidden");
    expect((await h.staff("GET", path(inquiry), { role: null })).status).toBe(401);
    expect(await offerRow(h.db, inquiry)).toBeNull();
  });

  test("an unknown or malformed inquiry number, or an inquiry that is no offer request, is 404", async () => {
    const question = await insertOfferRequest(h.db, { type: "product" });
    for (const id of ["Q-0000000000", "Q-123", "nonsense", question, "Q-%27%20OR%201%3D1"]) {
      expect([id, (await h.staff("GET", path(id))).status]).toEqual([id, 404]);
      expect([id, (await put(id, offerBody())).status]).toEqual([id, 404]);
    }
    expect(await offerRow(h.db, question)).toBeNull();
  });
});

describe("what the editor reads", () => {
  test("the request, no offer yet, the product at its current price, and the range of validity", async () => {
    const inquiry = await insertOfferRequest(h.db, { name: "Erika Muster", email: "Erika@Example.com", quantity: 60, unit: "SQM" });
    const answer = await json(await h.staff("GET", path(inquiry)));
    expect(answer.data).toEqual({
      inquiryId: inquiry,
      shop: "DE",
      language: "de",
      currency: "EUR",
      name: "Erika Muster",
      email: "erika@example.com",
      product: { sku: "FLOOR-1", name: "Produkt FLOOR-1" },
      quantity: 60,
      unit: "SQM",
      offer: null,
      configuration: null,
      products: [
        { sku: "FLOOR-1", name: "Produkt FLOOR-1", sold: true, packagePrice: 2995, unit: "SQM", unitLabel: "m²", packageContent: 2, minimumQuantity: 1 },
      ],
      validFrom: "2026-11-18",
      validTo: "2027-02-16",
    });
  });

  test("more products on request: their price and minimum, and whether the shop sells them", async () => {
    const inquiry = await insertOfferRequest(shopDb(h.env, "CH"), { shop: "CH", language: "fr" });
    const answer = await json(await h.staff("GET", `${path(inquiry)}?sku=FREIGHT-1&sku=DEONLY-1&sku=NOPE-1`));
    expect(answer.data.currency).toBe("CHF");
    expect(answer.data.products).toEqual([
      expect.objectContaining({ sku: "FLOOR-1", sold: true, packagePrice: 3295 }),
      expect.objectContaining({ sku: "FREIGHT-1", sold: true, packagePrice: 55000, minimumQuantity: 2 }),
      expect.objectContaining({ sku: "DEONLY-1", sold: false, packagePrice: null }),
      expect.objectContaining({ sku: "NOPE-1", name: "NOPE-1", sold: false, packagePrice: null }),
    ]);
    const hostile = await h.staff("GET", `${path(inquiry)}?sku=${encodeURIComponent("x' OR 1=1 --")}`);
    expect(hostile.status).toBe(422);
  });
});

describe("a bad offer is refused: nothing written, nothing mailed", () => {
  let inquiry: string;
  beforeAll(async () => {
    inquiry = await insertOfferRequest(h.db);
  });

  const line = (extra: Record<string, unknown> = {}) => ({ sku: "FLOOR-1", quantity: 30, packagePrice: 2450, ...extra });
  const cases: [string, unknown, number, string, string][] = [
    ["an unknown SKU", offerBody({ lines: [line({ sku: "NOPE-1" })] }), 422, "lines.0.sku", "unknown_product"],
    ["a product at its end of life", offerBody({ lines: [line(), line({ sku: "EOL-1" })] }), 422, "lines.1.sku", "unknown_product"],
    ["a configurable product instead of its variant", offerBody({ lines: [line({ sku: "CONF-1" })] }), 422, "lines.0.sku", "unknown_product"],
    ["a SKU that is no SKU", offerBody({ lines: [line({ sku: "'; DROP TABLE offers; --" })] }), 422, "lines.0.sku", "invalid"],
    ["no lines", offerBody({ lines: [] }), 422, "lines", "offer_lines_required"],
    ["51 lines", offerBody({ lines: Array.from({ length: 51 }, (_, i) => line({ sku: `S-${i}` })) }), 422, "lines", "too_many_lines"],
    ["a product twice", offerBody({ lines: [line(), line({ quantity: 2 })] }), 422, "lines.1.sku", "duplicate_sku"],
    ["no packages", offerBody({ lines: [line({ quantity: 0 })] }), 422, "lines.0.quantity", "invalid"],
    ["half a package", offerBody({ lines: [line({ quantity: 1.5 })] }), 422, "lines.0.quantity", "invalid"],
    ["more packages than a cart line holds", offerBody({ lines: [line({ quantity: 10000 })] }), 422, "lines.0.quantity", "invalid"],
    [
      "less than the minimum order quantity",
      offerBody({ lines: [line({ sku: "FREIGHT-1", quantity: 1 })] }),
      422,
      "lines.0.quantity",
      "minimum_order_quantity",
    ],
    ["a negative price", offerBody({ lines: [line({ packagePrice: -1 })] }), 422, "lines.0.packagePrice", "invalid"],
    ["a price with cents as a fraction", offerBody({ lines: [line({ packagePrice: 24.5 })] }), 422, "lines.0.packagePrice", "invalid"],
    ["a price as text", offerBody({ lines: [line({ packagePrice: "24,50" })] }), 422, "lines.0.packagePrice", "invalid"],
    ["a last day in the past", offerBody({ validUntil: "2026-11-17" }), 422, "validUntil", "valid_until_past"],
    ["a last day more than 90 days ahead", offerBody({ validUntil: "2027-02-17" }), 422, "validUntil", "valid_until_too_late"],
    ["a day that does not exist", offerBody({ validUntil: "2026-11-31" }), 422, "validUntil", "invalid_date"],
    ["a date in another format", offerBody({ validUntil: "30.11.2026" }), 422, "validUntil", "invalid_date"],
    ["an oversized message", offerBody({ message: "x".repeat(5001) }), 422, "message", "invalid"],
    ["a field the offer does not have", offerBody({ discount: 10 }), 422, "", "invalid"],
  ];

  test.each(cases)("%s", async (_name, body, status, field, code) => {
    const before = await offerCounts(h.db);
    const response = await put(inquiry, body);
    const answer = await json(response);
    expect(response.status).toBe(status);
    expect(answer.errors).toContainEqual(expect.objectContaining({ field, code }));
    expect(await offerCounts(h.db)).toEqual(before);
  });

  test("a body that is no JSON object", async () => {
    const before = await offerCounts(h.db);
    for (const raw of ["", "[]", "{", '"offer"']) expect((await h.staff("PUT", path(inquiry), { raw })).status).toBe(400);
    expect(await offerCounts(h.db)).toEqual(before);
  });

  test("a product the inquiry's shop does not sell (DE only, asked in CH)", async () => {
    const swissDb = shopDb(h.env, "CH");
    const swiss = await insertOfferRequest(swissDb, { shop: "CH", language: "de" });
    const before = await offerCounts(swissDb);
    const answer = await json(await put(swiss, offerBody({ lines: [line({ sku: "DEONLY-1" })] })));
    expect(answer.errors).toContainEqual(expect.objectContaining({ field: "lines.0.sku", code: "unknown_product" }));
    expect(await offerCounts(swissDb)).toEqual(before);
  });

  test("without a usable link secret no offer goes out (nobody could open it)", async () => {
    const before = await offerCounts(h.db);
    h.env.OFFER_LINK_SECRET = "too-short";
    try {
      const response = await put(inquiry, offerBody());
      expect(response.status).toBe(503);
      expect((await json(response)).errors[0]!.code).toBe("not_configured");
    } finally {
      h.env.OFFER_LINK_SECRET = OFFER_SECRET;
    }
    expect(await offerCounts(h.db)).toEqual(before);
  });
});

describe("sending an offer", () => {
  test("stores the offer and its lines with the regular price of the day, and mails it to the request's address", async () => {
    const inquiry = await insertOfferRequest(h.db, { email: "Erika@Example.com" });
    const response = await put(inquiry, {
      lines: [
        { sku: "FLOOR-1", quantity: 30, packagePrice: 2450 },
        { sku: "FREIGHT-1", quantity: 2, packagePrice: 45000 },
      ],
      validUntil: "2026-11-30",
      message: "Gern auch mit Verlegung.\nRufen Sie uns an.",
    });
    expect(response.status).toBe(200);
    const answer = await json(response);
    const offer = answer.data.offer;
    expect(offer).toMatchObject({
      state: "offered",
      validUntil: "2026-11-30",
      message: "Gern auch mit Verlegung.\nRufen Sie uns an.",
      total: { amount: 163500, formattedWithCurrency: "1.635,00\u00a0€" },
      staffEmail: "service@bodenhaus.example",
      revisable: true,
      acceptedAt: null,
    });
    expect(offer.offerId).toMatch(/^O-[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(
      offer.lines.map((l: { sku: string; packagePrice: { amount: number }; regularPrice: { amount: number }; rowTotal: { amount: number } }) => [
        l.sku,
        l.packagePrice.amount,
        l.regularPrice.amount,
        l.rowTotal.amount,
      ]),
    ).toEqual([
      ["FLOOR-1", 2450, 2995, 73500],
      ["FREIGHT-1", 45000, 50000, 90000],
    ]);
    expect(await offerRow(h.db, inquiry)).toMatchObject({ id: offer.offerId, shop_id: "DE", currency: "EUR", state: "offered", total: 163500 });
    expect(await offerLines(h.db, offer.offerId)).toEqual([
      { offer_id: offer.offerId, line_no: 1, sku: "FLOOR-1", name: "Produkt FLOOR-1", quantity: 30, package_price: 2450, regular_price: 2995 },
      { offer_id: offer.offerId, line_no: 2, sku: "FREIGHT-1", name: "Produkt FREIGHT-1", quantity: 2, package_price: 45000, regular_price: 50000 },
    ]);

    const [mail, ...more] = await offerMails(h.db, offer.offerId);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ shop_id: "DE", language: "de", recipient: "erika@example.com" });
    // The outbox holds no link and no secret: the signature is made when the mail is rendered.
    const sig = await signatureOf(offer.offerId);
    expect(mail!.params).not.toContain(sig);
    expect(mail!.params).not.toContain(OFFER_SECRET);
    expect(mail!.params).not.toContain("sig=");

    const toRender = { shopId: mail!.shop_id, language: mail!.language, template: mail!.template, params: JSON.parse(mail!.params) as unknown };
    const sent = composeMail(toRender, "development", { signed: await mailLinks(toRender, mail!.recipient, h.env, "development") });
    expect(sent.from).toBe("Bodenhaus <service@bodenhaus.example>");
    expect(sent.subject).toBe(`Ihr Angebot ${offer.offerId} von Bodenhaus Deutschland`);
    expect(sent.text).toContain(`http://de.localhost:8787/offer/?id=${offer.offerId}&sig=${sig}`);
    expect(sent.text).toContain("30 × Produkt FLOOR-1 (Art.-Nr. FLOOR-1) zu je 24,50\u00a0€: 735,00\u00a0€");
    expect(sent.text).toContain("Gesamt: 1.635,00\u00a0€");
    expect(sent.text).toContain("Gültig bis einschließlich 30.11.2026");
    expect(sent.text).toContain("Rufen Sie uns an.");
    expect(sent.text).not.toContain("offer.");

    // The staff's view of the outbox shows the link hidden.
    const view = await json(await h.staff("GET", `/admin/api/mail/${mail!.id}`));
    expect(view.data.text).toContain("/offer/?[link hidden]");
    expect(view.data.text).not.toContain(sig);
    expect(view.data.text).not.toContain("sig=");
  });

  test("in the request's language and currency, with the shop's language prefix in the link", async () => {
    const swissDb = shopDb(h.env, "CH");
    const inquiry = await insertOfferRequest(swissDb, { shop: "CH", language: "fr", email: "bruno@example.ch", productName: "Parquet chêne" });
    const offerId = await sendOffer(h, inquiry, offerBody({ lines: [{ sku: "FLOOR-1", quantity: 10, packagePrice: 3000 }], validUntil: "2026-11-18" }));
    const [mail] = await offerMails(swissDb, offerId);
    expect(mail).toMatchObject({ shop_id: "CH", language: "fr", recipient: "bruno@example.ch" });
    const toRender = { shopId: "CH", language: "fr", template: "offer", params: JSON.parse(mail!.params) as unknown };
    const sent = composeMail(toRender, "development", { signed: await mailLinks(toRender, mail!.recipient, h.env, "development") });
    expect(sent.subject).toBe(`Votre offre ${offerId} de Bodenhaus Schweiz`);
    expect(sent.text).toContain(`http://ch.localhost:8787/fr/offer/?id=${offerId}&sig=${await signatureOf(offerId, "bruno@example.ch", "CH")}`);
    expect(sent.text).toContain("CHF\u00a0300.00");
    expect(sent.text).toContain("Valable jusqu’au 18/11/2026 inclus");
    expect(sent.text).toContain("Parquet chêne");
  });

  test("valid until the 90th day is fine; the last day counts in Berlin time", async () => {
    const inquiry = await insertOfferRequest(h.db);
    expect((await put(inquiry, offerBody({ validUntil: "2027-02-16" }))).status).toBe(200);
    // 23:30 UTC on 18 November is already the 19th in Berlin: the 18th has passed.
    h.setNow("2026-11-18T23:30:00.000Z");
    const late = await insertOfferRequest(h.db);
    const answer = await json(await put(late, offerBody({ validUntil: "2026-11-18" })));
    expect(answer.errors).toContainEqual(expect.objectContaining({ field: "validUntil", code: "valid_until_past" }));
  });
});

describe("revising", () => {
  test("an offered offer keeps its id, gets the new lines and is mailed again as revised", async () => {
    const inquiry = await insertOfferRequest(h.db);
    const offerId = await sendOffer(h, inquiry);
    const response = await put(inquiry, offerBody({ lines: [{ sku: "NOEXP-1", quantity: 4, packagePrice: 1700 }], validUntil: "2026-12-15", message: "" }));
    expect(response.status).toBe(200);
    const offer = (await json(response)).data.offer;
    expect(offer).toMatchObject({ offerId, state: "offered", validUntil: "2026-12-15", message: "", total: { amount: 6800 } });
    expect((await offerLines(h.db, offerId)).map((line) => [line.sku, line.quantity, line.package_price])).toEqual([["NOEXP-1", 4, 1700]]);
    const mails = await offerMails(h.db, offerId);
    expect(mails.map((mail) => (JSON.parse(mail.params) as { revised: boolean }).revised)).toEqual([false, true]);
  });

  test.each([
    ["accepted", "accept"],
    ["declined", "decline"],
  ])("an offer the customer %s cannot be changed", async (state, action) => {
    const inquiry = await insertOfferRequest(h.db);
    const offerId = await sendOffer(h, inquiry);
    const done = await post(h, `/apiv2/offer/${offerId}/${action}`, { sig: await signatureOf(offerId) });
    expect(done.status).toBe(200);
    const before = await offerCounts(h.db);
    const response = await put(inquiry, offerBody({ lines: [{ sku: "FLOOR-1", quantity: 30, packagePrice: 1 }] }));
    expect(response.status).toBe(409);
    expect((await json(response)).errors[0]).toMatchObject({ code: "offer_not_revisable", params: { state } });
    expect(await offerCounts(h.db)).toEqual(before);
    expect((await offerRow(h.db, inquiry))!.total).toBe(73500);
  });

  test("an expired offer cannot be changed, whether or not the scheduled job ran", async () => {
    const inquiry = await insertOfferRequest(h.db);
    await sendOffer(h, inquiry, offerBody({ validUntil: "2026-11-20" }));
    h.setNow("2026-11-20T22:59:00.000Z"); // 23:59 in Berlin: the last day
    expect((await put(inquiry, offerBody({ validUntil: "2026-11-21" }))).status).toBe(200);
    h.setNow("2026-11-21T23:00:00.000Z"); // midnight in Berlin: expired
    const before = await offerCounts(h.db);
    const response = await put(inquiry, offerBody({ validUntil: "2026-12-01" }));
    expect(response.status).toBe(409);
    expect((await json(response)).errors[0]).toMatchObject({ code: "offer_not_revisable", params: { state: "expired" } });
    expect(await offerCounts(h.db)).toEqual(before);
    const view = await json(await h.staff("GET", path(inquiry)));
    expect(view.data.offer).toMatchObject({ state: "expired", revisable: false });
  });
});
