import { byTestId, clickOn, closeBrowser, mount, settle, typeInto, unmountAll } from "@tests/kit/browser-dom";
import { stubApi, type RecordedCall } from "@tests/kit/account-screens";
import React from "react";
import { ContactForm } from "./ContactForm";

// The visitor's words: the locale through the pages' i18n runtime.
jest.mock("gatsby-plugin-react-i18next", () =>
  jest.requireActual<typeof import("@tests/kit/page-translations")>("../../../../tests/kit/page-translations").pageTranslations("de"),
);
jest.mock("@site/lib/captcha", () => ({
  CAPTCHA_HEADER: "X-Captcha-Token",
  shopCaptcha: () => ({ provider: "altcha" }),
  captchaToken: async () => {
    if ((globalThis as { captchaFails?: boolean }).captchaFails) throw new Error("Failed to execute");
    return "captcha-token";
  },
}));

afterEach(() => {
  unmountAll();
  delete (globalThis as { captchaFails?: boolean }).captchaFails;
});
afterAll(closeBrowser);

const submits = (calls: RecordedCall[]) => calls.filter((call) => call.method === "POST" && call.path === "/apiv2/contact");

async function fill(container: HTMLElement, values: Record<string, string>) {
  for (const [field, value] of Object.entries(values)) await typeInto(byTestId(container, `contact-${field}`), value);
}

test("a valid message is sent once with the captcha token and an idempotency key; the thank-you names the reference", async () => {
  const calls = stubApi((call) => (call.path === "/apiv2/contact" ? { status: 200, data: { reference: "K-0123456789" } } : undefined));
  const container = await mount(<ContactForm />);
  await fill(container, {
    topic: "order",
    name: "Erika Muster",
    email: "Erika@Example.com",
    phone: "",
    orderNumber: "DE-1",
    message: "Wo ist meine Lieferung?",
  });
  await clickOn(byTestId(container, "contact-submit"));
  await settle();
  const [call, ...more] = submits(calls);
  expect(more).toHaveLength(0);
  expect(call!.body).toEqual({ topic: "order", name: "Erika Muster", email: "erika@example.com", orderNumber: "DE-1", message: "Wo ist meine Lieferung?" });
  expect(call!.headers["x-captcha-token"]).toBe("captcha-token");
  expect(call!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{32,36}$/);
  expect(byTestId(container, "contact-done")?.textContent).toContain("K-0123456789");
});

test("the shared rules refuse before anything is sent, with the spec's words in the visitor's language", async () => {
  const calls = stubApi(() => undefined);
  const container = await mount(<ContactForm />);
  await fill(container, { name: "Visit https://spam.example", email: "kein-at", phone: "abc", message: " " });
  await clickOn(byTestId(container, "contact-submit"));
  expect(submits(calls)).toHaveLength(0);
  const errors = [...container.querySelectorAll(".field-error")].map((element) => element.textContent);
  expect(errors).toEqual([
    "Namen dürfen keine Webadressen enthalten.",
    "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
    "Die eingegebene Telefonnummer ist ungültig.",
    "Dieses Feld ist erforderlich",
  ]);
  expect(document.activeElement?.getAttribute("data-testid")).toBe("contact-name");
});

test("the server's refusals by code, never its English message; a lost captcha sends nothing", async () => {
  let answer: { status: number; errors: { message: string; code: string; field?: string }[] } = {
    status: 422,
    errors: [{ message: "Names must not contain web addresses.", code: "name_contains_url", field: "name" }],
  };
  const calls = stubApi((call) => (call.path === "/apiv2/contact" ? answer : undefined));
  const container = await mount(<ContactForm />);
  await fill(container, { name: "Erika", email: "erika@example.com", message: "Hallo" });
  await clickOn(byTestId(container, "contact-submit"));
  expect(container.textContent).toContain("Namen dürfen keine Webadressen enthalten.");
  expect(container.textContent).not.toContain("Names must not");
  answer = { status: 429, errors: [{ message: "Too many requests", code: "rate_limited" }] };
  await clickOn(byTestId(container, "contact-submit"));
  expect(byTestId(container, "contact-error")?.textContent).toBe("Sie haben in kurzer Zeit viele Nachrichten gesendet. Bitte versuchen Sie es später erneut.");
  const sent = submits(calls).length;
  (globalThis as { captchaFails?: boolean }).captchaFails = true;
  await clickOn(byTestId(container, "contact-submit"));
  expect(submits(calls)).toHaveLength(sent);
  expect(byTestId(container, "contact-error")?.textContent).toBe("Die Sicherheitsprüfung ist fehlgeschlagen. Bitte versuchen Sie es erneut.");
});
