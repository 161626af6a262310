import { clickOn as click, closeBrowser, mount as render, settle, typeInto as type } from "@tests/kit/browser-dom";
import React from "react";
import { navigate } from "gatsby";
import { button, field, type RecordedCall, resetScreens, stubApi, WithAccount } from "@tests/kit/account-screens";
import { addGuestItem, createGuestProject, readGuestProjects } from "./guest-projects";
import { Login } from "./Login";

jest.mock("gatsby-plugin-react-i18next", () => jest.requireActual("@tests/kit/account-screens").i18nMock("de"));
jest.mock("gatsby", () => jest.requireActual("@tests/kit/account-screens").gatsbyMock());

const erika = {
  id: "c-1",
  type: "private",
  firstName: "Erika",
  surname: "Muster",
  email: "erika@example.com",
  companyName: null,
  vatId: null,
  postcode: "10115",
  city: "Berlin",
  country: "de",
  phone: "+49 30 1234567",
  verified: true,
};

let signedIn = false;
let calls: RecordedCall[];
beforeEach(() => {
  signedIn = false;
  (navigate as jest.Mock).mockClear();
  calls = stubApi((call) => {
    if (call.path === "/apiv2/customer") return { status: 200, data: { customer: signedIn ? erika : null } };
    if (call.path === "/apiv2/customer/login") {
      const body = call.body as { email: string; password: string };
      if (body.email === "erika@example.com" && body.password === "Parkett-Eiche-2026") {
        signedIn = true;
        return { status: 200, data: { customer: erika } };
      }
      return { status: 401, errors: [{ message: "The e-mail address or the password is not correct.", code: "invalid_credentials" }] };
    }
    if (call.path === "/apiv2/customer/projects/merge") return { status: 200, data: { projects: [] } };
    return undefined;
  });
});
afterEach(resetScreens);
afterAll(closeBrowser);

async function signIn(password: string, url = "http://de.localhost:8797/customer/account/Login/", email = "erika@example.com") {
  window.history.replaceState(null, "", url);
  const container = await render(
    <WithAccount>
      <Login />
    </WithAccount>,
  );
  await type(field(container, "E-Mail-Adresse"), email);
  await type(field(container, "Passwort"), password);
  await click(button(container, "Anmelden"));
  await settle();
  return container;
}

test("a refused login says the same for a wrong password and an unknown address, never which", async () => {
  const wrong = await signIn("Falsches-Passwort-1");
  const text = wrong.querySelector('[data-testid="login-failure"]')?.textContent;
  expect(text).toBe(
    "Die Anmeldung ist nicht gelungen. Bitte prüfen Sie E-Mail-Adresse und Passwort. Haben Sie Ihr Konto noch nicht bestätigt, finden Sie einen neuen Bestätigungslink in Ihrem Postfach.",
  );
  expect(wrong.textContent).not.toContain("not correct");
  const unknown = await signIn("Parkett-Eiche-2026", undefined, "nobody@example.com");
  expect(unknown.querySelector('[data-testid="login-failure"]')?.textContent).toBe(text);
  expect(navigate).not.toHaveBeenCalled();
});

test("after the login the guest's projects go to the account in one merge with an Idempotency-Key, then leave the browser", async () => {
  const kitchen = createGuestProject("Küche")!;
  addGuestItem(kitchen.id, { sku: "FLOOR-1", quantity: 3, name: "Eiche Landhausdiele", link: "/eiche.html" });
  addGuestItem(kitchen.id, { sku: "GLUE-2", quantity: 1, name: "Parkettkleber", link: null });
  const hall = createGuestProject("Flur")!;
  addGuestItem(hall.id, { sku: "FLOOR-1", quantity: 7, name: "Eiche Landhausdiele", link: "/eiche.html" });

  await signIn("Parkett-Eiche-2026");
  const merges = calls.filter((call) => call.path === "/apiv2/customer/projects/merge");
  expect(merges).toHaveLength(1);
  expect(merges[0]!.method).toBe("POST");
  expect(merges[0]!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{32,36}$/);
  expect(merges[0]!.body).toEqual({
    projects: [
      {
        name: "Küche",
        items: [
          { sku: "FLOOR-1", quantity: 3 },
          { sku: "GLUE-2", quantity: 1 },
        ],
      },
      { name: "Flur", items: [{ sku: "FLOOR-1", quantity: 7 }] },
    ],
  });
  // The merge comes after the login, and the browser's lists are cleared only then.
  expect(calls.findIndex((call) => call.path === "/apiv2/customer/login")).toBeLessThan(calls.indexOf(merges[0]!));
  expect(readGuestProjects()).toEqual([]);
  expect(navigate).toHaveBeenCalledWith("/customer/account/OrderOverview/");
});

test("a failed merge keeps the guest's projects in the browser", async () => {
  const kitchen = createGuestProject("Küche")!;
  addGuestItem(kitchen.id, { sku: "FLOOR-1", quantity: 3, name: "Eiche", link: null });
  const answer = stubApi((call) => {
    if (call.path === "/apiv2/customer/login") return { status: 200, data: { customer: erika } };
    if (call.path === "/apiv2/customer/projects/merge") return { status: 503, errors: [{ message: "x", code: "general" }] };
    return undefined;
  });
  await signIn("Parkett-Eiche-2026");
  expect(answer.some((call) => call.path === "/apiv2/customer/projects/merge")).toBe(true);
  expect(readGuestProjects().map((project) => project.items.map((item) => [item.sku, item.quantity]))).toEqual([[["FLOOR-1", 3]]]);
});

test.each([
  ["a path of this shop", "%2Fcustomer%2Fprojects%2F", "/customer/projects/"],
  ["another host", "%2F%2Fevil.example%2F", "/customer/account/OrderOverview/"],
  ["a scheme", "https%3A%2F%2Fevil.example%2F", "/customer/account/OrderOverview/"],
  ["a backslash", "%2F%5Cevil.example", "/customer/account/OrderOverview/"],
])("the return path after the login: %s", async (_name, value, expected) => {
  await signIn("Parkett-Eiche-2026", `http://de.localhost:8797/customer/account/Login/?return=${value}`);
  expect(navigate).toHaveBeenCalledWith(expected);
});
