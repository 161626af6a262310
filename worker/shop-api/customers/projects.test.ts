/**
 * Projects through the real route table and a real local D1: named lists
 * of products, only with a session, only the customer's own; concurrent edits lose nothing;
 * a guest's browser projects merge without losing a line; lines go to the cart.
 */
import { createAccountHarness, signedUpCustomer, type AccountHarness, type Browser } from "@tests/kit/customers";

let h: AccountHarness;
beforeAll(async () => {
  h = await createAccountHarness();
});
afterAll(() => h.dispose());
beforeEach(() => jest.spyOn(console, "warn").mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

let counter = 0;
const address = (name = "kunde") => `${name}.${++counter}@example.com`;

async function customer(shop = "DE", language?: string): Promise<Browser> {
  const browser = h.browser(shop, language);
  await signedUpCustomer(h, browser, address(), { country: shop === "CH" ? "ch" : "de" });
  return browser;
}

async function project(browser: Browser, name: string): Promise<number> {
  const answer = await h.call(browser, "POST", "/apiv2/customer/projects", { body: { name } });
  expect(answer.status).toBe(200);
  return answer.body.data.project.id as number;
}

const add = (browser: Browser, id: number, sku: string, quantity: number) =>
  h.call(browser, "POST", `/apiv2/customer/projects/${id}/items`, { body: { sku, quantity } });

describe("projects", () => {
  test("without a session every project call is 401 not_signed_in", async () => {
    const guest = h.browser();
    const calls: [string, string, unknown?][] = [
      ["GET", "/apiv2/customer/projects"],
      ["GET", "/apiv2/customer/projects/count"],
      ["POST", "/apiv2/customer/projects", { name: "Bad" }],
      ["PATCH", "/apiv2/customer/projects/1", { name: "Bad" }],
      ["DELETE", "/apiv2/customer/projects/1"],
      ["POST", "/apiv2/customer/projects/1/items", { sku: "FLOOR-1", quantity: 1 }],
      ["PATCH", "/apiv2/customer/projects/1/items/1", { quantity: 1 }],
      ["DELETE", "/apiv2/customer/projects/1/items/1"],
      ["POST", "/apiv2/customer/projects/1/to-cart", {}],
      ["POST", "/apiv2/customer/projects/merge", { projects: [] }],
    ];
    for (const [method, path, body] of calls) {
      const answer = await h.call(guest, method, path, { body });
      expect({ path, method, status: answer.status }).toEqual({ path, method, status: 401 });
      expect(answer.body.errors[0]).toEqual({ message: "Please sign in to your customer account.", code: "not_signed_in" });
    }
  });

  test("create, add (sums into the product's line), change, remove, rename, list, count, delete", async () => {
    const browser = await customer();
    const id = await project(browser, " Bad oben ");
    expect((await add(browser, id, "FLOOR-1", 2)).status).toBe(200);
    const summed = await add(browser, id, "FLOOR-1", 3);
    expect(summed.body.data.project.items).toEqual([
      {
        itemId: expect.any(Number),
        sku: "FLOOR-1",
        name: "Produkt FLOOR-1",
        link: "/produkt-floor-1.html",
        image: { src: "/images/floor-1.jpg", alt: "Produkt FLOOR-1" },
        quantity: 5,
        unit: "SQM",
        unitLabel: "m²",
        packagePrice: expect.objectContaining({ amount: 2995, currency: "EUR" }),
        available: true,
      },
    ]);
    const withOos = await add(browser, id, "OOS-1", 1);
    const oos = withOos.body.data.project.items.find((item: { sku: string }) => item.sku === "OOS-1");
    expect(oos).toMatchObject({ available: false, packagePrice: expect.objectContaining({ amount: 1000 }) });
    const floorItem = summed.body.data.project.items[0].itemId as number;
    const changed = await h.call(browser, "PATCH", `/apiv2/customer/projects/${id}/items/${floorItem}`, { body: { quantity: 7 } });
    expect(changed.body.data.project.items[0].quantity).toBe(7);
    const removed = await h.call(browser, "DELETE", `/apiv2/customer/projects/${id}/items/${oos.itemId}`);
    expect(removed.body.data.project.items.map((item: { sku: string }) => item.sku)).toEqual(["FLOOR-1"]);
    const renamed = await h.call(browser, "PATCH", `/apiv2/customer/projects/${id}`, { body: { name: "Bad unten" } });
    expect(renamed.body.data.project).toMatchObject({ id, name: "Bad unten" });
    await project(browser, "Terrasse");
    const list = await h.call(browser, "GET", "/apiv2/customer/projects");
    expect(list.body.data.projects.map((p: { name: string }) => p.name).sort()).toEqual(["Bad unten", "Terrasse"]);
    expect((await h.call(browser, "GET", "/apiv2/customer/projects/count")).body.data).toEqual({ count: 2 });
    expect((await h.call(browser, "DELETE", `/apiv2/customer/projects/${id}`)).body.data).toEqual({ deleted: true });
    expect((await h.call(browser, "GET", "/apiv2/customer/projects/count")).body.data).toEqual({ count: 1 });
    expect(await h.db.prepare("SELECT COUNT(*) AS n FROM project_items WHERE project_id = ?").bind(id).first("n")).toBe(0);
  });

  test("names are unique per customer (case-insensitive), 409 project_name_taken; another customer may use the name", async () => {
    const browser = await customer();
    const first = await project(browser, "Keller");
    const taken = await h.call(browser, "POST", "/apiv2/customer/projects", { body: { name: "keller" } });
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0]).toMatchObject({ code: "project_name_taken", field: "name" });
    const second = await project(browser, "Dach");
    expect((await h.call(browser, "PATCH", `/apiv2/customer/projects/${second}`, { body: { name: "KELLER" } })).status).toBe(409);
    expect((await h.call(browser, "PATCH", `/apiv2/customer/projects/${first}`, { body: { name: "Keller" } })).status).toBe(200);
    await project(await customer(), "Keller");
  });

  test("only products the shop sells as they are; bad input is refused", async () => {
    const browser = await customer();
    const id = await project(browser, "Flur");
    expect((await add(browser, id, "NOPE-1", 1)).body.errors).toContainEqual(expect.objectContaining({ field: "sku", code: "unknown_product" }));
    expect((await add(browser, id, "CONF-1", 1)).body.errors).toContainEqual(expect.objectContaining({ field: "sku", code: "configuration_unavailable" }));
    expect((await add(browser, id, "DEONLY-1", 1)).status).toBe(200);
    const swiss = await customer("CH");
    expect((await add(swiss, await project(swiss, "Flur"), "DEONLY-1", 1)).body.errors).toContainEqual(expect.objectContaining({ code: "unknown_product" }));
    for (const quantity of [0, 10_000, 1.5, "2", null]) expect((await add(browser, id, "FLOOR-1", quantity as number)).status).toBe(422);
    expect((await h.call(browser, "POST", "/apiv2/customer/projects", { body: { name: "<img src=x>" } })).status).toBe(422);
    expect((await h.call(browser, "POST", "/apiv2/customer/projects", { body: { name: "x".repeat(81) } })).status).toBe(422);
    for (const path of ["/apiv2/customer/projects/0/items", "/apiv2/customer/projects/1e3/items", "/apiv2/customer/projects/-1/items"])
      expect((await h.call(browser, "POST", path, { body: { sku: "FLOOR-1", quantity: 1 } })).status).toBe(404);
  });

  test("ownership: customer A cannot read, change, fill, empty, rename, delete or order from B's project (404)", async () => {
    const a = await customer();
    const b = await customer();
    const id = await project(b, "Wohnzimmer");
    const itemId = (await add(b, id, "FLOOR-1", 2)).body.data.project.items[0].itemId as number;
    const calls: [string, string, unknown?][] = [
      ["PATCH", `/apiv2/customer/projects/${id}`, { name: "Gestohlen" }],
      ["DELETE", `/apiv2/customer/projects/${id}`],
      ["POST", `/apiv2/customer/projects/${id}/items`, { sku: "FLOOR-1", quantity: 1 }],
      ["PATCH", `/apiv2/customer/projects/${id}/items/${itemId}`, { quantity: 9 }],
      ["DELETE", `/apiv2/customer/projects/${id}/items/${itemId}`],
      ["POST", `/apiv2/customer/projects/${id}/to-cart`, {}],
      ["POST", `/apiv2/customer/projects/${id}/to-cart`, { itemIds: [itemId] }],
    ];
    for (const [method, path, body] of calls) {
      const answer = await h.call(a, method, path, { body });
      expect({ method, path, status: answer.status }).toEqual({ method, path, status: 404 });
    }
    expect((await h.call(a, "GET", "/apiv2/customer/projects")).body.data.projects).toEqual([]);
    // A's own project cannot reach B's line either
    const own = await project(a, "Eigenes");
    expect((await h.call(a, "PATCH", `/apiv2/customer/projects/${own}/items/${itemId}`, { body: { quantity: 9 } })).status).toBe(404);
    expect((await h.call(a, "POST", `/apiv2/customer/projects/${own}/to-cart`, { body: { itemIds: [itemId] } })).status).toBe(404);
    const intact = (await h.call(b, "GET", "/apiv2/customer/projects")).body.data.projects;
    expect(intact).toEqual([expect.objectContaining({ id, name: "Wohnzimmer", items: [expect.objectContaining({ itemId, quantity: 2 })] })]);
  });

  test("concurrent edits lose nothing: 20 additions of one product at once sum up, additions of different products all land", async () => {
    const browser = await customer();
    const id = await project(browser, "Gleichzeitig");
    const answers = await Promise.all(Array.from({ length: 20 }, () => add(browser, id, "FLOOR-1", 1)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const skus = ["S-1", "S-2", "S-3", "S-4", "S-5", "S-6", "S-7", "S-8", "S-9", "LOW-1", "NOEXP-1", "FREIGHT-1"];
    await Promise.all(skus.map((sku) => add(browser, id, sku, 2)));
    const items = (await h.call(browser, "GET", "/apiv2/customer/projects")).body.data.projects[0].items as { sku: string; quantity: number }[];
    expect(items.find((item) => item.sku === "FLOOR-1")!.quantity).toBe(20);
    expect(items.map((item) => item.sku).sort()).toEqual(["FLOOR-1", ...skus].sort());
    expect(items.filter((item) => item.sku !== "FLOOR-1").every((item) => item.quantity === 2)).toBe(true);
  });

  test("merge: guest projects join the account's by name, quantities summed, no line lost, new names become projects; idempotent with a key", async () => {
    const browser = await customer("CH", "fr");
    const bath = await project(browser, "Salle de bain");
    await add(browser, bath, "FLOOR-1", 2);
    const guest = {
      projects: [
        {
          name: "salle de bain",
          items: [
            { sku: "FLOOR-1", quantity: 3 },
            { sku: "NOEXP-1", quantity: 1 },
          ],
        },
        {
          name: "Terrasse",
          items: [
            { sku: "FREIGHT-1", quantity: 2 },
            { sku: "GONE-1", quantity: 4 },
            { sku: "FREIGHT-1", quantity: 1 },
          ],
        },
        { name: "Vide", items: [] },
      ],
    };
    const key = { "idempotency-key": "merge-1" };
    const merged = await h.call(browser, "POST", "/apiv2/customer/projects/merge", { body: guest, headers: key });
    expect(merged.status).toBe(200);
    const byName = Object.fromEntries(
      (merged.body.data.projects as { name: string; items: { sku: string; quantity: number; available: boolean; link: string | null }[] }[]).map((p) => [
        p.name,
        Object.fromEntries(p.items.map((item) => [item.sku, item.quantity])),
      ]),
    );
    expect(byName).toEqual({
      "Salle de bain": { "FLOOR-1": 5, "NOEXP-1": 1 },
      Terrasse: { "FREIGHT-1": 3, "GONE-1": 4 },
      Vide: {},
    });
    const terrace = (merged.body.data.projects as { name: string; items: { sku: string; available: boolean; link: string | null; name: string }[] }[]).find(
      (p) => p.name === "Terrasse",
    )!;
    expect(terrace.items.find((item) => item.sku === "GONE-1")).toMatchObject({ available: false, link: null, name: "GONE-1" });
    // the test catalogue has no French page of the product: its German name, no link
    expect(terrace.items.find((item) => item.sku === "FREIGHT-1")).toMatchObject({ name: "Produkt FREIGHT-1", link: null, available: true });
    const replay = await h.call(browser, "POST", "/apiv2/customer/projects/merge", { body: guest, headers: key });
    expect(replay.status).toBe(200);
    const after = (await h.call(browser, "GET", "/apiv2/customer/projects")).body.data.projects as {
      name: string;
      items: { sku: string; quantity: number }[];
    }[];
    expect(after.find((p) => p.name === "Salle de bain")!.items.find((item) => item.sku === "FLOOR-1")!.quantity).toBe(5);
  });

  test("merge caps a summed quantity at 9999 and takes more lines than an interactive project may hold", async () => {
    const browser = await customer();
    const skus = Array.from({ length: 250 }, (_, i) => `MERGE-${i}`);
    const answer = await h.call(browser, "POST", "/apiv2/customer/projects/merge", {
      body: {
        projects: [
          { name: "Groß", items: [...skus.map((sku) => ({ sku, quantity: 1 })), { sku: "FLOOR-1", quantity: 9000 }, { sku: "FLOOR-1", quantity: 9000 }] },
        ],
      },
    });
    expect(answer.status).toBe(200);
    const items = answer.body.data.projects[0].items as { sku: string; quantity: number }[];
    expect(items).toHaveLength(251);
    expect(items.find((item) => item.sku === "FLOOR-1")!.quantity).toBe(9999);
  });

  test("to-cart: all lines or the chosen ones into the visitor's cart with the cart's rules; the project stays", async () => {
    const browser = await customer();
    const id = await project(browser, "Küche");
    expect((await add(browser, id, "FLOOR-1", 2)).status).toBe(200);
    const noexp = (await add(browser, id, "NOEXP-1", 3)).body.data.project.items.find((item: { sku: string }) => item.sku === "NOEXP-1").itemId as number;
    const chosen = await h.call(browser, "POST", `/apiv2/customer/projects/${id}/to-cart`, { body: { itemIds: [noexp] } });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data.items.map((item: { sku: string; quantity: number }) => [item.sku, item.quantity])).toEqual([["NOEXP-1", 3]]);
    const all = await h.call(browser, "POST", `/apiv2/customer/projects/${id}/to-cart`);
    expect(all.body.data.items.map((item: { sku: string; quantity: number }) => [item.sku, item.quantity])).toEqual([
      ["NOEXP-1", 6],
      ["FLOOR-1", 2],
    ]);
    expect((await h.call(browser, "GET", "/apiv2/cart/")).body.data.items).toHaveLength(2);
    expect((await h.call(browser, "GET", "/apiv2/customer/projects")).body.data.projects[0].items).toHaveLength(2);
  });

  test("to-cart refuses all when one line cannot go (the line named as items.<itemId>), and writes nothing", async () => {
    const browser = await customer();
    const id = await project(browser, "Garage");
    await add(browser, id, "FLOOR-1", 1);
    const oos = (await add(browser, id, "OOS-1", 1)).body.data.project.items.find((item: { sku: string }) => item.sku === "OOS-1").itemId as number;
    const answer = await h.call(browser, "POST", `/apiv2/customer/projects/${id}/to-cart`);
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toContainEqual(expect.objectContaining({ code: "out_of_stock", field: `items.${oos}` }));
    expect((await h.call(browser, "GET", "/apiv2/cart/")).body.data.items).toEqual([]);
    expect((await h.call(browser, "POST", `/apiv2/customer/projects/${await project(browser, "Leer")}/to-cart`)).body.errors).toContainEqual(
      expect.objectContaining({ code: "project_empty" }),
    );
  });
});
