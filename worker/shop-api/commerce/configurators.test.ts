/**
 * The product configurators through the shop API's route table against a real
 * local D1: the configurator answer (option images, variants, roof-window steps from the
 * import), the roof-window set into the cart, the configuration cart add's refusals and the
 * PUT configuration store.
 */
import { importDocument } from "@tests/kit/catalogue";
import type { CatalogueDocument, ProductRecord } from "@tests/kit/catalogue";
import { createHarness, type Harness } from "@tests/kit/commerce";

let h: Harness;

function product(sku: string, extra: Partial<ProductRecord> = {}): ProductRecord {
  return {
    sku,
    type: "simple",
    category: "boden",
    shops: ["DE", "CH", "COM"],
    unit: "PCS",
    packageContent: 1,
    shippingGroup: "parcel",
    deliveryDays: { min: 3, max: 6 },
    stock: { quantity: 20 },
    content: {
      de: { slug: `dach-${sku.toLowerCase()}`, title: `Dach ${sku}`, description: `<p>Beschreibung ${sku}</p>` },
      en: { slug: `roof-${sku.toLowerCase()}`, title: `Roof ${sku}` },
    },
    media: [{ kind: "image", url: `/images/${sku}.jpg` }],
    ...extra,
  };
}

type Steps = NonNullable<ProductRecord["roofWindowConfiguration"]>;

export function roofWindowSteps(): Steps {
  return [
    {
      componentType: "window",
      code: "window",
      name: { de: "Fenster", en: "Window" },
      stepData: {
        choices: [
          { sku: "RW-WIN", size: "CK02" },
          { sku: "RW-WIN-MK04", size: "MK04" },
        ],
      },
    },
    {
      componentType: "flashing",
      code: "flashing",
      name: { de: "Eindeckrahmen", en: "Flashing" },
      required: true,
      stepData: {
        choices: [
          { sku: "RW-FL-CK02", fits: ["CK02"] },
          { sku: "RW-FL-MK04", fits: ["MK04"] },
        ],
      },
    },
    { componentType: "blind", code: "blind", name: { de: "Rollo", en: "Blind" }, stepData: { choices: [{ sku: "RW-BL-CK02", fits: ["CK02"] }] } },
    {
      componentType: "accessories",
      code: "accessories",
      name: { de: "Zubehör", en: "Accessories" },
      stepData: { multiple: true, choices: [{ sku: "RW-ACC-MOTOR" }, { sku: "RW-ACC-OOS" }] },
    },
  ];
}

function roofWindowDocument(steps: Steps = roofWindowSteps()): CatalogueDocument {
  const products = [
    product("RW-WIN", { roofWindowConfiguration: steps }),
    product("RW-WIN-MK04"),
    product("RW-FL-CK02"),
    product("RW-FL-MK04"),
    product("RW-BL-CK02"),
    product("RW-ACC-MOTOR"),
    product("RW-ACC-OOS", { stock: { quantity: 0 } }),
    product("IMG-1", {
      type: "configurable",
      configurableAttributes: [
        {
          code: "decor",
          label: "Dekor",
          useImage: true,
          options: [
            { value: "eiche", label: "Eiche", image: "/images/decor-eiche.jpg" },
            { value: "nuss", label: "Nuss", image: "/images/decor-nuss.jpg" },
            { value: "ahorn", label: "Ahorn", image: "/images/decor-ahorn.jpg" },
          ],
        },
        {
          code: "finish",
          // Labels per language (domain/catalogue-label.ts); "geölt" has none in French.
          label: { de: "Oberfläche", en: "Finish", fr: "Finition" },
          options: [
            { value: "matt", label: { de: "matt", en: "matt", fr: "mat" } },
            { value: "geoelt", label: { de: "geölt", en: "oiled" } },
          ],
        },
      ],
    }),
    product("IMG-1-1", { type: "variant", parentSku: "IMG-1" }),
    product("IMG-1-2", { type: "variant", parentSku: "IMG-1" }),
  ];
  const euro: Record<string, number> = {
    "RW-WIN": 499,
    "RW-WIN-MK04": 599,
    "RW-FL-CK02": 120,
    "RW-FL-MK04": 140,
    "RW-BL-CK02": 89.9,
    "RW-ACC-MOTOR": 249,
    "RW-ACC-OOS": 19,
    "IMG-1-1": 40,
    "IMG-1-2": 42,
  };
  const prices = Object.entries(euro).flatMap(([sku, value]) => [
    { sku, shop: "DE", currency: "EUR" as const, packagePrice: value, unitPrice: value },
    { sku, shop: "CH", currency: "CHF" as const, packagePrice: value, unitPrice: value },
    { sku, shop: "COM", currency: "EUR" as const, packagePrice: value, unitPrice: value },
  ]);
  return { products, prices };
}

beforeAll(async () => {
  h = await createHarness();
  const result = await importDocument(h.db, roofWindowDocument());
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
});
afterAll(() => h.dispose());

let ip = 0;
/** A client address of its own per call, so the many writes here stay under the per-IP write limit (tested in cart-items.test.ts). */
const fresh = (headers: Record<string, string> = {}) => ({ "cf-connecting-ip": `198.51.100.${(ip++ % 250) + 1}`, ...headers });

describe("the configurator answer", () => {
  test("a configurable product: attributes with option images where useImage, variants as the page shows them", async () => {
    const { status, body } = await h.call("GET", "/apiv2/product-configurator/configurator/IMG-1");
    expect(status).toBe(200);
    expect(body.errors).toEqual([]);
    expect(body.data.configurableAttributes[0]).toEqual({
      id: 1,
      code: "decor",
      label: "Dekor",
      useImage: true,
      options: [
        { value: "eiche", label: "Eiche", image: "/images/decor-eiche.jpg" },
        { value: "nuss", label: "Nuss", image: "/images/decor-nuss.jpg" },
        { value: "ahorn", label: "Ahorn", image: "/images/decor-ahorn.jpg" },
      ],
    });
    expect(body.data.configurableAttributes[1]).toMatchObject({
      code: "finish",
      useImage: false,
      options: [{ value: "matt", image: null }, { value: "geoelt" }],
    });
    // Two variants for three decors: 'ahorn' has none, so the page says the configuration is not available.
    expect(body.data.variants).toEqual([
      {
        sku: "IMG-1-1",
        title: "Dach IMG-1-1",
        description: "<p>Beschreibung IMG-1-1</p>",
        image: { src: "/images/IMG-1-1.jpg", alt: "Dach IMG-1-1" },
        price: expect.objectContaining({ amount: 4000, currency: "EUR" }),
        unavailable: null,
        options: { decor: "eiche" },
      },
      expect.objectContaining({ sku: "IMG-1-2", options: { decor: "nuss" } }),
    ]);
    expect(body.data.roofWindow).toBeNull();
  });

  test("labels the catalogue gives per language are answered in the request's language, else in German", async () => {
    const labels = async (shop: string, language: string) => {
      const { body } = await h.call("GET", "/apiv2/product-configurator/configurator/IMG-1", { shop, language });
      const finish = body.data.configurableAttributes[1] as { label: string; options: { label: string }[] };
      return [finish.label, ...finish.options.map((option) => option.label)];
    };
    expect(await labels("CH", "fr")).toEqual(["Finition", "mat", "geölt"]);
    expect(await labels("COM", "en")).toEqual(["Finish", "matt", "oiled"]);
    expect(await labels("DE", "de")).toEqual(["Oberfläche", "matt", "geölt"]);
    expect(await labels("CH", "it")).toEqual(["Oberfläche", "matt", "geölt"]);
  });

  test("a per-language label without any text, or with a language the shops do not speak, is refused by the import", async () => {
    const doc = roofWindowDocument();
    const product = doc.products!.find((each) => each.sku === "IMG-1")!;
    product.configurableAttributes = [{ code: "finish", label: {}, options: [{ value: "matt", label: { xx: "matt" } as never }] }];
    const result = await importDocument(h.db, doc);
    expect(result.ok).toBe(false);
    const fields = result.ok ? [] : result.problems.map((problem) => problem.field);
    expect(fields).toEqual(expect.arrayContaining(["products[7].configurableAttributes[0].label", "products[7].configurableAttributes[0].options[0].label"]));
  });

  test("a variant out of stock is offered as unavailable; the older configurable product keeps its answer", async () => {
    const { body } = await h.call("GET", "/apiv2/product-configurator/configurator/CONF-1");
    expect(body.data.variants.map((v: { sku: string; unavailable: string | null }) => [v.sku, v.unavailable])).toEqual([
      ["CONF-1-1", null],
      ["CONF-1-2", "out_of_stock"],
    ]);
  });

  test("a roof window: its steps from the import, in order, with names in the request's language and priced choices", async () => {
    const { body } = await h.call("GET", "/apiv2/product-configurator/configurator/RW-WIN", { shop: "COM", language: "en" });
    expect(body.data.configurableAttributes).toEqual([]);
    const steps = body.data.roofWindow.steps as {
      code: string;
      name: string;
      componentType: string;
      required: boolean;
      multiple: boolean;
      choices: { sku: string; unavailable: string | null; size: string | null; fits: string[] | null }[];
    }[];
    expect(steps.map((s) => [s.componentType, s.code, s.name, s.required, s.multiple])).toEqual([
      ["window", "window", "Window", true, false],
      ["flashing", "flashing", "Flashing", true, false],
      ["blind", "blind", "Blind", false, false],
      ["accessories", "accessories", "Accessories", false, true],
    ]);
    expect(steps[0]!.choices.map((c) => [c.sku, c.size])).toEqual([
      ["RW-WIN", "CK02"],
      ["RW-WIN-MK04", "MK04"],
    ]);
    expect(steps[1]!.choices[1]).toMatchObject({ sku: "RW-FL-MK04", fits: ["MK04"], size: null, price: { amount: 14000 } });
    expect(steps[3]!.choices.find((c) => c.sku === "RW-ACC-OOS")!.unavailable).toBe("out_of_stock");
    // German where the language has no name.
    const fr = await h.call("GET", "/apiv2/product-configurator/configurator/RW-WIN", { shop: "CH", language: "fr" });
    expect(fr.body.data.roofWindow.steps[1].name).toBe("Eindeckrahmen");
  });

  test("nothing to configure is one error; unknown and hostile SKUs are 404", async () => {
    const simple = await h.call("GET", "/apiv2/product-configurator/configurator/RW-FL-CK02");
    expect(simple.status).toBe(422);
    expect(simple.body.errors).toEqual([{ message: "The selected configuration is not available.", code: "configuration_unavailable" }]);
    for (const sku of ["NOPE", "RW-WIN'%20OR%201=1--", "%E0%A4%A", "x".repeat(500)]) {
      const answer = await h.call("GET", `/apiv2/product-configurator/configurator/${sku}`);
      expect(answer.status).toBe(404);
      expect(answer.body.errors).toHaveLength(1);
    }
  });
});

describe("the roof-window set into the cart", () => {
  const add = (body: unknown, token?: string, headers: Record<string, string> = {}) =>
    h.call("POST", "/apiv2/configuration/roof-window/cart", { body, token, headers: fresh(headers) });

  test("one line per component, grouped by the set, in step order; the same configuration again is a second set", async () => {
    const choices = { window: "RW-WIN", flashing: "RW-FL-CK02", blind: "RW-BL-CK02", accessories: ["RW-ACC-MOTOR"] };
    const first = await add({ sku: "RW-WIN", quantity: 2, choices });
    expect(first.status).toBe(200);
    const items = first.body.data.items as { sku: string; quantity: number; set: { id: string; sku: string; component: string } | null }[];
    expect(items.map((i) => [i.sku, i.quantity, i.set?.component])).toEqual([
      ["RW-WIN", 2, "window"],
      ["RW-FL-CK02", 2, "flashing"],
      ["RW-BL-CK02", 2, "blind"],
      ["RW-ACC-MOTOR", 2, "accessories"],
    ]);
    const setId = items[0]!.set!.id;
    expect(setId).toMatch(/^[0-9A-Z]{10}$/);
    expect(items.every((i) => i.set?.id === setId && i.set.sku === "RW-WIN")).toBe(true);
    expect(first.body.data.addToCartCount).toBe(8);

    const second = await add({ sku: "RW-WIN", choices }, first.token);
    const lines = second.body.data.items as typeof items;
    expect(lines).toHaveLength(8);
    expect(new Set(lines.map((i) => i.set!.id)).size).toBe(2);
    // A product added on its own is not part of a set.
    const plain = await h.call("POST", "/apiv2/cart", { body: { sku: "RW-WIN" }, token: first.token, headers: fresh() });
    expect((plain.body.data.items as typeof items).at(-1)).toMatchObject({ sku: "RW-WIN", set: null });
  });

  test("the steps' rules: required steps, offered choices, fitting sizes, one choice unless several are allowed", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ flashing: "RW-FL-CK02" }, "choices.window", "step_required"],
      [{ window: "RW-WIN" }, "choices.flashing", "step_required"],
      [{ window: "RW-WIN-MK04", flashing: "RW-FL-CK02" }, "choices.flashing", "does_not_fit"],
      [{ window: "RW-WIN-MK04", flashing: "RW-FL-MK04", blind: "RW-BL-CK02" }, "choices.blind", "does_not_fit"],
      [{ window: "RW-WIN", flashing: "RW-FL-CK02", blind: "RW-ACC-MOTOR" }, "choices.blind", "not_in_step"],
      [{ window: "FLOOR-1", flashing: "RW-FL-CK02" }, "choices.window", "not_in_step"],
      [{ window: ["RW-WIN", "RW-WIN-MK04"], flashing: "RW-FL-CK02" }, "choices.window", "one_choice"],
      [{ window: "RW-WIN", flashing: "RW-FL-CK02", accessories: ["RW-ACC-MOTOR", "RW-ACC-MOTOR"] }, "choices.accessories", "not_in_step"],
      [{ window: "RW-WIN", flashing: "RW-FL-CK02", chimney: "RW-WIN" }, "choices.chimney", "unknown_step"],
    ];
    for (const [choices, field, code] of cases) {
      const answer = await add({ sku: "RW-WIN", choices });
      expect([answer.status, answer.body.errors[1]]).toEqual([422, expect.objectContaining({ field, code })]);
    }
    const named = await add({ sku: "RW-WIN", choices: { window: "RW-WIN" } });
    expect(named.body.errors[1]).toMatchObject({ message: "Please choose a Eindeckrahmen.", params: { step: "flashing" } });
  });

  test("a component the shop cannot sell now refuses the whole set: nothing is written", async () => {
    const answer = await add({ sku: "RW-WIN", choices: { window: "RW-WIN", flashing: "RW-FL-CK02", accessories: ["RW-ACC-MOTOR", "RW-ACC-OOS"] } });
    expect(answer.status).toBe(422);
    expect(answer.body.errors[1]).toMatchObject({ code: "out_of_stock", field: "choices.accessories" });
    const cart = await h.call("GET", "/apiv2/cart", { token: answer.token });
    expect(cart.body.data?.items ?? []).toEqual([]);
  });

  test("bad and hostile input", async () => {
    const window = { window: "RW-WIN", flashing: "RW-FL-CK02" };
    const refused: [unknown, number, string][] = [
      [{ sku: "RW-WIN" }, 422, "missing"],
      [{ sku: "RW-WIN", choices: window, quantity: 0 }, 422, "invalid"],
      [{ sku: "RW-WIN", choices: window, quantity: 100 }, 422, "invalid"],
      [{ sku: "RW-WIN", choices: window, quantity: "2" }, 422, "invalid"],
      [{ sku: "RW-WIN", choices: window, extra: 1 }, 422, "invalid"],
      [{ sku: "RW-WIN", choices: "RW-WIN" }, 422, "invalid"],
      [{ sku: "RW-WIN", choices: { window: { $ne: 1 } } }, 422, "invalid"],
      [{ sku: "RW-WIN", choices: { "Window'; DROP TABLE cart_items;--": "RW-WIN" } }, 422, "invalid"],
      [{ sku: "RW-WIN", choices: { ...window, accessories: Array.from({ length: 41 }, (_, i) => `A-${i}`) } }, 422, "invalid"],
      [{ sku: "<script>", choices: window }, 422, "invalid"],
      [{ sku: "FLOOR-1", choices: window }, 422, "configuration_unavailable"],
      [{ sku: "IMG-1", choices: window }, 422, "configuration_unavailable"],
      [{ sku: "NOPE-1", choices: window }, 404, "unknown_product"],
    ];
    for (const [body, status, code] of refused) {
      const answer = await add(body);
      expect([answer.status, answer.body.errors.map((e) => e.code)]).toEqual([status, expect.arrayContaining([code])]);
    }
    const malformed = await h.call("POST", "/apiv2/configuration/roof-window/cart", { raw: "{", headers: fresh({ "content-type": "application/json" }) });
    expect(malformed.status).toBe(400);
  });

  test("the same Idempotency-Key adds the set once and replays its answer", async () => {
    const body = { sku: "RW-WIN", choices: { window: "RW-WIN", flashing: "RW-FL-CK02" } };
    const { token } = await h.call("POST", "/apiv2/cart", { body: { sku: "FLOOR-1" }, headers: fresh() });
    const first = await add(body, token, { "idempotency-key": "roof-window-set-1" });
    const again = await add(body, token, { "idempotency-key": "roof-window-set-1" });
    expect(again.body).toEqual(first.body);
    expect((await h.call("GET", "/apiv2/cart", { token })).body.data.items).toHaveLength(3);
  });
});

describe("the configuration cart add (form data)", () => {
  const form = (fields: Record<string, string>, token?: string) => {
    const data = new URLSearchParams(fields);
    return h.call("POST", "/apiv2/configuration/cart/add", { raw: data, token, headers: fresh({ "content-type": "application/x-www-form-urlencoded" }) });
  };

  test("the chosen variant goes into the cart with the options; a combination without a variant is refused", async () => {
    const ok = await form({ form_key: "k1", product: "IMG-1", "super_attribute[decor]": "nuss", "super_attribute[finish]": "matt" });
    expect(ok.status).toBe(200);
    expect(ok.body.data.items).toEqual([expect.objectContaining({ sku: "IMG-1-2", options: { decor: "nuss", finish: "matt" }, set: null })]);
    const none = await form({ form_key: "k1", product: "IMG-1", "super_attribute[decor]": "ahorn", "super_attribute[finish]": "matt" });
    expect(none.status).toBe(422);
    expect(none.body.errors[1]).toMatchObject({ code: "configuration_unavailable", message: "The selected configuration is not available." });
    const missing = await form({ form_key: "k1", product: "IMG-1", "super_attribute[decor]": "nuss" });
    expect(missing.body.errors[1]).toMatchObject({ code: "configuration_unavailable" });
    const soldOut = await form({ form_key: "k1", product: "CONF-1", "super_attribute[shade]": "dunkel" });
    expect(soldOut.body.errors[1]).toMatchObject({ code: "out_of_stock", message: "This product is out of stock." });
  });
});

describe("PUT /apiv2/configuration/store/1/{configurationId}/product/{productId}", () => {
  const put = (configurationId: string, productId: string, body: unknown, token?: string, headers: Record<string, string> = {}) =>
    h.call("PUT", `/apiv2/configuration/store/1/${configurationId}/product/${productId}`, { body, token, headers: fresh(headers) });

  test("stores a configurable product's options and answers the variant; the same input again changes nothing", async () => {
    const first = await put("cfg-00000001", "IMG-1", { input: { options: { finish: "geoelt", decor: "eiche" } } });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      configurationId: "cfg-00000001",
      productId: "IMG-1",
      input: { options: { decor: "eiche", finish: "geoelt" }, quantity: 1 },
      variantSku: "IMG-1-1",
      components: null,
      createdAt: "2026-11-18T08:00:00.000Z",
      updatedAt: "2026-11-18T08:00:00.000Z",
    });
    h.setNow("2026-11-18T09:00:00Z");
    const same = await put("cfg-00000001", "IMG-1", { input: { options: { decor: "eiche", finish: "geoelt" } } }, first.token);
    expect(same.body.data.updatedAt).toBe("2026-11-18T08:00:00.000Z");
    const changed = await put("cfg-00000001", "IMG-1", { input: { options: { decor: "nuss", finish: "matt" }, quantity: 3 } }, first.token);
    expect(changed.body.data).toMatchObject({
      variantSku: "IMG-1-2",
      input: { quantity: 3 },
      createdAt: "2026-11-18T08:00:00.000Z",
      updatedAt: "2026-11-18T09:00:00.000Z",
    });
    // Another visitor's configuration of the same id is their own.
    const other = await put("cfg-00000001", "IMG-1", { input: { options: { decor: "eiche", finish: "matt" } } });
    expect(other.body.data).toMatchObject({ variantSku: "IMG-1-1", createdAt: "2026-11-18T09:00:00.000Z" });
    const rows = await h.db.prepare("SELECT COUNT(*) AS n FROM product_configurations WHERE configuration_id = 'cfg-00000001'").first<{ n: number }>();
    expect(rows?.n).toBe(2);
    h.setNow("2026-11-18T08:00:00Z");
  });

  test("stores a roof window's choices as its steps take them, with the set's components", async () => {
    const answer = await put("roof-window-1", "RW-WIN", {
      input: { choices: { accessories: "RW-ACC-MOTOR", flashing: "RW-FL-CK02", window: "RW-WIN" }, quantity: 2 },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      input: { choices: { window: "RW-WIN", flashing: "RW-FL-CK02", accessories: ["RW-ACC-MOTOR"] }, quantity: 2 },
      variantSku: null,
      components: [
        { code: "window", componentType: "window", sku: "RW-WIN" },
        { code: "flashing", componentType: "flashing", sku: "RW-FL-CK02" },
        { code: "accessories", componentType: "accessories", sku: "RW-ACC-MOTOR" },
      ],
    });
  });

  test("refuses what the product cannot be: unknown options, no variant, wrong kind, unfitting components", async () => {
    const cases: [string, unknown, number, string][] = [
      ["IMG-1", { input: { options: { decor: "ahorn", finish: "matt" } } }, 422, "configuration_unavailable"],
      ["IMG-1", { input: { options: { decor: "eiche", colour: "rot" } } }, 422, "configuration_unavailable"],
      ["IMG-1", { input: { choices: { window: "RW-WIN" } } }, 422, "configuration_unavailable"],
      ["RW-WIN", { input: { options: { decor: "eiche" } } }, 422, "configuration_unavailable"],
      ["RW-WIN", { input: { choices: { window: "RW-WIN-MK04", flashing: "RW-FL-CK02" } } }, 422, "does_not_fit"],
      ["FLOOR-1", { input: {} }, 422, "configuration_unavailable"],
      ["NOPE", { input: { options: {} } }, 404, "unknown_product"],
      ["IMG-1", {}, 422, "missing"],
      ["IMG-1", { input: "eiche" }, 422, "invalid"],
      ["IMG-1", { input: { options: { decor: "eiche", finish: "matt" }, quantity: -1 } }, 422, "invalid"],
      ["IMG-1", { input: { options: { decor: "eiche", finish: "matt" }, price: 0 } }, 422, "invalid"],
      ["IMG-1", { input: { options: { decor: "x".repeat(200), finish: "matt" } } }, 422, "invalid"],
    ];
    for (const [sku, body, status, code] of cases) {
      const answer = await put("cfg-refused", sku, body);
      expect([sku, answer.status, answer.body.errors.map((e) => e.code)]).toEqual([sku, status, expect.arrayContaining([code])]);
    }
    for (const id of ["short", "x".repeat(65), "cfg%20000001", "cfg'--00001"]) {
      const answer = await put(id, "IMG-1", { input: { options: { decor: "eiche", finish: "matt" } } });
      expect([answer.status, answer.body.errors[1]?.field]).toEqual([422, "configurationId"]);
    }
    const big = await h.call("PUT", "/apiv2/configuration/store/1/cfg-00000009/product/IMG-1", {
      raw: JSON.stringify({ input: { options: { decor: "a".repeat(70_000) } } }),
      headers: fresh({ "content-type": "application/json" }),
    });
    expect(big.status).toBe(413);
    // Only store 1 exists.
    expect((await h.call("PUT", "/apiv2/configuration/store/2/cfg-00000001/product/IMG-1", { body: { input: {} }, headers: fresh() })).status).toBe(404);
    expect(await h.db.prepare("SELECT COUNT(*) AS n FROM product_configurations WHERE configuration_id = 'cfg-refused'").first<{ n: number }>()).toEqual({
      n: 0,
    });
  });

  test(`a visitor stores at most 50 configurations per shop; changing a stored one stays possible`, async () => {
    const input = { input: { options: { decor: "eiche", finish: "matt" } } };
    const first = await put("limit-000", "IMG-1", input);
    for (let i = 1; i < 50; i++) expect((await put(`limit-${String(i).padStart(3, "0")}`, "IMG-1", input, first.token)).status).toBe(200);
    const over = await put("limit-050", "IMG-1", input, first.token);
    expect(over.status).toBe(422);
    expect(over.body.errors[0]).toMatchObject({ code: "too_many_configurations", params: { max: 50 } });
    const change = await put("limit-007", "IMG-1", { input: { options: { decor: "nuss", finish: "matt" } } }, first.token);
    expect(change.body.data.variantSku).toBe("IMG-1-2");
  });

  test("the same Idempotency-Key replays its answer", async () => {
    const body = { input: { options: { decor: "eiche", finish: "matt" } } };
    const { token } = await put("idem-0000000", "IMG-1", body);
    const first = await put("idem-0000001", "IMG-1", body, token, { "idempotency-key": "store-1" });
    const again = await put("idem-0000001", "IMG-1", body, token, { "idempotency-key": "store-1" });
    expect(again.body).toEqual(first.body);
    const reused = await put("idem-0000001", "IMG-1", { input: { options: { decor: "nuss", finish: "matt" } } }, token, { "idempotency-key": "store-1" });
    expect(reused.status).toBe(422);
  });
});

describe("the import of roof-window configurations", () => {
  const problemsOf = async (doc: CatalogueDocument) => {
    const result = await importDocument(h.db, doc);
    return result.ok ? [] : result.problems.map((p) => `${p.field}: ${p.message}`);
  };

  test("the steps' shape: the window first with sizes, unique codes, fitting sizes that exist, several only for accessories", async () => {
    const steps = roofWindowSteps();
    const broken: Steps = [
      { ...steps[1]!, stepData: { multiple: true, choices: [{ sku: "RW-FL-CK02", fits: ["XX99"] }] } },
      { ...steps[0]!, stepData: { choices: [{ sku: "RW-WIN" }, { sku: "RW-WIN", size: "CK02", fits: ["CK02"] }] } },
      { ...steps[2]!, code: "flashing" },
    ];
    const problems = await problemsOf({ products: [product("RW-WIN", { roofWindowConfiguration: broken })] });
    const at = "products[0].roofWindowConfiguration";
    expect(problems.sort()).toEqual(
      [
        `${at}[0].componentType: the first step must be the window`,
        `${at}[0].stepData.multiple: only accessories can be chosen several at once`,
        `${at}[1].componentType: only the first step is the window`,
        `${at}[1].stepData.choices[0].size: a window needs its size`,
        `${at}[1].stepData.choices[1].sku: 'RW-WIN' is offered twice in this step`,
        `${at}[1].stepData.choices[1].fits: a window has a size, not a list of sizes it fits`,
        `${at}[2].code: step code 'flashing' is used twice`,
        `${at}[0].stepData.choices[0].fits[0]: no window of size 'XX99' in this configuration`,
      ].sort(),
    );
  });

  test("choices are products sold as they are in the configured product's shops; only simple products carry a configuration", async () => {
    const steps = roofWindowSteps();
    steps[1]!.stepData.choices.push({ sku: "GHOST-1" }, { sku: "CONF-1" }, { sku: "DEONLY-1" });
    const problems = await problemsOf({
      products: [
        product("RW-WIN", { roofWindowConfiguration: steps }),
        product("CONF-9", { type: "configurable", roofWindowConfiguration: roofWindowSteps() }),
      ],
    });
    const at = "products[0].roofWindowConfiguration[1].stepData.choices";
    expect(problems).toEqual([
      "products[1].roofWindowConfiguration: only simple products carry a roof-window configuration (type is 'configurable')",
      `${at}[2].sku: unknown product 'GHOST-1'`,
      `${at}[3].sku: 'CONF-1' is a configurable product; name one of its variants`,
      `${at}[4].sku: 'DEONLY-1' is not sold in CH, COM, where 'RW-WIN' is`,
    ]);
  });

  test("option images: useImage needs an image on every option", async () => {
    const problems = await problemsOf({
      products: [
        product("IMG-9", {
          type: "configurable",
          configurableAttributes: [{ code: "decor", label: "Dekor", useImage: true, options: [{ value: "a", label: "A" }] }],
        }),
      ],
    });
    expect(problems).toEqual(["products[0].configurableAttributes[0].options[0].image: needs an image (useImage is set)"]);
  });

  test("a product imported again without its configuration loses the steps; with them, they are replaced in order", async () => {
    const reduced = roofWindowSteps().slice(0, 2);
    expect((await importDocument(h.db, { products: [product("RW-WIN", { roofWindowConfiguration: reduced })] })).ok).toBe(true);
    const { results } = await h.db.prepare("SELECT code, position, required FROM roof_window_components WHERE sku = 'RW-WIN' ORDER BY position").all();
    expect(results).toEqual([
      { code: "window", position: 0, required: 1 },
      { code: "flashing", position: 1, required: 1 },
    ]);
    expect((await importDocument(h.db, { products: [product("RW-WIN", { roofWindowConfiguration: roofWindowSteps() })] })).ok).toBe(true);
  });
});
