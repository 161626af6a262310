/**
 * The back office's returns routes through the real route table and staff sessions against a
 * real local D1 and R2: roles, the list and its filters, one complaint with its images, the
 * images only to staff, and status changes that mail the customer once per change.
 */
import type { StaffRole } from "../core/staff-auth";
import { composeMail } from "../core/mail/templates";
import { multipartBody } from "@tests/kit/api-harness";
import { JPEG, PNG } from "@tests/kit/images";
import { staffCaller, staffLogins, type StaffCaller } from "@tests/kit/staff-session";
import { createReturnsHarness, daysBefore, json, lookedUp, NOW, placeOrder, type PlacedOrder, type ReturnsHarness } from "@tests/kit/returns";

let h: ReturnsHarness;
let call: StaffCaller;
let tokens: Record<StaffRole, string>;
let order: PlacedOrder;
let visitor: string;
const ids: Record<string, string> = {};
const images: string[] = [];

async function upload(bytes: Uint8Array, fileName: string): Promise<string> {
  const { body, contentType } = multipartBody([{ fileName, bytes }]);
  const response = await h.fetch("POST", "/apiv2/rma/uploads", { token: visitor, raw: body, headers: { "content-type": contentType } });
  return (await json(response)).data.uploadId as string;
}

async function complain(body: Record<string, unknown>, lookupToken: string): Promise<string> {
  const response = await h.fetch("POST", "/apiv2/rma", {
    token: visitor,
    body: { lookupToken, orderNumber: order.number, ...body },
    headers: { "idempotency-key": `k-${Math.random()}` },
  });
  const answer = await json(response);
  if (response.status !== 200) throw new Error(JSON.stringify(answer.errors));
  return answer.data.rmaId as string;
}

beforeAll(async () => {
  h = await createReturnsHarness();
  order = await placeOrder(h, {
    lines: [
      ["FLOOR-1", 3],
      ["NOEXP-1", 2],
    ],
    email: "erika@example.com",
    deliveries: [
      { line: 1, quantity: 3, at: daysBefore(6) },
      { line: 2, quantity: 2, at: daysBefore(6) },
    ],
  });
  const lookup = await lookedUp(h, order);
  visitor = lookup.visitor;
  images.push(await upload(JPEG, "kratzer.jpg"), await upload(PNG, "etikett.png"));
  h.setNow("2026-11-18T08:01:00.000Z");
  ids.defect = await complain({ items: [{ lineNo: 1, quantity: 2 }], reason: "DEFECTIVE", message: "Kratzer", uploadIds: images }, lookup.lookupToken);
  h.setNow("2026-11-18T08:02:00.000Z");
  ids.over = await complain({ items: [{ lineNo: 2, quantity: 1 }], reason: "OVER_ORDER" }, lookup.lookupToken);
  const swiss = await placeOrder(h, {
    shop: "CH",
    lines: [["FLOOR-1", 1]],
    email: "bruno@example.ch",
    billingAddress: { firstname: "Bruno", lastname: "Meier", street: "Bahnhofstrasse 1", postcode: "8001", city: "Zürich", countryCode: "ch" },
    deliveries: [{ line: 1, quantity: 1, at: daysBefore(2) }],
  });
  h.setNow("2026-11-18T08:03:00.000Z");
  const swissLookup = await lookedUp(h, swiss, { shop: "CH", postalCode: "8001" });
  const swissAnswer = await h.fetch("POST", "/apiv2/rma", {
    shop: "CH",
    token: swissLookup.visitor,
    body: { lookupToken: swissLookup.lookupToken, orderNumber: swiss.number, items: [{ lineNo: 1, quantity: 1 }], reason: "INCORRECTLY_ORDERED" },
    headers: { "idempotency-key": "swiss-1" },
  });
  ids.swiss = (await json(swissAnswer)).data.rmaId as string;
  h.setNow(NOW);
  tokens = await staffLogins(h.env, h.db, () => new Date(NOW));
  call = staffCaller(h.env, () => new Date(NOW));
});
afterAll(() => h.dispose());

const get = (path: string, role: StaffRole | null = "service") => call("GET", path, { token: role ? tokens[role] : null });
const setStatus = (id: string, body: unknown, role: StaffRole | null = "service") =>
  call("POST", `/admin/api/returns/${id}/status`, { token: role ? tokens[role] : null, body });
const statusMails = async (id: string) =>
  (
    await h.db
      .prepare("SELECT params, language, recipient FROM mail_outbox WHERE template = 'rma-status' AND params LIKE ? ORDER BY id")
      .bind(`%${id}%`)
      .all<{ params: string; language: string; recipient: string }>()
  ).results;

describe("who may", () => {
  const paths = () => ["/admin/api/returns", `/admin/api/returns/${ids.defect}`, `/admin/api/returns/${ids.defect}/images/${images[0]}`];

  test("without a session: 401 everywhere, nothing changes", async () => {
    for (const path of paths()) expect((await get(path, null)).status).toBe(401);
    expect((await setStatus(ids.defect!, { status: "received" }, null)).status).toBe(401);
    expect((await call("GET", "/admin/api/returns", { token: "x".repeat(43) })).status).toBe(401);
    expect(await statusMails(ids.defect!)).toEqual([]);
  });

  test("a merchandiser: 403; service and ops: 200", async () => {
    for (const path of paths()) {
      expect((await get(path, "merchandiser")).status).toBe(403);
      expect((await get(path, "service")).status).toBe(200);
      expect((await get(path, "ops")).status).toBe(200);
    }
    const refused = await setStatus(ids.defect!, { status: "received" }, "merchandiser");
    expect(refused.status).toBe(403);
    expect(await statusMails(ids.defect!)).toEqual([]);
  });
});

describe("the list", () => {
  test("open complaints newest first, with the filters' choices", async () => {
    const { data } = await json(await get("/admin/api/returns"));
    expect(data.returns.map((r: { rmaId: string }) => r.rmaId)).toEqual([ids.swiss, ids.over, ids.defect]);
    expect(data.returns[2]).toMatchObject({
      rmaId: ids.defect,
      kind: "return",
      shop: "DE",
      orderNumber: order.number,
      email: "erika@example.com",
      name: "Erika Muster",
      reason: "DEFECTIVE",
      status: "submitted",
      lineCount: 1,
      packages: 2,
      imageCount: 2,
    });
    expect(data.states).toEqual(["open", "all", "submitted", "received", "accepted", "rejected", "refunded", "replaced"]);
    expect(data.shops).toContainEqual({ id: "CH", name: expect.any(String) });
    expect(data.next).toBeNull();
  });

  test("filters: shop, search by number, order or e-mail, state, kind; paging; bad parameters named", async () => {
    const list = async (query: string) => ((await json(await get(`/admin/api/returns?${query}`))).data.returns as { rmaId: string }[]).map((r) => r.rmaId);
    expect(await list("shop=ch")).toEqual([ids.swiss]);
    expect(await list(`q=${ids.defect!.toLowerCase()}`)).toEqual([ids.defect]);
    expect(await list(`q=${order.number}`)).toEqual([ids.over, ids.defect]);
    expect(await list("q=BRUNO@")).toEqual([ids.swiss]);
    expect(await list("q=%25")).toEqual([]);
    expect(await list("state=rejected")).toEqual([]);
    expect(await list("kind=withdrawal")).toEqual([]);
    expect(await list("shop=&state=&q=")).toHaveLength(3);
    const first = (await json(await get("/admin/api/returns?limit=2"))).data;
    expect(first.returns).toHaveLength(2);
    const second = (await json(await get(`/admin/api/returns?limit=2&after=${encodeURIComponent(first.next)}`))).data;
    expect(second.returns.map((r: { rmaId: string }) => r.rmaId)).toEqual([ids.defect]);
    for (const query of ["state=lost", "shop=XX", "limit=0", "after=garbage", "unknown=1"]) expect((await get(`/admin/api/returns?${query}`)).status).toBe(422);
  });
});

describe("one complaint", () => {
  test("its order, lines, images and history; unknown or malformed numbers 404", async () => {
    const response = await get(`/admin/api/returns/${ids.defect}`);
    const { data } = await json(response);
    expect(response.status).toBe(200);
    expect(data).toMatchObject({
      rmaId: ids.defect,
      message: "Kratzer",
      via: "lookup",
      wholeOrder: false,
      order: { state: "delivered", billing: { name: "Erika Muster", postcode: "10115", countryCode: "de", company: null }, withdrawnAt: null },
      lines: [{ lineNo: 1, sku: "FLOOR-1", quantity: 2, ordered: 3, delivered: 3, deliveredAt: daysBefore(6) }],
      history: [{ status: "submitted", by: "customer", note: "" }],
      allowedStatuses: ["received", "accepted", "rejected"],
    });
    expect(data.images).toEqual([
      {
        uploadId: images[0],
        fileName: "kratzer.jpg",
        contentType: "image/jpeg",
        size: JPEG.length,
        url: `/admin/api/returns/${ids.defect}/images/${images[0]}`,
      },
      { uploadId: images[1], fileName: "etikett.png", contentType: "image/png", size: PNG.length, url: `/admin/api/returns/${ids.defect}/images/${images[1]}` },
    ]);
    expect((await get("/admin/api/returns/R-0000000000")).status).toBe(404);
    expect((await get("/admin/api/returns/DROP-TABLE")).status).toBe(404);
  });

  test("its images to staff with the sniffed type, as an attachment that never runs; another complaint's image 404", async () => {
    const response = await get(`/admin/api/returns/${ids.defect}/images/${images[0]}`);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(JPEG);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="kratzer.jpg"/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect((await get(`/admin/api/returns/${ids.over}/images/${images[0]}`)).status).toBe(404);
    expect((await get(`/admin/api/returns/${ids.defect}/images/${"A".repeat(22)}`)).status).toBe(404);
    // a shopper who is not the uploader never gets it through the storefront
    expect((await h.fetch("GET", `/apiv2/uploads/${images[0]}`, { token: "z".repeat(43) })).status).toBe(404);
  });
});

describe("status changes", () => {
  test("each change writes its history and mails the customer once, with the note, in the complaint's language", async () => {
    const received = await setStatus(ids.defect!, { status: "received" });
    expect(received.status).toBe(200);
    expect((await json(received)).data).toMatchObject({ status: "received", allowedStatuses: ["accepted", "rejected"] });
    const accepted = await setStatus(ids.defect!, { status: "accepted", note: "Wir senden Ersatz.\nDie Kratzer sind deutlich." });
    expect((await json(accepted)).data.history.map((e: { status: string; by: string }) => [e.status, e.by])).toEqual([
      ["submitted", "customer"],
      ["received", "service@bodenhaus.example"],
      ["accepted", "service@bodenhaus.example"],
    ]);
    // the same change again: 409, no mail
    const twice = await setStatus(ids.defect!, { status: "accepted" });
    expect(twice.status).toBe(409);
    expect((await json(twice)).errors[0]).toMatchObject({ code: "status_not_allowed", params: { from: "accepted", to: "accepted" } });

    const mails = await statusMails(ids.defect!);
    expect(mails.map((mail) => JSON.parse(mail.params).status)).toEqual(["received", "accepted"]);
    expect(mails[0]).toMatchObject({ language: "de", recipient: "erika@example.com" });
    const text = composeMail({ shopId: "DE", language: "de", template: "rma-status", params: JSON.parse(mails[1]!.params) }, "development").text;
    expect(text).toContain(`zu Ihrer Reklamation ${ids.defect} (Bestellung ${order.number})`);
    expect(text).toContain("Neuer Stand Ihrer Reklamation: Anerkannt");
    expect(text).toContain("Nachricht unseres Kundenservice:\nWir senden Ersatz.\nDie Kratzer sind deutlich.");

    const replaced = await setStatus(ids.defect!, { status: "replaced" }, "ops");
    expect((await json(replaced)).data).toMatchObject({ status: "replaced", allowedStatuses: [] });
    expect((await setStatus(ids.defect!, { status: "refunded" })).status).toBe(409);
    expect(await statusMails(ids.defect!)).toHaveLength(3);
  });

  test("two changes at once from the same state: one wins, one mail", async () => {
    const results = await Promise.all([setStatus(ids.over!, { status: "accepted" }), setStatus(ids.over!, { status: "rejected" })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await statusMails(ids.over!)).toHaveLength(1);
  });

  test("a rejected complaint gives its packages back to what can be returned; its mail carries the note", async () => {
    const lookup = await lookedUp(h, order, { token: visitor });
    expect(lookup.order.lines[0]).toMatchObject({ returned: 2, returnable: 1 });
    const last = await complain({ items: [{ lineNo: 1, quantity: 1 }], reason: "OVER_ORDER" }, lookup.lookupToken);
    expect((await lookedUp(h, order, { token: visitor })).order.lines[0]).toMatchObject({ returned: 3, returnable: 0, blockedReason: "already_returned" });
    expect((await setStatus(last, { status: "rejected", note: "Bitte behalten Sie das Paket." })).status).toBe(200);
    expect((await lookedUp(h, order, { token: visitor })).order.lines[0]).toMatchObject({ returned: 2, returnable: 1, blockedReason: null });
    expect(JSON.parse((await statusMails(last))[0]!.params)).toMatchObject({ status: "rejected", note: "Bitte behalten Sie das Paket." });
  });

  test("a withdrawal's status mail speaks of the withdrawal", async () => {
    const target = await placeOrder(h, { lines: [["FLOOR-1", 1]], email: "widerruf@example.com" });
    const lookup = await lookedUp(h, target);
    const answer = await h.fetch("POST", "/apiv2/rma/withdrawal", {
      token: lookup.visitor,
      body: { lookupToken: lookup.lookupToken, orderNumber: target.number, confirm: true },
    });
    const rmaId = (await json(answer)).data.withdrawal.rmaId as string;
    const listed = (await json(await get("/admin/api/returns?kind=withdrawal"))).data.returns;
    expect(listed.map((r: { rmaId: string }) => r.rmaId)).toEqual([rmaId]);
    expect((await setStatus(rmaId, { status: "accepted" })).status).toBe(200);
    const mail = (await statusMails(rmaId))[0]!;
    const rendered = composeMail({ shopId: "DE", language: "de", template: "rma-status", params: JSON.parse(mail.params) }, "development");
    expect(rendered.subject).toBe(`Ihr Widerruf der Bestellung ${target.number}: Anerkannt`);
    expect(rendered.text).toContain(`zu Ihrem Widerruf der Bestellung ${target.number} (Vorgangsnummer ${rmaId})`);
    expect(rendered.text).toContain("Wir haben Ihren Widerruf bearbeitet.");
  });

  test("bad bodies: an unknown state, a note with control characters, unknown fields", async () => {
    for (const body of [{ status: "lost" }, { status: "submitted" }, { status: "received", note: "a\u0000b" }, { status: "received", extra: 1 }]) {
      const response = await setStatus(ids.swiss!, body);
      expect({ body, status: response.status }).toEqual({ body, status: 422 });
    }
    expect((await setStatus("R-0000000000", { status: "received" })).status).toBe(404);
  });
});
