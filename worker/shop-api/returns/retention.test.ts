/**
 * What the returns tables mean for the cron's clean-ups (retention.ts, core/uploads/cleanup.ts)
 * and what their constraints refuse, against a real local D1 and R2.
 */
import { deleteUnattachedUploads } from "../core/uploads/cleanup";
import { sha256Hex } from "../core/auth";
import { multipartBody } from "@tests/kit/api-harness";
import { JPEG } from "@tests/kit/images";
import { createReturnsHarness, DAY_MS, daysBefore, json, lookedUp, NOW, placeOrder, type ReturnsHarness } from "@tests/kit/returns";
import { deleteExpiredData } from "@tests/kit/shop-api";

let h: ReturnsHarness;
beforeAll(async () => {
  h = await createReturnsHarness();
});
afterAll(() => h.dispose());

const later = (days: number) => new Date(Date.parse(NOW) + days * DAY_MS);

test("a month on: lookup tokens are gone, the complaint's images and their visitor stay, unattached images and idle visitors go", async () => {
  const order = await placeOrder(h, { lines: [["FLOOR-1", 2]], deliveries: [{ line: 1, quantity: 2, at: daysBefore(2) }] });
  const withComplaint = await lookedUp(h, order);
  const idle = await lookedUp(h, order);
  const upload = async (visitor: string) => {
    const { body, contentType } = multipartBody([{ fileName: "foto.jpg", bytes: JPEG }]);
    return (await json(await h.fetch("POST", "/apiv2/rma/uploads", { token: visitor, raw: body, headers: { "content-type": contentType } }))).data
      .uploadId as string;
  };
  const attached = await upload(withComplaint.visitor);
  const loose = await upload(idle.visitor);
  const submitted = await h.fetch("POST", "/apiv2/rma", {
    token: withComplaint.visitor,
    body: {
      lookupToken: withComplaint.lookupToken,
      orderNumber: order.number,
      items: [{ lineNo: 1, quantity: 1 }],
      reason: "DEFECTIVE",
      message: "Riss",
      uploadIds: [attached],
    },
    headers: { "idempotency-key": "retention-1" },
  });
  expect(submitted.status).toBe(200);

  expect(await deleteUnattachedUploads(h.env, later(2))).toBe(1);
  const deleted = await deleteExpiredData(h.db, later(31));
  expect(deleted.lookupTokens).toBeGreaterThanOrEqual(2);
  const visitors = async (token: string) =>
    (await h.db
      .prepare("SELECT COUNT(*) AS n FROM visitors WHERE id = ?")
      .bind(await sha256Hex(token))
      .first<{ n: number }>())!.n;
  expect(await visitors(withComplaint.visitor)).toBe(1);
  expect(await visitors(idle.visitor)).toBe(0);
  expect(await h.db.prepare("SELECT id FROM uploads WHERE id IN (?, ?)").bind(attached, loose).all()).toMatchObject({ results: [{ id: attached }] });
  // The uploaded images (the bucket also keeps the orders' invoices, which are kept for good).
  expect((await h.env.UPLOADS.list({ prefix: "uploads/" })).objects).toHaveLength(1);
  expect((await h.db.prepare("SELECT COUNT(*) AS n FROM rma_lookup_tokens").first<{ n: number }>())!.n).toBe(0);
});

test("the tables refuse what the rules never write: a complaint number of another shape, a line of no order line, nothing returned", async () => {
  const order = await h.db.prepare("SELECT id FROM orders LIMIT 1").first<{ id: string }>();
  const insert = (id: string) =>
    h.db
      .prepare(
        "INSERT INTO rmas (id, kind, order_id, shop_id, language, email, reason, via, created_at, updated_at) VALUES (?, 'return', ?, 'DE', 'de', 'a@b.de', 'OTHER', 'lookup', ?, ?)",
      )
      .bind(id, order!.id, NOW, NOW)
      .run();
  for (const id of ["R-00000000I0", "R-000000000", "X-0000000000", "R-0000000000A", "r-0000000000"]) await expect(insert(id)).rejects.toThrow(/CHECK/);
  await insert("R-0000000000");
  await expect(
    h.db.prepare("INSERT INTO rma_lines (rma_id, order_id, line_no, sku, name, quantity) VALUES ('R-0000000000', ?, 99, 'X', 'X', 1)").bind(order!.id).run(),
  ).rejects.toThrow(/FOREIGN KEY/);
  await expect(
    h.db.prepare("INSERT INTO rma_lines (rma_id, order_id, line_no, sku, name, quantity) VALUES ('R-0000000000', ?, 1, 'X', 'X', 0)").bind(order!.id).run(),
  ).rejects.toThrow(/CHECK/);
});
