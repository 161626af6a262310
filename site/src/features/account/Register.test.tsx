import { clickOn as click, closeBrowser, mount as render, typeInto as type } from "@tests/kit/browser-dom";
import React from "react";
import { button, field, type RecordedCall, resetScreens, stubApi, WithAccount } from "@tests/kit/account-screens";
import { Register } from "./Register";

jest.mock("gatsby-plugin-react-i18next", () => jest.requireActual("@tests/kit/account-screens").i18nMock("de"));
jest.mock("gatsby", () => jest.requireActual("@tests/kit/account-screens").gatsbyMock());
jest.mock("@site/lib/captcha", () => ({ ...jest.requireActual("@site/lib/captcha"), captchaToken: jest.fn(async () => "solved-challenge") }));

let calls: RecordedCall[];
beforeEach(() => {
  calls = stubApi((call) => (call.path === "/apiv2/customer/register" ? { status: 202, data: { status: "verification_sent" } } : undefined));
});
afterEach(resetScreens);
afterAll(closeBrowser);

const screen = () =>
  render(
    <WithAccount>
      <Register />
    </WithAccount>,
  );

async function fillPrivate(container: HTMLElement, password = "Parkett-Eiche-2026", confirmation = password) {
  await type(field(container, "Vorname"), "Erika");
  await type(field(container, "Nachname"), "Muster");
  await type(field(container, "E-Mail-Adresse"), "erika@example.com");
  await type(field(container, "Straße und Hausnummer"), "Hauptstraße 5");
  await type(field(container, "PLZ"), "10115");
  await type(field(container, "Ort"), "Berlin");
  await type(field(container, "Telefonnummer"), "+49 30 1234567");
  await type(field(container, "Passwort"), password);
  await type(field(container, "Passwort wiederholen"), confirmation);
  await click(container.querySelector("#register-acceptTerms"));
}

const errorOf = (container: HTMLElement, id: string) => container.querySelector(`#register-${id}-error`)?.textContent ?? null;
const radio = (container: HTMLElement, value: string) => container.querySelector(`input[type="radio"][value="${value}"]`);

test("a business customer gets the company and VAT ID fields; a private customer does not", async () => {
  const container = await screen();
  expect(container.querySelector('[data-testid="business-fields"]')).toBeNull();
  expect(() => field(container, "Firma")).toThrow();
  await click(radio(container, "business"));
  expect(field(container, "Firma")).toBeTruthy();
  expect(field(container, "USt-IdNr. (optional)")).toBeTruthy();
  await click(radio(container, "private"));
  expect(container.querySelector('[data-testid="business-fields"]')).toBeNull();
});

test("a confirmation that differs from the password is refused at the confirmation field, nothing is sent", async () => {
  const container = await screen();
  await fillPrivate(container, "Parkett-Eiche-2026", "Parkett-Eiche-2027");
  await click(button(container, "Kundenkonto anlegen"));
  expect(errorOf(container, "confirmationPassword")).toBe("Die Passwörter stimmen nicht überein.");
  expect(field(container, "Passwort wiederholen").getAttribute("aria-invalid")).toBe("true");
  expect(errorOf(container, "password")).toBeNull();
  expect(calls.filter((call) => call.path === "/apiv2/customer/register")).toHaveLength(0);
});

test("password rules and the business rules in the visitor's words, at their fields", async () => {
  const container = await screen();
  await fillPrivate(container, "parkettboden");
  await click(radio(container, "business"));
  await type(field(container, "USt-IdNr. (optional)"), "AT U1234");
  await click(button(container, "Kundenkonto anlegen"));
  expect(errorOf(container, "password")).toBe(
    "Bitte kombinieren Sie mindestens zwei Zeichenarten: Kleinbuchstaben, Großbuchstaben, Ziffern oder Sonderzeichen.",
  );
  expect(errorOf(container, "companyName")).toBe("Dieses Feld ist ein Pflichtfeld.");
  expect(errorOf(container, "vatId")).toBe("Diese USt-IdNr. passt nicht zum gewählten Land.");
  expect(calls).toHaveLength(0);
});

test("a business registration is sent with the captcha token and an Idempotency-Key; the answer is: check your inbox", async () => {
  const container = await screen();
  await fillPrivate(container);
  await click(radio(container, "business"));
  await type(field(container, "Firma"), "Muster Bau GmbH");
  await type(field(container, "USt-IdNr. (optional)"), "DE 123 456 789");
  await click(button(container, "Kundenkonto anlegen"));
  const [sent] = calls.filter((call) => call.path === "/apiv2/customer/register");
  expect(sent).toBeDefined();
  expect(sent!.method).toBe("POST");
  expect(sent!.headers["x-captcha-token"]).toBe("solved-challenge");
  expect(sent!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{32,36}$/);
  expect(sent!.body).toEqual({
    type: "business",
    firstName: "Erika",
    surname: "Muster",
    email: "erika@example.com",
    street: "Hauptstraße 5",
    postcode: "10115",
    city: "Berlin",
    country: "de",
    phone: "+49 30 1234567",
    password: "Parkett-Eiche-2026",
    confirmationPassword: "Parkett-Eiche-2026",
    companyName: "Muster Bau GmbH",
    vatId: "DE123456789",
    acceptTerms: true,
  });
  const sentState = container.querySelector('[data-testid="register-sent"]');
  expect(sentState?.textContent).toContain("Bitte prüfen Sie Ihr Postfach");
  expect(sentState?.textContent).toContain("erika@example.com");
});

test("the street and house number are asked: without them nothing is sent; markup in them is refused", async () => {
  const container = await screen();
  await fillPrivate(container);
  await type(field(container, "Straße und Hausnummer"), "   ");
  await click(button(container, "Kundenkonto anlegen"));
  expect(errorOf(container, "street")).toBe("Dieses Feld ist ein Pflichtfeld.");
  await type(field(container, "Straße und Hausnummer"), "<script>alert(1)</script> 5");
  await click(button(container, "Kundenkonto anlegen"));
  expect(errorOf(container, "street")).toBe("Dieses Feld enthält Zeichen, die nicht erlaubt sind.");
  expect(calls.filter((call) => call.path === "/apiv2/customer/register")).toHaveLength(0);
});

test("the consent links to the shop's privacy page; without consent nothing is sent", async () => {
  const container = await screen();
  const consent = container.querySelector('label[for="register-acceptTerms"]')!;
  expect(consent.querySelector('a[href="/datenschutz.html"]')?.textContent).toBe("Datenschutzhinweise");
  await fillPrivate(container);
  await click(container.querySelector("#register-acceptTerms"));
  await click(button(container, "Kundenkonto anlegen"));
  expect(errorOf(container, "acceptTerms")).toBe("Bitte stimmen Sie den Datenschutzhinweisen zu.");
  expect(calls).toHaveLength(0);
});

test("a refusal of the shop API is shown at its field in words, never its English message", async () => {
  calls = stubApi(() => ({
    status: 422,
    errors: [
      { message: "The given data was invalid.", code: "invalid" },
      { message: "Please enter a valid postcode.", code: "invalid", field: "postcode" },
      { message: "The password must not contain the e-mail address.", code: "password_contains_email", field: "password" },
    ],
  }));
  const container = await screen();
  await fillPrivate(container);
  await click(button(container, "Kundenkonto anlegen"));
  expect(errorOf(container, "postcode")).toBe("Bitte geben Sie eine gültige Postleitzahl ein.");
  expect(errorOf(container, "password")).toBe("Das Passwort darf Ihre E-Mail-Adresse nicht enthalten.");
  expect(container.textContent).not.toContain("The given data was invalid.");
  expect(container.querySelector('[data-testid="register-sent"]')).toBeNull();
});
