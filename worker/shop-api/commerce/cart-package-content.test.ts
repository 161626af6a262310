import type { CheckoutQuote } from "@domain/checkout";
import { createHarness, type Harness } from "@tests/kit/commerce";

/**
 * A cart line whose product's pack content changed since the visitor chose its packages (the
 * catalogue changed it): the cart, the quote and so the order use the current pack content, and
 * both answers name the one the packages were chosen with, until the visitor sets the line's
 * quantity or adds to it again.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.dispose());
afterEach(() => h.db.prepare("UPDATE products SET package_content = 2.2 WHERE sku = 'FREIGHT-1'").run());

interface Line {
  itemId: number;
  sku: string;
  kind: string;
  quantity: number;
  packageContent: number;
  packageContentBefore: number | null;
}

const repack = (content: number) => h.db.prepare("UPDATE products SET package_content = ? WHERE sku = 'FREIGHT-1'").bind(content).run();
const cart = async (token: string) => (await h.call("GET", "/apiv2/cart/", { token })).body.data.items as Line[];
async function quoteLines(token: string) {
  const { status, body } = await h.call("GET", "/apiv2/checkout/quote", { token });
  expect(status).toBe(200);
  return (body.data as CheckoutQuote).lines;
}

async function freightLine(quantity = 2) {
  const added = await h.call("POST", "/apiv2/cart/", { body: { sku: "FREIGHT-1", quantity } });
  expect(added.status).toBe(200);
  const line = (added.body.data.items as Line[])[0]!;
  expect([line.packageContent, line.packageContentBefore]).toEqual([2.2, null]);
  return { token: added.token!, line };
}

test("the cart and the quote use the current pack content and name the one the packages were chosen with", async () => {
  const { token } = await freightLine(2);
  await repack(2.98);
  const [line] = await cart(token);
  expect([line!.packageContent, line!.packageContentBefore]).toEqual([2.98, 2.2]);
  const [quoted] = await quoteLines(token);
  expect([quoted!.packageContent, quoted!.packageContentBefore, quoted!.quantity]).toEqual([2.98, 2.2, 2]);
  // The minimum order quantity (4.4) is checked with the current content: 2 packs of 2.98 m² reach it.
  expect(quoted!.problem).toBeNull();
});

test("unchanged, or changed and changed back: nothing to say", async () => {
  const { token } = await freightLine(2);
  expect((await quoteLines(token))[0]!.packageContentBefore).toBeNull();
  await repack(2.98);
  await repack(2.2);
  expect((await cart(token))[0]!.packageContentBefore).toBeNull();
});

test("setting the line's quantity or adding to it again chooses the packages with the current content", async () => {
  const { token, line } = await freightLine(2);
  await repack(2.98);
  const changed = await h.call("PUT", `/apiv2/cart/items/${line.itemId}`, { body: { quantity: 3 }, token });
  expect(changed.status).toBe(200);
  expect((changed.body.data.items as Line[])[0]!.packageContentBefore).toBeNull();
  await repack(1.5);
  expect((await cart(token))[0]!.packageContentBefore).toBe(2.98);
  const again = await h.call("POST", "/apiv2/cart/", { body: { sku: "FREIGHT-1", quantity: 1 }, token });
  expect(again.status).toBe(200);
  expect((again.body.data.items as Line[]).map((item) => [item.quantity, item.packageContent, item.packageContentBefore])).toEqual([[4, 1.5, null]]);
});

test("a refused quantity change leaves what the packages were chosen with", async () => {
  const { token, line } = await freightLine(2);
  await repack(2.98);
  const refused = await h.call("PUT", `/apiv2/cart/items/${line.itemId}`, { body: { quantity: 0 }, token });
  expect(refused.status).toBe(422);
  expect((await cart(token))[0]!.packageContentBefore).toBe(2.2);
});

test("a line from before the pack content was kept, and a sample, have nothing to say", async () => {
  const { token } = await freightLine(2);
  await h.call("PUT", "/cart/addSampleBySku/S-1", { token });
  await h.db.prepare("UPDATE cart_items SET package_content = NULL WHERE kind = 'product'").run();
  await repack(2.98);
  const lines = await cart(token);
  expect(lines.map((item) => [item.kind, item.packageContentBefore])).toEqual([
    ["product", null],
    ["sample", null],
  ]);
});
