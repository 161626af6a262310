import { expect, test } from "@playwright/test";
import { PAGE_BUDGETS, heaviestPageOfEachType, overBudget } from "@scripts/bench/page-js";
import { builtRoot } from "./support/crawl";
import { E2E_SHOPS } from "./support/site";

/**
 * The first-load JavaScript of the built pages keeps within its budgets (docs/decisions/0011): home,
 * category and product at most 85 KB gzip, the cart page under 95 KB. Measured on the build the
 * browser tests serve, the heaviest page of each type, as `npm run bench:pages` does (scripts/bench/page-js.ts).
 */
for (const shop of E2E_SHOPS) {
  test(`${shop}: every page type's first-load JavaScript is within its budget`, () => {
    const byType = heaviestPageOfEachType(builtRoot(shop));
    expect([...byType.keys()], "page types with a budget that the build has").toEqual(expect.arrayContaining(Object.keys(PAGE_BUDGETS)));
    const over = [...byType].flatMap(([type, page]) => {
      const excess = overBudget(type, page.gzip);
      return excess ? [`${type} (/${page.path}): ${(page.gzip / 1024).toFixed(1)} KB, ${excess}`] : [];
    });
    expect(over).toEqual([]);
  });
}
