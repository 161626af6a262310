import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The storefront's breakpoints: layout breakpoints at 576, 768, 992 and 1200 px (mobile and
 * tablet part at 768, the home page's tablet at 992), content at most 1400 px wide; the terrace
 * planner recommends a screen of at least 1024 px and says so below it. A width query of any
 * stylesheet is one of these (min-width: the breakpoint; max-width: just below it, so the two
 * sides never both apply at the breakpoint itself).
 */
const LAYOUT_BREAKPOINTS = [576, 768, 992, 1200];
const PLANNER_MIN_WIDTH = 1024;
const ALLOWED = new Set([
  ...LAYOUT_BREAKPOINTS.map((px) => `min-width: ${px}px`),
  ...[...LAYOUT_BREAKPOINTS, PLANNER_MIN_WIDTH].map((px) => `max-width: ${px - 0.02}px`),
]);

const SITE = __dirname;
const stylesheets = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? stylesheets(join(dir, entry.name)) : entry.name.endsWith(".css") ? [join(dir, entry.name)] : [],
  );
const css = (file: string) => readFileSync(file, "utf8");

test("every width query of the storefront's stylesheets is one of the layout breakpoints (or the planner's 1024 px)", () => {
  const files = stylesheets(SITE);
  expect(files.length).toBeGreaterThan(10);
  const queries = files.flatMap((file) => [...css(file).matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].map((match) => `${match[1]}-width: ${match[2]}px`));
  expect(queries.length).toBeGreaterThan(10);
  expect(queries.filter((query) => !ALLOWED.has(query))).toEqual([]);
  // Each layout breakpoint is used, and the content is at most 1400 px wide.
  for (const px of LAYOUT_BREAKPOINTS) expect(queries).toContain(`min-width: ${px}px`);
  expect(css(join(SITE, "styles.css"))).toMatch(/\.container \{[^}]*max-width: 1400px/);
});

test("the terrace planner's notice shows below 1024 px only", () => {
  const terrace = css(join(SITE, "features/terrace/terrace.css"));
  expect(terrace).toMatch(/^\.terrace-small-screen \{\s*display: none;\s*\}/m);
  expect(terrace).toMatch(/@media \(max-width: 1023\.98px\) \{\s*\.terrace-small-screen \{\s*display: block;\s*\}\s*\}/);
});
