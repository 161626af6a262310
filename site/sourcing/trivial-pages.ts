import type { CreatePagesArgs } from "gatsby";
import { siteSource } from "./site-source";

/**
 * Benchmark baseline (BENCH_TRIVIAL_PAGES=N): N pages from a trivial template with no
 * sourcing and no queries, so `npm run bench:build` can show what the real templates
 * and the data layer cost for the same page count.
 */
export function trivialPageCount(): number | null {
  const value = process.env.BENCH_TRIVIAL_PAGES;
  return value ? Number(value) : null;
}

export function createTrivialPages({ actions }: CreatePagesArgs, count: number): void {
  const component = siteSource("templates", "trivial.tsx");
  for (let index = 0; index < count; index += 1) {
    const pagePath = `/page-${index}.html`;
    actions.createPage({
      path: pagePath,
      component,
      context: {
        title: `Page ${index}`,
        language: "de",
        i18n: {
          language: "de",
          languages: ["de"],
          defaultLanguage: "de",
          generateDefaultLanguagePage: false,
          routed: false,
          originalPath: pagePath,
          path: pagePath,
        },
      },
    });
  }
}
