import { commonsOfTemplatesOnly, isTemplateChunk } from "./template-commons";

describe("the commons chunk of the page templates", () => {
  test("counts the templates' chunks, not the features loaded on demand", () => {
    expect(isTemplateChunk({ name: "component---site-src-templates-home-tsx" })).toBe(true);
    expect(isTemplateChunk({ name: "component---site-src-features-checkout-cart-page-template-tsx" })).toBe(true);
    expect(isTemplateChunk({ name: "inquiry-form" })).toBe(false);
    expect(isTemplateChunk({ name: "app" })).toBe(false);
    expect(isTemplateChunk({ name: null })).toBe(false);
    expect(isTemplateChunk({})).toBe(false);
  });

  test("limits Gatsby's commons group and leaves the others as they are", () => {
    const shared = { minChunks: 2 };
    const config = { optimization: { splitChunks: { cacheGroups: { commons: { minChunks: 22 } as { minChunks: number; chunks?: unknown }, shared } } } };
    commonsOfTemplatesOnly(config);
    expect(config.optimization.splitChunks.cacheGroups.commons.chunks).toBe(isTemplateChunk);
    expect(config.optimization.splitChunks.cacheGroups.commons.minChunks).toBe(22);
    expect(shared).toEqual({ minChunks: 2 });
  });

  test("fails loudly when Gatsby's bundle no longer has the group", () => {
    expect(() => commonsOfTemplatesOnly({ optimization: { splitChunks: { cacheGroups: {} } } })).toThrow(/commons/);
    expect(() => commonsOfTemplatesOnly({ optimization: { splitChunks: false } })).toThrow(/commons/);
    expect(() => commonsOfTemplatesOnly({})).toThrow(/commons/);
  });
});
