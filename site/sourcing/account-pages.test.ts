import { ACCOUNT_TEMPLATE, createAccountPages } from "./account-pages";

function created(shop: { domainPrefixes: string[]; languages: string[] }) {
  const pages: { path: string; language: string; screen: unknown; robots?: string; sitemap?: boolean }[] = [];
  createAccountPages(shop, (path, component, language, context, seo) => {
    expect(component).toBe(ACCOUNT_TEMPLATE);
    pages.push({ path, language, screen: context.screen, ...seo });
  });
  return pages;
}

test("every account screen and my projects, in the shop's language, never indexed nor in the sitemap", () => {
  const pages = created({ domainPrefixes: [], languages: ["de"] });
  expect(pages.map((page) => [page.path, page.screen])).toEqual([
    ["/customer/account/CreateAccount/", "CreateAccount"],
    ["/customer/account/Login/", "Login"],
    ["/customer/account/PasswordReset/", "PasswordReset"],
    ["/customer/account/Verify/", "Verify"],
    ["/customer/account/OrderOverview/", "OrderOverview"],
    ["/customer/account/Order/", "Order"],
    ["/customer/account/Offers/", "Offers"],
    ["/customer/account/Profile/", "Profile"],
    ["/customer/account/Address/", "Address"],
    ["/customer/account/Password/", "Password"],
    ["/customer/projects/", "Projects"],
  ]);
  expect(pages.every((page) => page.robots === "noindex,nofollow" && page.sitemap === false && page.language === "de")).toBe(true);
});

test("a shop with language prefixes gets them per language (CH: /de, /fr, /it)", () => {
  const pages = created({ domainPrefixes: ["de", "fr", "it"], languages: ["de", "fr", "it"] });
  expect(pages).toHaveLength(33);
  expect(pages.filter((page) => page.language === "fr").map((page) => page.path)).toContain("/fr/customer/account/Login/");
  expect(pages.filter((page) => page.language === "it").map((page) => page.path)).toContain("/it/customer/projects/");
  expect(pages.every((page) => page.path.startsWith(`/${page.language}/`))).toBe(true);
});
