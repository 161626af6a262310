import { byTestId, clickOn, closeBrowser, fieldLabelled, mount, settle, typeInto, unmountAll } from "@tests/kit/browser-dom";
import React from "react";
import { stubApi, type Answer, type RecordedCall } from "@tests/kit/account-screens";
import type { InquiryAnswer } from "@domain/inquiry";
import type { InquiryProduct } from "./api";
import { InquiryForm } from "./InquiryForm";

// The visitor's words: the German locale through the pages' i18n runtime.
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

const PRODUCT: InquiryProduct = {
  sku: "PARKETT-EICHE-1",
  name: "Eiche Landhausdiele",
  unit: { code: "SQM", label: "m²" },
  image: null,
  link: "/eiche-landhausdiele.html",
};

const COUNTRY = { status: 200, data: { code: "at", name: "Österreich", availableCountries: [] } };
const submits = (calls: RecordedCall[]) => calls.filter((call) => call.method === "POST" && call.path === "/apiv2/inquiry");
const step = (container: HTMLElement) => byTestId(container, "inquiry-form")?.dataset.step;
const alerts = (container: HTMLElement) => [...container.querySelectorAll('[role="alert"]')].map((element) => element.textContent);

/** The shop API: the visitor's country, and the inquiry answered by `answer` (each call's answer in turn). */
function api(...answers: Answer[]) {
  let index = 0;
  return stubApi((call) => {
    if (call.path === "/apiv2/shipping/costs/current-country") return COUNTRY;
    if (call.method === "POST" && call.path === "/apiv2/inquiry") return answers[Math.min(index++, answers.length - 1)];
    return undefined;
  });
}

async function renderForm(type: "product" | "bulk" | "offer", options: { quantity?: number; onSubmitted?: (answer: InquiryAnswer) => void } = {}) {
  return mount(
    <InquiryForm
      type={type}
      product={PRODUCT}
      language="de"
      countries={["de", "at", "nl"]}
      initialQuantity={options.quantity}
      onSubmitted={options.onSubmitted ?? (() => undefined)}
    />,
  );
}

/** Fills the first step and goes on. */
async function project(container: HTMLElement, message = "Wohnzimmer, 30 m², Fußbodenheizung.") {
  await typeInto(fieldLabelled(container, "Ihre Nachricht zum Projekt"), message);
  await clickOn(byTestId(container, "inquiry-next"));
}

async function contact(container: HTMLElement, values: { name: string; email: string; phone?: string }) {
  await typeInto(fieldLabelled(container, "Name"), values.name);
  await typeInto(fieldLabelled(container, "E-Mail-Adresse"), values.email);
  await typeInto(fieldLabelled(container, "Telefonnummer (optional)"), values.phone ?? "");
}

const ok = (inquiryId: string, type: string): Answer => ({ status: 200, data: { inquiryId, type } });

afterEach(() => {
  unmountAll();
  delete (globalThis as { captchaFails?: boolean }).captchaFails;
});
afterAll(closeBrowser);

test("a bulk-buyer inquiry in steps: the project, one yes/no question per step, the contact; each step's rules in German; one inquiry sent", async () => {
  const calls = api(ok("Q-ABCDEFGHJK", "bulk"));
  const sent: InquiryAnswer[] = [];
  const container = await renderForm("bulk", { quantity: 25.2, onSubmitted: (answer) => sent.push(answer) });

  // The project: the calculator's quantity in the product's unit, the visitor's country chosen.
  expect(step(container)).toBe("project");
  expect(fieldLabelled(container, "Menge in m² (optional)").value).toBe("25,2");
  expect(fieldLabelled(container, "Lieferland").value).toBe("at");
  expect([...fieldLabelled(container, "Lieferland").querySelectorAll("option")].map((option) => option.textContent)).toEqual([
    "Deutschland",
    "Österreich",
    "Niederlande",
  ]);
  await clickOn(byTestId(container, "inquiry-next"));
  expect(step(container)).toBe("project");
  expect(alerts(container)).toEqual(["Dieses Feld ist ein Pflichtfeld."]);
  await typeInto(fieldLabelled(container, "Menge in m² (optional)"), "0");
  await project(container);
  expect(step(container)).toBe("project");
  expect(alerts(container)).toEqual(["Bitte geben Sie eine Menge größer als 0 und höchstens 100000 ein."]);
  await typeInto(fieldLabelled(container, "Menge in m² (optional)"), "30,5");
  await clickOn(byTestId(container, "inquiry-next"));

  // The yes/no questions of the type, one per step; an unanswered one is left out.
  expect(step(container)).toBe("question:isBusiness");
  expect(container.querySelector("legend")?.textContent).toBe("Fragen Sie als gewerblicher Kunde an?");
  expect(container.querySelector('[aria-current="step"]')?.textContent).toBe("Frage 1 von 3");
  await clickOn(fieldLabelled(container, "Ja"));
  await clickOn(byTestId(container, "inquiry-next"));
  expect(step(container)).toBe("question:isCommercialProject");
  await clickOn(fieldLabelled(container, "Nein"));
  await clickOn(byTestId(container, "inquiry-next"));
  expect(step(container)).toBe("question:needsDeliveryDate");
  const lastNext = byTestId(container, "inquiry-next")!;
  await clickOn(lastNext);
  expect(step(container)).toBe("contact");
  // The contact step opens without refusals: nothing was typed there yet. The "Next" just clicked
  // is gone, never turned into "Send" (a browser would submit the form a button becomes the
  // submit button of while it is clicked, and show every refusal at once).
  expect(alerts(container)).toEqual([]);
  expect(lastNext.isConnected).toBe(false);
  expect(byTestId(container, "inquiry-submit")).not.toBe(lastNext);
  // Back and forth keeps the answers.
  await clickOn(byTestId(container, "inquiry-back"));
  await clickOn(byTestId(container, "inquiry-back"));
  expect((fieldLabelled(container, "Nein") as HTMLInputElement).checked).toBe(true);
  await clickOn(byTestId(container, "inquiry-next"));
  await clickOn(byTestId(container, "inquiry-next"));

  // The contact: required fields, a web address in the name, a bad e-mail and phone: refused here, nothing sent.
  await clickOn(byTestId(container, "inquiry-submit"));
  expect(alerts(container)).toEqual(["Dieses Feld ist ein Pflichtfeld.", "Dieses Feld ist ein Pflichtfeld."]);
  await contact(container, { name: "Erika www.billig-parkett.com", email: "erika@", phone: "abc" });
  await clickOn(byTestId(container, "inquiry-submit"));
  expect(alerts(container)).toEqual([
    "Namen dürfen keine Web- oder E-Mail-Adressen enthalten.",
    "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
    "Die eingegebene Telefonnummer ist ungültig.",
  ]);
  expect(submits(calls)).toHaveLength(0);

  await contact(container, { name: "Erika Muster", email: " Erika@Example.com ", phone: "030 1234567" });
  // A double click sends one inquiry.
  const send = byTestId(container, "inquiry-submit")!;
  await React.act(async () => {
    send.click();
    send.click();
  });
  await settle();
  const [call, ...more] = submits(calls);
  expect(more).toHaveLength(0);
  expect(call!.body).toEqual({
    type: "bulk",
    sku: "PARKETT-EICHE-1",
    message: "Wohnzimmer, 30 m², Fußbodenheizung.",
    name: "Erika Muster",
    email: "erika@example.com",
    phone: "030 1234567",
    countryCode: "at",
    quantity: 30.5,
    answers: { isBusiness: true, isCommercialProject: false },
  });
  expect(call!.headers["x-captcha-token"]).toBe("captcha-token");
  expect(call!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{32,36}$/);
  expect(sent).toEqual([{ inquiryId: "Q-ABCDEFGHJK", type: "bulk" }]);
});

test("the shop API's refusals are worded by their codes in German, never its English message; a retry of the same inquiry keeps its key", async () => {
  const calls = api(
    {
      status: 422,
      errors: [
        { message: "The given data was invalid.", code: "invalid" },
        { message: "Names must not contain web addresses", code: "name_contains_url", field: "name" },
      ],
    },
    { status: 503, errors: [{ message: "Service unavailable", code: "unavailable" }] },
    { status: 429, errors: [{ message: "Too many requests", code: "rate_limited" }] },
    { status: 404, errors: [{ message: "Product not found", code: "product_not_found" }] },
    { status: 403, errors: [{ message: "Inquiries are not available", code: "inquiries_unavailable" }] },
  );
  const container = await renderForm("product");
  await project(container);
  expect(step(container)).toBe("question:alreadyCustomer");
  await clickOn(byTestId(container, "inquiry-next"));
  await contact(container, { name: "Erika Muster", email: "erika@example.com" });

  await clickOn(byTestId(container, "inquiry-submit"));
  expect(step(container)).toBe("contact");
  expect(alerts(container)).toEqual(["Namen dürfen keine Web- oder E-Mail-Adressen enthalten."]);
  expect(container.textContent).not.toContain("Names must not");

  await clickOn(byTestId(container, "inquiry-submit"));
  expect(byTestId(container, "inquiry-error")?.textContent).toBe("Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.");
  await clickOn(byTestId(container, "inquiry-submit"));
  expect(byTestId(container, "inquiry-error")?.textContent).toBe("Zu viele Anfragen. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.");
  await clickOn(byTestId(container, "inquiry-submit"));
  expect(byTestId(container, "inquiry-error")?.textContent).toBe("Diesen Artikel gibt es in unserem Shop nicht.");
  // Changed content is another inquiry: another key.
  await typeInto(fieldLabelled(container, "Telefonnummer (optional)"), "+49 30 1234567");
  await clickOn(byTestId(container, "inquiry-submit"));
  expect(byTestId(container, "inquiry-error")?.textContent).toBe("Leider sind Anfragen derzeit nicht verfügbar");

  const keys = submits(calls).map((call) => call.headers["idempotency-key"]);
  expect(keys).toHaveLength(5);
  expect(new Set(keys.slice(0, 4)).size).toBe(1);
  expect(keys[4]).not.toBe(keys[0]);
  expect(container.textContent).not.toMatch(/Service unavailable|Too many requests|Product not found|Inquiries are not available/);
});

test("without a captcha token nothing is sent and the visitor is told so; an offer request asks its own questions", async () => {
  (globalThis as { captchaFails?: boolean }).captchaFails = true;
  const calls = api(ok("Q-ABCDEFGHJK", "offer"));
  const container = await renderForm("offer", { quantity: 12 });
  expect(fieldLabelled(container, "Menge in m² (optional)").value).toBe("12");
  await project(container);
  const questions: string[] = [];
  while (step(container)?.startsWith("question:")) {
    questions.push(container.querySelector("legend")?.textContent ?? "");
    await clickOn(byTestId(container, "inquiry-next"));
  }
  expect(questions).toEqual([
    "Fragen Sie als gewerblicher Kunde an?",
    "Benötigen Sie die Ware zu einem bestimmten Termin?",
    "Wünschen Sie auch die Verlegung bzw. Montage?",
  ]);
  await contact(container, { name: "Erika Muster", email: "erika@example.com" });
  await clickOn(byTestId(container, "inquiry-submit"));
  expect(byTestId(container, "inquiry-error")?.textContent).toBe("Die Sicherheitsprüfung konnte nicht abgeschlossen werden. Bitte versuchen Sie es erneut.");
  expect(submits(calls)).toHaveLength(0);
});

test("a message too long for the shop is refused before it is sent, with the limit in the words", async () => {
  const calls = api(ok("Q-ABCDEFGHJK", "product"));
  const container = await renderForm("product");
  await project(container, "x".repeat(5001));
  expect(step(container)).toBe("project");
  expect(alerts(container)).toEqual(["Bitte geben Sie höchstens 5000 Zeichen ein."]);
  expect(submits(calls)).toHaveLength(0);
});
