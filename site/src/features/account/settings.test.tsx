import { clickOn as click, closeBrowser, mount as render, settle, typeInto as type } from "@tests/kit/browser-dom";
import React from "react";
import { button, field, type Answer, type RecordedCall, resetScreens, stubApi, WithAccount } from "@tests/kit/account-screens";
import type { Customer } from "./api";
import { Address } from "./Address";
import { PasswordChange } from "./PasswordChange";
import { Profile } from "./Profile";

jest.mock("gatsby-plugin-react-i18next", () => jest.requireActual("@tests/kit/account-screens").i18nMock("de"));
jest.mock("gatsby", () => jest.requireActual("@tests/kit/account-screens").gatsbyMock());

const erika: Customer = {
  id: "c-1",
  type: "private",
  firstName: "Erika",
  surname: "Muster",
  email: "erika@example.com",
  companyName: null,
  vatId: null,
  street: "Hauptstraße 5",
  postcode: "10115",
  city: "Berlin",
  country: "de",
  phone: "+49 30 1234567",
  verified: true,
};

let customer: Customer;
let calls: RecordedCall[];
/** The shop API: the signed-in customer; PATCH applies the body; `onWrite` answers a write instead. */
function api(onWrite?: (call: RecordedCall) => Answer | undefined) {
  calls = stubApi((call) => {
    if (call.method === "GET" && call.path === "/apiv2/customer") return { status: 200, data: { customer } };
    if (call.method === "GET" && call.path === "/apiv2/environment") return { status: 200, data: {} };
    const answer = onWrite?.(call);
    if (answer) return answer;
    if (call.method === "PATCH" && call.path === "/apiv2/customer") {
      customer = { ...customer, ...(call.body as Partial<Customer>) };
      return { status: 200, data: { customer } };
    }
    if (call.method === "POST" && call.path === "/apiv2/customer/password") return { status: 200, data: { customer } };
    return undefined;
  });
}
const writes = () => calls.filter((call) => call.method !== "GET");

beforeEach(() => {
  customer = { ...erika };
  api();
});
afterEach(resetScreens);
afterAll(closeBrowser);

async function show(screen: React.ReactElement) {
  const container = await render(<WithAccount>{screen}</WithAccount>);
  await settle();
  return container;
}
const byTestId = (container: HTMLElement, id: string) => container.querySelector(`[data-testid="${id}"]`);

describe("my data", () => {
  test("shows type and e-mail, changes name and phone (never the e-mail); the greeting follows", async () => {
    const container = await show(<Profile />);
    expect(byTestId(container, "profile-type")?.textContent).toBe("Privatkunde");
    expect(byTestId(container, "profile-email")?.textContent).toBe("erika@example.com");
    expect(() => field(container, "E-Mail-Adresse")).toThrow();
    expect(() => field(container, "Firma")).toThrow();
    expect(field(container, "Vorname").value).toBe("Erika");
    await type(field(container, "Vorname"), "  Erika Maria ");
    await type(field(container, "Telefonnummer"), "030 7654321");
    await click(button(container, "Änderungen speichern"));
    expect(writes()).toEqual([
      expect.objectContaining({
        method: "PATCH",
        path: "/apiv2/customer",
        body: { firstName: "Erika Maria", surname: "Muster", phone: "030 7654321" },
        headers: expect.objectContaining({ "idempotency-key": expect.any(String) }),
      }),
    ]);
    expect(byTestId(container, "profile-saved")?.textContent).toBe("Ihre Daten wurden gespeichert.");
    expect(container.querySelector(".account-greeting")?.textContent).toBe("Hallo, Erika Maria");
  });

  test("bad input is refused at its field before anything is sent: an empty name, markup in a name, letters in the phone", async () => {
    const container = await show(<Profile />);
    await type(field(container, "Vorname"), "");
    await type(field(container, "Nachname"), "<b>Muster</b>");
    await type(field(container, "Telefonnummer"), "call me");
    await click(button(container, "Änderungen speichern"));
    expect(container.querySelector("#profile-firstName-error")?.textContent).toBe("Dieses Feld ist ein Pflichtfeld.");
    expect(container.querySelector("#profile-surname-error")?.textContent).toBe("Dieses Feld enthält Zeichen, die nicht erlaubt sind.");
    expect(container.querySelector("#profile-phone-error")?.textContent).toBe("Die eingegebene Telefonnummer ist ungültig.");
    expect(writes()).toHaveLength(0);
  });

  test("a business customer also changes company and VAT ID, checked against the account's country", async () => {
    customer = { ...erika, type: "business", companyName: "Muster Bau GmbH", vatId: null };
    const container = await show(<Profile />);
    expect(byTestId(container, "profile-type")?.textContent).toBe("Geschäftskunde");
    await type(field(container, "USt-IdNr. (optional)"), "ATU12345678");
    await click(button(container, "Änderungen speichern"));
    expect(container.querySelector("#profile-vatId-error")?.textContent).toBe("Diese USt-IdNr. passt nicht zum gewählten Land.");
    await type(field(container, "USt-IdNr. (optional)"), "DE 123 456 789");
    await click(button(container, "Änderungen speichern"));
    expect(writes().at(-1)!.body).toEqual({
      firstName: "Erika",
      surname: "Muster",
      phone: "+49 30 1234567",
      companyName: "Muster Bau GmbH",
      vatId: "DE123456789",
    });
  });
});

describe("my address", () => {
  test("shows the address and changes it: street, postcode, city, a delivery country of the shop", async () => {
    const container = await show(<Address />);
    expect(field(container, "Straße und Hausnummer").value).toBe("Hauptstraße 5");
    expect([...field(container, "Land").querySelectorAll("option")].map((option) => option.textContent)).toEqual(["Deutschland", "Österreich", "Niederlande"]);
    await type(field(container, "Straße und Hausnummer"), "Ringstraße 12");
    await type(field(container, "PLZ"), "1010");
    await type(field(container, "Ort"), "Wien");
    field(container, "Land").value = "at";
    field(container, "Land").dispatchEvent(new window.Event("change", { bubbles: true }));
    await click(button(container, "Änderungen speichern"));
    expect(writes().map((call) => call.body)).toEqual([{ street: "Ringstraße 12", postcode: "1010", city: "Wien", country: "at" }]);
    expect(byTestId(container, "address-saved")?.textContent).toBe("Ihre Adresse wurde gespeichert.");
  });

  test("an account without a street is asked for it; an empty street or a bad postcode is refused, nothing sent", async () => {
    customer = { ...erika, street: null };
    const container = await show(<Address />);
    expect(byTestId(container, "address-street-missing")?.textContent).toBe("Bitte ergänzen Sie Straße und Hausnummer.");
    await type(field(container, "PLZ"), "1<0>");
    await click(button(container, "Änderungen speichern"));
    expect(container.querySelector("#address-street-error")?.textContent).toBe("Dieses Feld ist ein Pflichtfeld.");
    expect(container.querySelector("#address-postcode-error")?.textContent).toBe("Bitte geben Sie eine gültige Postleitzahl ein.");
    expect(writes()).toHaveLength(0);
  });

  test("the shop API's refusal is worded at its field, never its English message", async () => {
    api((call) =>
      call.method === "PATCH"
        ? { status: 422, errors: [{ message: "Please choose a country we deliver to.", code: "invalid_country", field: "country" }] }
        : undefined,
    );
    const container = await show(<Address />);
    await click(button(container, "Änderungen speichern"));
    expect(container.querySelector("#address-country-error")?.textContent).toBe("Bitte wählen Sie ein Land, in das wir liefern.");
    expect(container.textContent).not.toContain("Please choose");
    expect(byTestId(container, "address-saved")).toBeNull();
  });
});

describe("the password", () => {
  const fill = async (container: HTMLElement, current: string, next: string, confirmation = next) => {
    await type(field(container, "Bisheriges Passwort"), current);
    await type(field(container, "Neues Passwort"), next);
    await type(field(container, "Passwort wiederholen"), confirmation);
    await click(button(container, "Passwort ändern"));
  };

  test("changes with the current one; the form empties and says that every other device is signed out", async () => {
    const container = await show(<PasswordChange />);
    await fill(container, "Parkett-Eiche-2026", "Neues-Passwort-42");
    expect(writes()).toEqual([
      expect.objectContaining({
        method: "POST",
        path: "/apiv2/customer/password",
        body: { currentPassword: "Parkett-Eiche-2026", password: "Neues-Passwort-42", confirmationPassword: "Neues-Passwort-42" },
      }),
    ]);
    expect(byTestId(container, "password-saved")?.textContent).toBe("Ihr Passwort wurde geändert. Auf allen anderen Geräten sind Sie jetzt abgemeldet.");
    expect(field(container, "Bisheriges Passwort").value).toBe("");
  });

  test("the rules before sending: a weak, an unchanged and a mismatched password; nothing sent", async () => {
    const container = await show(<PasswordChange />);
    await fill(container, "Parkett-Eiche-2026", "parkettboden");
    expect(container.querySelector("#password-password-error")?.textContent).toBe(
      "Bitte kombinieren Sie mindestens zwei Zeichenarten: Kleinbuchstaben, Großbuchstaben, Ziffern oder Sonderzeichen.",
    );
    await fill(container, "Parkett-Eiche-2026", "Parkett-Eiche-2026");
    expect(container.querySelector("#password-password-error")?.textContent).toBe("Das neue Passwort muss sich vom bisherigen unterscheiden.");
    await fill(container, "Parkett-Eiche-2026", "Neues-Passwort-42", "Neues-Passwort-43");
    expect(container.querySelector("#password-confirmationPassword-error")?.textContent).toBe("Die Passwörter stimmen nicht überein.");
    expect(writes()).toHaveLength(0);
  });

  test("a wrong current password is said at its field; too many tries say to wait", async () => {
    let answer: Answer = {
      status: 422,
      errors: [{ message: "The current password is not correct.", code: "current_password_wrong", field: "currentPassword" }],
    };
    api((call) => (call.path === "/apiv2/customer/password" ? answer : undefined));
    const container = await show(<PasswordChange />);
    await fill(container, "Falsch-Passwort-1", "Neues-Passwort-42");
    expect(container.querySelector("#password-currentPassword-error")?.textContent).toBe("Das bisherige Passwort ist nicht richtig.");
    answer = { status: 429, errors: [{ message: "Too many requests.", code: "rate_limited" }] };
    await fill(container, "Falsch-Passwort-2", "Neues-Passwort-42");
    expect(byTestId(container, "password-failure")?.textContent).toBe(
      "Zu viele Versuche in kurzer Zeit. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.",
    );
    expect(byTestId(container, "password-saved")).toBeNull();
  });
});

test("the account navigation links my data, my address and the password in every screen", async () => {
  const container = await show(<Profile />);
  const links = [...container.querySelectorAll('[data-testid="account-nav"] a')].map((link) => [link.textContent, link.getAttribute("href")]);
  expect(links).toEqual([
    ["Meine Bestellungen", "/customer/account/OrderOverview/"],
    ["Meine Angebote", "/customer/account/Offers/"],
    ["Meine Projekte", "/customer/projects/"],
    ["Meine Daten", "/customer/account/Profile/"],
    ["Meine Adresse", "/customer/account/Address/"],
    ["Passwort ändern", "/customer/account/Password/"],
  ]);
  expect(container.querySelector('[aria-current="page"]')?.textContent).toBe("Meine Daten");
});
