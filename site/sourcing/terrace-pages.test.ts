import rawConfig from "@config/shops.json";
import { createTerracePages, TERRACE_TEMPLATE } from "./terrace-pages";

const shopOf = (id: string) => rawConfig.shops.find((shop) => shop.id === id)!;

function created(id: string, languages: string[]) {
  const pages: { path: string; component: string; language: string; seo: unknown }[] = [];
  const paths = createTerracePages(shopOf(id), languages, (path, component, language, _context, seo) => pages.push({ path, component, language, seo }));
  return { pages, paths };
}

test("one planner page per language that sells decking, under the language prefix; none indexed or in the sitemap", () => {
  const { pages, paths } = created("CH", ["de", "fr", "it"]);
  expect(pages.map((page) => [page.path, page.language])).toEqual([
    ["/de/terrace-planner/", "de"],
    ["/fr/terrace-planner/", "fr"],
    ["/it/terrace-planner/", "it"],
  ]);
  expect(Object.fromEntries(paths)).toEqual({ de: "/de/terrace-planner/", fr: "/fr/terrace-planner/", it: "/it/terrace-planner/" });
  for (const page of pages) {
    expect(page.component).toBe(TERRACE_TEMPLATE);
    expect(page.seo).toEqual({ robots: "noindex,nofollow", sitemap: false });
  }
});

test("shops without prefixes have the page at the root; a language without decking gets none", () => {
  expect(created("DE", ["de"]).pages.map((page) => page.path)).toEqual(["/terrace-planner/"]);
  const none = created("BRAND", []);
  expect(none.pages).toEqual([]);
  expect(none.paths.size).toBe(0);
});
