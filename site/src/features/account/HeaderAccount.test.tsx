import { closeBrowser, mount as render, settle } from "@tests/kit/browser-dom";
import React from "react";
import { accountSettings, type RecordedCall, resetScreens, stubApi, WithAccount } from "@tests/kit/account-screens";
import { addGuestItem, createGuestProject, readGuestProjects } from "./guest-projects";
import { HeaderAccount, ProjectCounter } from "./HeaderAccount";

jest.mock("gatsby-plugin-react-i18next", () => jest.requireActual("@tests/kit/account-screens").i18nMock("de"));

const navigation = {
  loginLink: { url: "/customer/account/Login/", description: "Login", textColor: "#1d2327", textBackground: "#ffffff" },
  signUpLink: { url: "/customer/account/CreateAccount/", description: "Register", textColor: "#ffffff", textBackground: "#1d2327" },
};

function environment(customer: { signedIn: boolean; firstName: string | null } | null, extra: Record<string, unknown> = {}) {
  return { status: 200, data: { environment: { navigation, customer, ...extra } } };
}

let calls: RecordedCall[];
afterEach(resetScreens);
afterAll(closeBrowser);

const { paths } = accountSettings();
const header = () =>
  render(
    <WithAccount>
      <HeaderAccount paths={paths} />
      <ProjectCounter href={paths.projects} />
    </WithAccount>,
  );
const count = (container: HTMLElement) => container.querySelector('[data-testid="project-count"]')?.textContent;

test("a guest: the counter is the number of projects in this browser, live; login and sign-up lead to the screens", async () => {
  calls = stubApi((call) => (call.path === "/apiv2/environment" ? environment({ signedIn: false, firstName: null }) : undefined));
  createGuestProject("Küche");
  createGuestProject("Flur");
  const container = await header();
  await settle();
  expect(count(container)).toBe("2");
  expect(container.querySelector('a[data-slot="project-counter"]')?.getAttribute("href")).toBe("/customer/projects/");
  expect(container.querySelector('[data-slot="project-counter"] .visually-hidden')?.textContent).toBe("2 Projekte");
  await React.act(async () => {
    createGuestProject("Bad");
  });
  expect(count(container)).toBe("3");
  const links = [...container.querySelectorAll('[data-testid="header-login"] a')].map((link) => [link.textContent, link.getAttribute("href")]);
  expect(links).toEqual([
    ["Anmelden", "/customer/account/Login/"],
    ["Registrieren", "/customer/account/CreateAccount/"],
  ]);
  expect(calls.some((call) => call.path.startsWith("/apiv2/customer/projects"))).toBe(false);
});

test("signed in: the account's count from the environment and the account link with the first name", async () => {
  calls = stubApi((call) =>
    call.path === "/apiv2/environment"
      ? environment({ signedIn: true, firstName: "Erika" }, { projects: { count: 4, link: "/customer/projects/" } })
      : undefined,
  );
  createGuestProject("Küche");
  const container = await header();
  await settle();
  expect(count(container)).toBe("4");
  const account = container.querySelector('[data-testid="header-account"]');
  expect(account?.textContent).toBe("Hallo, Erika");
  expect(account?.getAttribute("href")).toBe("/customer/account/OrderOverview/");
  expect(container.querySelector('[data-testid="header-login"]')).toBeNull();
});

test("signed in without a count in the environment: the count call answers", async () => {
  calls = stubApi((call) => {
    if (call.path === "/apiv2/environment") return environment({ signedIn: true, firstName: "Erika" });
    if (call.path === "/apiv2/customer/projects/count") return { status: 200, data: { count: 5 } };
    return undefined;
  });
  const container = await header();
  await settle();
  expect(count(container)).toBe("5");
});

test("signed in while the browser still keeps a guest's projects (a merge cut short): they go to the account now", async () => {
  calls = stubApi((call) => {
    if (call.path === "/apiv2/environment") return environment({ signedIn: true, firstName: "Erika" }, { projects: { count: 1, link: "/customer/projects/" } });
    if (call.path === "/apiv2/customer/projects/merge") return { status: 200, data: { projects: [] } };
    return undefined;
  });
  const kitchen = createGuestProject("Küche")!;
  addGuestItem(kitchen.id, { sku: "FLOOR-1", quantity: 2, name: "Eiche", link: null });
  await header();
  await settle();
  const merges = calls.filter((call) => call.path === "/apiv2/customer/projects/merge");
  expect(merges).toHaveLength(1);
  expect(merges[0]!.body).toEqual({ projects: [{ name: "Küche", items: [{ sku: "FLOOR-1", quantity: 2 }] }] });
  expect(readGuestProjects()).toEqual([]);
});

test("a login link the environment hands out that leads off the shop is not used", async () => {
  calls = stubApi((call) =>
    call.path === "/apiv2/environment"
      ? {
          status: 200,
          data: {
            environment: {
              navigation: {
                loginLink: { ...navigation.loginLink, url: "//evil.example/login" },
                signUpLink: { ...navigation.signUpLink, url: "javascript:alert(1)" },
              },
              customer: null,
            },
          },
        }
      : undefined,
  );
  const container = await header();
  await settle();
  const hrefs = [...container.querySelectorAll('[data-testid="header-login"] a')].map((link) => link.getAttribute("href"));
  expect(hrefs).toEqual(["/customer/account/Login/", "/customer/account/CreateAccount/"]);
});
