import { byTestId, clickOn, closeBrowser, fieldLabelled, mount, settle, unmountAll } from "@tests/kit/browser-dom";
import React from "react";
import { stubApi } from "@tests/kit/account-screens";
import { testProduct } from "@tests/kit/site";
import { subscribeToasts, type ToastMessage } from "@site/lib/toast-store";
import { InquiryButtonsSlot } from "@site/components/product-slots";
import { LOCK_ATTRIBUTE } from "./page-lock";

jest.mock("./inquiries.css", () => ({}));
jest.mock("../commerce/commerce.css", () => ({}));
jest.mock("../account/account.css", () => ({}));
jest.mock("gatsby-plugin-react-i18next", () => {
  const texts = jest.requireActual<typeof import("@tests/kit/page-translations")>("../../../../tests/kit/page-translations").pageTranslations("de");
  return { ...texts, useI18next: () => ({ language: "de", routed: false }) };
});
jest.mock("@site/lib/captcha", () => ({
  CAPTCHA_HEADER: "X-Captcha-Token",
  shopCaptcha: () => ({ provider: "altcha" }),
  captchaToken: async () => "captcha-token",
}));

/**
 * The product page's inquiry buttons (InquiryButtonsSlot): the question and the offer request
 * open the inquiry modal with the calculator's quantity in the product's unit; closing it gives
 * the page back as it was (the top margin and the fixed navigation reset, the scroll
 * position kept). A shop with inquiries off keeps the toast.
 */
const product = { ...testProduct("EUR", "de"), sku: "PARKETT-EICHE-1", slug: "eiche-landhausdiele" };
const scrolled: [number, number][] = [];
const previous = process.env.GATSBY_INQUIRIES;

beforeEach(() => {
  process.env.GATSBY_INQUIRIES = "on";
  Object.defineProperty(window, "scrollY", { value: 480, configurable: true });
  window.scrollTo = ((x: number, y: number) => void scrolled.push([x, y])) as typeof window.scrollTo;
  stubApi((call) =>
    call.path === "/apiv2/shipping/costs/current-country"
      ? { status: 200, data: { code: "de", name: "Deutschland", availableCountries: [{ code: "de" }, { code: "at" }] } }
      : undefined,
  );
});
afterEach(() => {
  if (previous === undefined) delete process.env.GATSBY_INQUIRIES;
  else process.env.GATSBY_INQUIRIES = previous;
  scrolled.length = 0;
  unmountAll();
  document.body.removeAttribute("style");
});
afterAll(closeBrowser);

const modal = () => byTestId(document.body, "inquiry-modal");
const buttons = () => mount(<InquiryButtonsSlot sku={product.sku} product={product} language="de" quantity={3} countries={["de", "at"]} />);

test("the question opens the modal with the calculator's quantity; closing it resets the top margin and the fixed navigation and keeps the scroll position", async () => {
  const container = await buttons();
  expect(modal()).toBeNull();
  await clickOn(byTestId(container, "ask-question"));
  await settle();

  const dialog = modal()!;
  expect(dialog.dataset.type).toBe("product");
  expect(dialog.querySelector("h2")?.textContent).toBe("Frage zum Produkt");
  expect(byTestId(dialog, "inquiry-product")?.textContent).toBe("EicheArt.-Nr. PARKETT-EICHE-1");
  // 3 packages of 2.25 m².
  expect(fieldLabelled(dialog, "Menge in m² (optional)").value).toBe("6,75");
  expect(fieldLabelled(dialog, "Lieferland").value).toBe("de");
  // The page behind is locked where it was.
  expect(document.documentElement.hasAttribute(LOCK_ATTRIBUTE)).toBe(true);
  expect(document.body.style.top).toBe("-480px");
  expect(document.body.style.position).toBe("fixed");

  await clickOn(byTestId(dialog, "inquiry-close"));
  expect(modal()).toBeNull();
  expect(document.documentElement.hasAttribute(LOCK_ATTRIBUTE)).toBe(false);
  expect(document.body.style.top).toBe("");
  expect(document.body.style.position).toBe("");
  expect(scrolled).toEqual([[0, 480]]);
});

test("the offer request opens its own modal; Escape and the backdrop close it the same way; the bulk-buyer page is a link; each modal reports opening and closing", async () => {
  window.dataLayer = [];
  const container = await buttons();
  expect(window.dataLayer).toEqual([]);
  expect(byTestId(container, "bulk-inquiry")?.getAttribute("href")).toBe("/grossabnehmeranfrage/PARKETT-EICHE-1");
  expect(byTestId(container, "bulk-inquiry")?.textContent).toBe("Großabnehmeranfrage");

  await clickOn(byTestId(container, "request-offer"));
  await settle();
  expect(modal()?.dataset.type).toBe("offer");
  expect(modal()?.querySelector("h2")?.textContent).toBe("Angebot anfordern");
  await React.act(async () => {
    document.dispatchEvent(new window.KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
  });
  expect(modal()).toBeNull();
  expect(document.body.style.top).toBe("");
  expect(document.documentElement.hasAttribute(LOCK_ATTRIBUTE)).toBe(false);

  await clickOn(byTestId(container, "ask-question"));
  await settle();
  expect(document.body.style.position).toBe("fixed");
  await clickOn(byTestId(document.body, "inquiry-backdrop"));
  expect(modal()).toBeNull();
  expect(document.body.style.position).toBe("");
  expect(scrolled).toEqual([
    [0, 480],
    [0, 480],
  ]);
  expect(window.dataLayer.map((entry) => `${(entry as { label: string }).label}:${(entry as { action: string }).action}`)).toEqual([
    "productInquiryModal:open",
    "productInquiryModal:close",
    "askModal:open",
    "askModal:close",
  ]);
});

test("the delivery countries the page was built with are chosen from at once: sent empty before the shop API answered, only the message is missing", async () => {
  // The shop API does not answer the visitor's country (yet): the page's own countries still fill the form.
  stubApi(() => undefined);
  const container = await buttons();
  await clickOn(byTestId(container, "ask-question"));
  await settle();
  const dialog = modal()!;
  expect([...fieldLabelled(dialog, "Lieferland").querySelectorAll("option")].map((option) => option.value)).toEqual(["de", "at"]);
  await clickOn(byTestId(dialog, "inquiry-next")!);
  await settle();
  expect([...dialog.querySelectorAll('[role="alert"]')].map((alert) => alert.id)).toEqual(["inquiry-message-error"]);
});

test("a shop with inquiries switched off keeps the toast and opens nothing", async () => {
  process.env.GATSBY_INQUIRIES = "off";
  window.dataLayer = [];
  const toasts: ToastMessage[] = [];
  const unsubscribe = subscribeToasts((toast) => toasts.push(toast));
  const container = await buttons();
  expect(byTestId(container, "bulk-inquiry")).toBeNull();
  await clickOn(byTestId(container, "ask-question"));
  await clickOn(byTestId(container, "request-offer"));
  await settle();
  unsubscribe();
  expect(modal()).toBeNull();
  expect(toasts).toEqual([
    { type: "warning", message: "Leider sind Anfragen derzeit nicht verfügbar" },
    { type: "warning", message: "Leider sind Anfragen derzeit nicht verfügbar" },
  ]);
  expect(document.body.style.position).toBe("");
  expect(window.dataLayer).toEqual([]);
});
