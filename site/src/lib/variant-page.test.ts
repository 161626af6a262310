import { loadVariantPage, VariantPageGone } from "./variant-page";
import { pageDataUrl } from "./page-data-url";
import { testProduct } from "@tests/kit/site";

jest.mock("gatsby", () => ({ navigate: jest.fn() }));

const answer = (status: number, body: unknown) => Promise.resolve({ ok: status >= 200 && status < 300, status, json: () => Promise.resolve(body) });
const pageData = (sku: string) => ({ result: { data: { product: { sku, data: { ...testProduct("EUR", "de"), sku } } } } });

describe("a variant's data from its own page (docs/decisions/0055)", () => {
  test("the page-data address Gatsby writes, for pages at the root, in a language folder and the home page", () => {
    expect(pageDataUrl("/klick-vinyl-eiche-6-mm-100065-1.html")).toBe("/page-data/klick-vinyl-eiche-6-mm-100065-1.html/page-data.json");
    expect(pageDataUrl("/de/parkett.html")).toBe("/page-data/de/parkett.html/page-data.json");
    expect(pageDataUrl("/fr/")).toBe("/page-data/fr/page-data.json");
    expect(pageDataUrl("/")).toBe("/page-data/index/page-data.json");
  });

  test("loads the variant's product once however often its option is pointed at and chosen", async () => {
    const get = jest.fn(() => answer(200, pageData("V-1")));
    const [first, second] = await Promise.all([loadVariantPage("/v-1.html", get), loadVariantPage("/v-1.html", get)]);
    expect(first.sku).toBe("V-1");
    expect(second).toBe(first);
    expect(await loadVariantPage("/v-1.html", get)).toBe(first);
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith("/page-data/v-1.html/page-data.json");
  });

  test("a failed load (not found, a page without a product, the network) is refused and tried again the next time", async () => {
    const get = jest
      .fn()
      .mockImplementationOnce(() => answer(404, "not found"))
      .mockImplementationOnce(() => answer(200, { result: { data: { category: {} } } }))
      .mockImplementationOnce(() => Promise.reject(new TypeError("Failed to fetch")))
      .mockImplementationOnce(() => answer(200, pageData("V-2")));
    await expect(loadVariantPage("/v-2.html", get)).rejects.toThrow(VariantPageGone);
    await expect(loadVariantPage("/v-2.html", get)).rejects.toThrow("has no product");
    await expect(loadVariantPage("/v-2.html", get)).rejects.toThrow("Failed to fetch");
    expect((await loadVariantPage("/v-2.html", get)).sku).toBe("V-2");
    expect(get).toHaveBeenCalledTimes(4);
  });

  test("a variant whose page is gone (404, 410) is told apart from a load that failed otherwise", async () => {
    for (const [status, gone] of [
      [404, true],
      [410, true],
      [500, false],
      [503, false],
    ] as const) {
      const failure = await loadVariantPage(`/v-${status}.html`, () => answer(status, "")).catch((error: unknown) => error);
      expect([status, failure instanceof VariantPageGone]).toEqual([status, gone]);
    }
    const offline = await loadVariantPage("/v-offline.html", () => Promise.reject(new TypeError("Failed to fetch"))).catch((error: unknown) => error);
    expect(offline instanceof VariantPageGone).toBe(false);
  });
});
