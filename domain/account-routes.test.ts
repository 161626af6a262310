import { ACCOUNT_SCREENS } from "./account";
import { accountPath, projectsPath } from "./routes";

const swiss = { domainPrefixes: ["de", "fr", "it"] };
const german = { domainPrefixes: [] as string[] };

describe("account and project pages (/{account}/...)", () => {
  test("every screen under /customer/account/, with the language prefix only where the shop has prefixes", () => {
    expect(ACCOUNT_SCREENS.map((screen) => accountPath(german, "de", screen))).toEqual([
      "/customer/account/CreateAccount/",
      "/customer/account/Login/",
      "/customer/account/PasswordReset/",
      "/customer/account/Verify/",
      "/customer/account/OrderOverview/",
      "/customer/account/Order/",
      "/customer/account/Offers/",
      "/customer/account/Profile/",
      "/customer/account/Address/",
      "/customer/account/Password/",
    ]);
    expect(accountPath(swiss, "fr", "Login")).toBe("/fr/customer/account/Login/");
    expect(accountPath(swiss, "it", "CreateAccount")).toBe("/it/customer/account/CreateAccount/");
    // a language the shop has no prefix for gets none (Austrian German on a shop without prefixes)
    expect(accountPath(german, "at", "OrderOverview")).toBe("/customer/account/OrderOverview/");
  });

  test("my projects: /customer/projects/", () => {
    expect(projectsPath(german, "de")).toBe("/customer/projects/");
    expect(projectsPath(swiss, "de")).toBe("/de/customer/projects/");
  });
});
