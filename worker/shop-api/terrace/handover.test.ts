/**
 * The terrace planner's hand-over to the offer request (the inquiries and offers module) through
 * the real route table against a real local D1: POST /apiv2/inquiry with `configuration` for type
 * offer stores the number, both mails and the staff's detail name it, and the staff's offer editor
 * is prefilled from the configuration's bill; every refusal writes and mails nothing.
 */
import { composeMail } from "../core/mail/templates";
import { inquiryBody, inquiryCounts, inquiryRow, sendInquiry } from "@tests/kit/inquiries";
import { lastMailId, mailsAfter } from "@tests/kit/outbox";
import { createOffersHarness, json, type OffersHarness } from "@tests/kit/offers";
import { importTerrace, PLAN, saved, type Bill } from "@tests/kit/terrace";

let h: OffersHarness;
beforeAll(async () => {
  h = await createOffersHarness();
  await importTerrace(h.db);
});
afterAll(() => h.dispose());

let emails = 0;
const offerRequest = (configuration: unknown, extra: Record<string, unknown> = {}) =>
  inquiryBody({
    type: "offer",
    sku: "BOARD-WPC",
    email: `planer${++emails}@example.com`,
    quantity: null,
    answers: { isBusiness: false },
    configuration,
    ...extra,
  });

test("an offer request hands over a configuration: stored, named in both mails and the staff detail, prefilling the offer editor", async () => {
  const { number, bill } = await saved(h, PLAN, { language: "de" });
  const mailsBefore = await lastMailId(h.db);
  const response = await sendInquiry(h, offerRequest(number.toLowerCase()));
  const answer = await json(response);
  expect(response.status).toBe(200);
  const id = answer.data.inquiryId as string;
  expect(await inquiryRow(h.db, id)).toMatchObject({ type: "offer", sku: "BOARD-WPC", configuration_number: number });

  const mails = await mailsAfter(h.db, mailsBefore);
  expect(mails.map((m) => [m.template, m.params.configuration])).toEqual([
    ["inquiry-confirmation", number],
    ["inquiry-notification", number],
  ]);
  const [confirmation, notification] = await Promise.all(
    mails.map((m) => composeMail({ shopId: m.shop_id, language: m.language, template: m.template, params: m.params }, "production")),
  );
  expect(confirmation!.text).toContain(`Terrassenplanung: ${number}`);
  expect(notification!.text).toContain(`Terrassenplanung: ${number}`);

  const detail = await json(await h.staff("GET", `/admin/api/inquiries/${id}`));
  expect(detail.data).toMatchObject({ id, type: "offer", configuration: number });

  const editor = await json(await h.staff("GET", `/admin/api/inquiries/${id}/offer`));
  const lines = (bill as Bill).lines.map((l) => ({ sku: l.sku, quantity: l.packages, packagePrice: l.packagePrice!.amount }));
  expect(editor.data.configuration).toEqual({ number, lines, missing: [] });
  expect(editor.data.offer).toBeNull();
  const products = new Map(editor.data.products.map((p: { sku: string; sold: boolean; packagePrice: number }) => [p.sku, p]));
  for (const line of lines) expect(products.get(line.sku)).toMatchObject({ sold: true, packagePrice: line.packagePrice });

  // The prefill, sent as it is, is a valid offer.
  const sent = await h.staff("PUT", `/admin/api/inquiries/${id}/offer`, { body: { lines, validUntil: "2026-12-01", message: "" } });
  expect(sent.status).toBe(200);
});

test("the prefill leaves out what the shop cannot supply and names it", async () => {
  const { number } = await saved(h, { ...PLAN, substructureId: "wpc-feet" }, { shop: "CH" });
  const response = await sendInquiry(h, offerRequest(number, { countryCode: "ch" }), { shop: "CH", language: "fr" });
  expect(response.status).toBe(200);
  const id = (await json(response)).data.inquiryId as string;
  const editor = await json(await h.staff("GET", `/admin/api/inquiries/${id}/offer`));
  expect(editor.data.configuration.missing).toEqual([{ role: "support", name: expect.any(String) }]);
  expect(editor.data.configuration.lines.map((l: { sku: string }) => l.sku)).toEqual(["BOARD-WPC", "JOIST", "CLIP", "EDGE"]);
  expect(editor.data.currency).toBe("CHF");
});

test("an offer request without a configuration has none", async () => {
  const response = await sendInquiry(h, offerRequest(null));
  const id = (await json(response)).data.inquiryId as string;
  expect(await inquiryRow(h.db, id)).toMatchObject({ configuration_number: null });
  expect((await json(await h.staff("GET", `/admin/api/inquiries/${id}`))).data.configuration).toBeNull();
  expect((await json(await h.staff("GET", `/admin/api/inquiries/${id}/offer`))).data.configuration).toBeNull();
});

describe("refused hand-overs write and mail nothing", () => {
  const cases: [string, () => Promise<Record<string, unknown>>, number, string][] = [
    ["a configuration on a bulk inquiry", async () => ({ ...offerRequest((await saved(h)).number), type: "bulk" }), 422, "configuration_not_offer"],
    ["a malformed number", async () => offerRequest("12345"), 422, "invalid_configuration"],
    ["a hostile number", async () => offerRequest("' OR 1=1 --"), 422, "invalid_configuration"],
    ["a number that is not a string", async () => offerRequest(12345678), 422, "invalid"],
    ["an unknown number", async () => offerRequest("7KQ2M9XH4T"), 422, "configuration_not_found"],
    ["a number of another shop", async () => offerRequest((await saved(h, PLAN, { shop: "COM" })).number), 422, "configuration_not_found"],
  ];
  test.each(cases)("%s", async (_, body, status, code) => {
    const request = await body();
    const before = await inquiryCounts(h.db);
    const response = await sendInquiry(h, request);
    const answer = await json(response);
    expect({ status: response.status, errors: answer.errors.filter((e) => e.field === "configuration").map((e) => e.code) }).toEqual({
      status,
      errors: [code],
    });
    expect(await inquiryCounts(h.db)).toEqual(before);
  });
});
