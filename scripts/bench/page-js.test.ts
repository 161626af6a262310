import { overBudget, pageType } from "./page-js";

describe("the first-load JavaScript budgets", () => {
  test("home, category and product at most 85 KB", () => {
    for (const type of ["home", "category", "product"]) {
      expect(overBudget(type, 85 * 1024)).toBeNull();
      expect(overBudget(type, 85 * 1024 + 1)).toBe("over 85 KB");
    }
  });

  test("the cart page under 95 KB", () => {
    expect(overBudget("checkout-cart-page-template", 95 * 1024 - 1)).toBeNull();
    expect(overBudget("checkout-cart-page-template", 95 * 1024)).toBe("not under 95 KB");
  });

  test("page types without a budget pass", () => {
    expect(overBudget("cms-page", 500 * 1024)).toBeNull();
    expect(overBudget("unknown", Number.MAX_SAFE_INTEGER)).toBeNull();
  });

  test("a page's type from its template chunk", () => {
    expect(pageType("component---site-src-templates-home-tsx")).toBe("home");
    expect(pageType("component---site-src-features-checkout-cart-page-template-tsx")).toBe("checkout-cart-page-template");
    expect(pageType("")).toBe("unknown");
  });
});
