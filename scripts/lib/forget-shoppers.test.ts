import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { multipartBody } from "@tests/kit/api-harness";
import { JPEG } from "@tests/kit/images";
import { createReturnsHarness, daysBefore, json, lookedUp, placeOrder } from "@tests/kit/returns";
import { forgetShoppers } from "./forget-shoppers";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.dispose());

const count = async (table: string) => (await t.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

test("visitors, their carts and sample orders go; the shops stay", async () => {
  await t.db.batch([
    t.db.prepare("INSERT INTO visitors (id, shop_id, created_at) VALUES ('v1', 'DE', '2026-11-24T00:00:00Z')"),
    t.db.prepare("INSERT INTO carts (visitor_id, shop_id, created_at) VALUES ('v1', 'DE', '2026-11-24T00:00:00Z')"),
  ]);
  const shops = await count("shops");
  await forgetShoppers(t.db);
  expect([await count("visitors"), await count("carts"), await count("shops")]).toEqual([0, 0, shops]);
});

test("a complaint with its images goes before the uploads it names; the order stays", async () => {
  const h = await createReturnsHarness();
  try {
    const order = await placeOrder(h, { lines: [["FLOOR-1", 3]], email: "vergessen@example.com", deliveries: [{ line: 1, quantity: 3, at: daysBefore(5) }] });
    const { lookupToken, visitor } = await lookedUp(h, order);
    const { body, contentType } = multipartBody([{ fileName: "kratzer.jpg", bytes: JPEG }]);
    const uploaded = await json(await h.fetch("POST", "/apiv2/rma/uploads", { token: visitor, raw: body, headers: { "content-type": contentType } }));
    const submitted = await h.fetch("POST", "/apiv2/rma", {
      token: visitor,
      body: {
        lookupToken,
        orderNumber: order.number,
        items: [{ lineNo: 1, quantity: 1 }],
        reason: "DEFECTIVE",
        message: "Kratzer",
        uploadIds: [uploaded.data.uploadId],
      },
      headers: { "idempotency-key": "forget-shoppers-complaint-0001" },
    });
    expect(submitted.status).toBe(200);
    const rows = async (table: string) => (await h.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
    expect([await rows("rmas"), await rows("rma_uploads"), await rows("uploads")]).toEqual([1, 1, 1]);
    await forgetShoppers(h.db);
    expect([await rows("rmas"), await rows("rma_uploads"), await rows("uploads"), await rows("visitors"), await rows("orders")]).toEqual([0, 0, 0, 0, 1]);
  } finally {
    await h.dispose();
  }
});
