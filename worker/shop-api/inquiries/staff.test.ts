/**
 * The back office's inquiries routes through the real route table and staff sessions against a
 * real local D1: roles, the list with its filters and pages, one inquiry with its replies and
 * (for an offer request) its offer, replies that mail the customer in the inquiry's language
 * and make it answered, and closing, after which nothing more is taken.
 */
import { shopDb } from "@tests/kit/d1";
import type { InquiryDetail, InquiryListPage } from "@domain/back-office/inquiries";
import { staffCaller, staffLogins, type StaffCaller } from "@tests/kit/staff-session";
import type { StaffRole } from "../core/staff-auth";
import { composeMail } from "../core/mail/templates";
import { createInquiryHarness, inquiryBody, inquiryCounts, json, NOW, sentInquiry, type InquiryHarness } from "@tests/kit/inquiries";
import { lastMailId, mailsAfter } from "@tests/kit/outbox";

let h: InquiryHarness;
let call: StaffCaller;
let tokens: Record<StaffRole, string>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  h = await createInquiryHarness();
  h.setNow("2026-11-18T07:01:00.000Z");
  ids.bulk = await sentInquiry(h, inquiryBody({ email: "erika@example.com", name: "Erika Muster" }));
  h.setNow("2026-11-18T07:02:00.000Z");
  ids.product = await sentInquiry(h, inquiryBody({ type: "product", sku: "NOEXP-1", email: "hans@example.com", name: "Hans Huber", answers: {} }));
  h.setNow("2026-11-18T07:03:00.000Z");
  ids.offer = await sentInquiry(
    h,
    inquiryBody({ type: "offer", email: "claire@example.ch", name: "Claire Dubois", countryCode: "ch", answers: { needsInstallation: true } }),
    { shop: "CH", language: "fr" },
  );
  h.setNow(NOW);
  tokens = await staffLogins(h.env, h.db, () => new Date(NOW));
  call = staffCaller(h.env, () => new Date(NOW));
});
afterAll(() => h.dispose());

const get = (path: string, role: StaffRole | null = "service") => call("GET", path, { token: role ? tokens[role] : null });
const post = (path: string, body?: unknown, role: StaffRole = "service") => call("POST", path, { token: tokens[role], body });
const list = async (query = ""): Promise<InquiryListPage> => {
  const response = await get(`/admin/api/inquiries${query}`);
  const answer = await json(response);
  if (response.status !== 200) throw new Error(`${response.status} ${JSON.stringify(answer.errors)}`);
  return answer.data as InquiryListPage;
};
const detail = async (id: string): Promise<InquiryDetail> => (await json(await get(`/admin/api/inquiries/${id}`))).data as InquiryDetail;

describe("roles", () => {
  test.each<[StaffRole | null, number]>([
    [null, 401],
    ["merchandiser", 403],
    ["service", 200],
    ["ops", 200],
  ])("%s: %d on every route", async (role, status) => {
    expect((await get("/admin/api/inquiries", role)).status).toBe(status);
    expect((await get(`/admin/api/inquiries/${ids.bulk}`, role)).status).toBe(status);
    if (role === "service" || role === "ops") return;
    const before = await inquiryCounts(h.db);
    const headers = role ? { token: tokens[role] } : {};
    expect((await call("POST", `/admin/api/inquiries/${ids.bulk}/reply`, { ...headers, body: { message: "Hallo" } })).status).toBe(status);
    expect((await call("POST", `/admin/api/inquiries/${ids.bulk}/close`, headers)).status).toBe(status);
    expect(await inquiryCounts(h.db)).toEqual(before);
    expect((await detail(ids.bulk!)).state).toBe("open");
  });
});

describe("the list", () => {
  test("open inquiries newest first by default, with the filters' choices", async () => {
    const page = await list();
    expect(page.inquiries.map((row) => row.id)).toEqual([ids.offer, ids.product, ids.bulk]);
    expect(page.next).toBeNull();
    expect(page.states).toEqual(["open", "answered", "closed", "all"]);
    expect(page.types).toEqual(["product", "bulk", "offer"]);
    expect(page.shops.map((shop) => shop.id)).toContain("BRAND");
    expect(page.inquiries[0]).toEqual({
      id: ids.offer,
      type: "offer",
      state: "open",
      shop: "CH",
      language: "fr",
      sku: "FLOOR-1",
      productName: "Produkt FLOOR-1",
      name: "Claire Dubois",
      email: "claire@example.ch",
      replyCount: 0,
      createdAt: "2026-11-18T07:03:00.000Z",
      updatedAt: "2026-11-18T07:03:00.000Z",
    });
  });

  test.each([
    ["?type=product", ["product"]],
    ["?shop=ch", ["offer"]],
    ["?shop=DE&type=bulk", ["bulk"]],
    ["?q=HANS", ["product"]],
    ["?q=claire@example", ["offer"]],
    ["?q=noexp", ["product"]],
    ["?q=erika muster", ["bulk"]],
    ["?q=nobody", []],
    ["?state=closed", []],
  ])("%s", async (query, expected) => {
    expect((await list(query)).inquiries.map((row) => row.type)).toEqual(expected);
  });

  test("by number, in any case", async () => {
    expect((await list(`?q=${ids.bulk!.toLowerCase()}`)).inquiries.map((row) => row.id)).toEqual([ids.bulk]);
  });

  test("a % or _ in the search matches only itself", async () => {
    expect((await list("?q=%25")).inquiries).toEqual([]);
    expect((await list("?q=_")).inquiries).toEqual([]);
  });

  test("pages: limit and the cursor of the next page", async () => {
    const first = await list("?limit=2");
    expect(first.inquiries.map((row) => row.id)).toEqual([ids.offer, ids.product]);
    expect(first.next).not.toBeNull();
    const second = await list(`?limit=2&after=${encodeURIComponent(first.next!)}`);
    expect(second.inquiries.map((row) => row.id)).toEqual([ids.bulk]);
    expect(second.next).toBeNull();
  });

  test.each(["?state=done", "?type=complaint", "?shop=XX", "?limit=0", "?limit=201", "?after=garbage", "?extra=1", `?q=${"x".repeat(201)}`])(
    "a bad parameter (%s) is refused with 422",
    async (query) => {
      expect((await get(`/admin/api/inquiries${query}`)).status).toBe(422);
    },
  );
});

describe("one inquiry", () => {
  test("everything the customer sent", async () => {
    expect(await detail(ids.bulk!)).toEqual({
      id: ids.bulk,
      type: "bulk",
      state: "open",
      shop: "DE",
      language: "de",
      sku: "FLOOR-1",
      productName: "Produkt FLOOR-1",
      name: "Erika Muster",
      email: "erika@example.com",
      replyCount: 0,
      createdAt: "2026-11-18T07:01:00.000Z",
      updatedAt: "2026-11-18T07:01:00.000Z",
      message: "Wir statten ein Hotel mit 60 Zimmern aus.\nBitte um ein Angebot für 800 m².",
      phone: "+49 30 1234567",
      country: "de",
      quantity: 800,
      unit: "SQM",
      answers: [
        { id: "isBusiness", answer: true },
        { id: "isCommercialProject", answer: true },
      ],
      customerId: null,
      closedAt: null,
      replies: [],
      offerId: null,
      configuration: null,
      canReply: true,
      canClose: true,
    });
  });

  test("an offer request names its offer once staff sent one", async () => {
    expect((await detail(ids.offer!)).offerId).toBeNull();
    // The offer request is the Swiss shop's: its offer goes beside it.
    await shopDb(h.env, "CH")
      .prepare(
        `INSERT INTO offers (id, inquiry_id, shop_id, currency, state, valid_until, message, total, staff_email, offered_at, updated_at)
         VALUES ('O-0000000001', ?, 'CH', 'CHF', 'offered', '2026-12-18', '', 1000, 'service@bodenhaus.example', ?, ?)`,
      )
      .bind(ids.offer, NOW, NOW)
      .run();
    expect((await detail(ids.offer!)).offerId).toBe("O-0000000001");
  });

  test.each(["Q-0000000000", "Q-AAAA", "R-0000000000", "%3Cscript%3E"])("%s: 404", async (id) => {
    expect((await get(`/admin/api/inquiries/${id}`)).status).toBe(404);
  });
});

describe("replies and closing", () => {
  test("a reply mails the customer in the inquiry's language and makes it answered", async () => {
    const swiss = shopDb(h.env, "CH");
    const before = await lastMailId(swiss);
    const response = await post(`/admin/api/inquiries/${ids.offer}/reply`, { message: "  Bonjour Madame Dubois,\r\nvoici notre offre.  " });
    expect(response.status).toBe(200);
    const answered = (await json(response)).data as InquiryDetail;
    expect(answered).toMatchObject({
      state: "answered",
      replyCount: 1,
      replies: [{ message: "Bonjour Madame Dubois,\nvoici notre offre.", by: "service@bodenhaus.example", at: NOW }],
      updatedAt: NOW,
      canReply: true,
      canClose: true,
    });
    const mails = await mailsAfter(swiss, before);
    expect(mails.map((mail) => [mail.template, mail.recipient, mail.language, mail.shop_id])).toEqual([["inquiry-reply", "claire@example.ch", "fr", "CH"]]);
    const rendered = composeMail({ shopId: "CH", language: "fr", template: "inquiry-reply", params: mails[0]!.params }, "production");
    expect(rendered.from).toBe("Bodenhaus <service@bodenhaus.example.ch>");
    expect(rendered.subject).toBe(`Réponse à votre demande ${ids.offer} chez Bodenhaus Schweiz`);
    expect(rendered.text).toContain("Bonjour Madame Dubois,\nvoici notre offre.");
    expect(rendered.text).toContain("demande de devis");
    expect(rendered.text).toContain("Wir statten ein Hotel mit 60 Zimmern aus.");

    // A second reply is a second mail; the inquiry stays answered.
    const again = await post(`/admin/api/inquiries/${ids.offer}/reply`, { message: "Encore une précision." }, "ops");
    expect(((await json(again)).data as InquiryDetail).replies.map((reply) => reply.by)).toEqual(["service@bodenhaus.example", "ops@bodenhaus.example"]);
    expect((await mailsAfter(swiss, before)).length).toBe(2);
    expect((await list("?state=answered")).inquiries.map((row) => row.id)).toEqual([ids.offer]);
  });

  test.each<[string, unknown, number, string]>([
    ["an empty reply", { message: "  " }, 422, "required"],
    ["no message", {}, 422, "required"],
    ["a reply over 10000 characters", { message: "x".repeat(10_001) }, 422, "too_long"],
    ["control characters", { message: "Hallo\u0000" }, 422, "invalid_characters"],
    ["another field", { message: "Hallo", to: "someone@example.com" }, 422, "invalid"],
  ])("%s is refused and writes nothing", async (_, body, status, code) => {
    const before = await inquiryCounts(h.db);
    const response = await post(`/admin/api/inquiries/${ids.product}/reply`, body);
    expect(response.status).toBe(status);
    expect((await json(response)).errors.map((e) => e.code)).toContain(code);
    expect(await inquiryCounts(h.db)).toEqual(before);
  });

  test("a reply to an unknown inquiry: 404, nothing written", async () => {
    const before = await inquiryCounts(h.db);
    expect((await post("/admin/api/inquiries/Q-0000000000/reply", { message: "Hallo" })).status).toBe(404);
    expect((await post("/admin/api/inquiries/Q-0000000000/close")).status).toBe(404);
    expect(await inquiryCounts(h.db)).toEqual(before);
  });

  test("closing: closed once, then no reply and no second close", async () => {
    const response = await post(`/admin/api/inquiries/${ids.product}/close`);
    expect(response.status).toBe(200);
    expect((await json(response)).data).toMatchObject({ state: "closed", closedAt: NOW, canReply: false, canClose: false });
    const before = await inquiryCounts(h.db);
    const reply = await post(`/admin/api/inquiries/${ids.product}/reply`, { message: "Zu spät" });
    expect(reply.status).toBe(409);
    expect((await json(reply)).errors).toEqual([{ message: "This inquiry is closed.", code: "inquiry_closed" }]);
    expect((await post(`/admin/api/inquiries/${ids.product}/close`)).status).toBe(409);
    expect(await inquiryCounts(h.db)).toEqual(before);
    expect((await list("?state=closed")).inquiries.map((row) => row.id)).toEqual([ids.product]);
    expect((await list("?state=all")).inquiries.length).toBe(3);
  });

  test("an answered inquiry can be closed", async () => {
    const response = await post(`/admin/api/inquiries/${ids.offer}/close`);
    expect((await json(response)).data).toMatchObject({ state: "closed", replyCount: 2 });
  });
});
