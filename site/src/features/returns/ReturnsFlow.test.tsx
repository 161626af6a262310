import { closeBrowser, byTestId, chooseFiles, clickOn, fieldLabelled, fileOf, mount, PAGE_URL, settle, typeInto, unmountAll } from "@tests/kit/browser-dom";
import React from "react";
import { SWRConfig } from "swr";
import ReturnsFlow from "./ReturnsFlow";
import { RMA_OPTIONS, rmaOrder } from "@tests/kit/returns-screens";

jest.mock("./returns.css", () => ({}));
// The visitor's words: the English locale through the pages' i18n runtime.
jest.mock("gatsby-plugin-react-i18next", () =>
  jest.requireActual<typeof import("@tests/kit/page-translations")>("../../../../tests/kit/page-translations").pageTranslations("en"),
);
jest.mock("@site/lib/captcha", () => ({
  CAPTCHA_HEADER: "X-Captcha-Token",
  shopCaptcha: () => ({ provider: "altcha" }),
  captchaToken: async () => "captcha-token",
}));

interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = { status: number; body: unknown } | ((call: Call) => { status: number; body: unknown });

/** The shop API as the page reaches it: answers by method and path, every call recorded. */
function fakeApi(routes: Record<string, Answer>) {
  const calls: Call[] = [];
  global.fetch = (async (input: string, init: RequestInit = {}) => {
    const path = String(input);
    const method = init.method ?? "GET";
    const body =
      typeof init.body === "string" ? (JSON.parse(init.body) as unknown) : init.body instanceof FormData ? Object.fromEntries(init.body.entries()) : undefined;
    const call = { method, path, headers: (init.headers ?? {}) as Record<string, string>, body };
    calls.push(call);
    const route = routes[`${method} ${path}`];
    const answer =
      typeof route === "function" ? route(call) : (route ?? { status: 404, body: { data: null, errors: [{ message: "Not found", code: "not_found" }] } });
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  return calls;
}

const ok = (data: unknown) => ({ status: 200, body: { data, errors: [] } });
const answer = (order = rmaOrder()) => ({ lookupToken: "lookup-token-1", expiresAt: "2099-01-01T00:00:00.000Z", order });

async function renderFlow(search: string) {
  window.history.replaceState(null, "", `${PAGE_URL}${search}`);
  // A cache of its own per test; no deduping or slow-loading timers outliving the test.
  return mount(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, loadingTimeout: 0 }}>
      <ReturnsFlow shop={{ domainPrefixes: [] }} language="de" />
    </SWRConfig>,
  );
}

const screenOf = (container: HTMLElement) => byTestId(container, "returns-screen")?.dataset.screen;
const quantity = (container: HTMLElement, line: number) => byTestId(container, `quantity-${line}`) as HTMLInputElement;

const originalFetch = global.fetch;
afterAll(() => closeBrowser());
afterEach(() => {
  global.fetch = originalFetch;
  unmountAll();
});

test("back to correct keeps every entry and photo; the corrected return is sent once with one key, reused on retry", async () => {
  let submits = 0;
  const calls = fakeApi({
    "GET /apiv2/rma/options": ok(RMA_OPTIONS),
    "POST /apiv2/rma/link": ok(answer()),
    "POST /apiv2/rma/uploads": (call) => ok({ uploadId: `up-${(call.body as { file: File }).file.name}`, name: "x", size: 3 }),
    "POST /apiv2/rma": () =>
      ++submits === 1 ? { status: 503, body: { data: null, errors: [{ message: "unavailable", code: "unavailable" }] } } : ok({ rmaId: "R-ABCDEFGHJK" }),
  });
  const container = await renderFlow("?order=DE-100001&sig=signed");
  // Opened from the signed link: straight to the items, nothing typed.
  expect(screenOf(container)).toBe("items");
  expect(calls.find((call) => call.path === "/apiv2/rma/link")?.body).toEqual({ order: "DE-100001", sig: "signed" });

  await clickOn(byTestId(container, "select-1"));
  await typeInto(quantity(container, 1), "3");
  await typeInto(fieldLabelled(container, "Reason"), "DEFECTIVE");
  await typeInto(fieldLabelled(container, "Your preferred solution"), "NEW_PRODUCT");
  await typeInto(fieldLabelled(container, "Message"), "Kanten gebrochen");
  await typeInto(fieldLabelled(container, "Phone number (optional)"), "030 123456");
  await chooseFiles(byTestId(container, "images-input"), [fileOf("kante-1.jpg", 50), fileOf("kante-2.jpg", 60)]);
  await clickOn(byTestId(container, "to-overview"));
  expect(screenOf(container)).toBe("overview");
  expect(byTestId(container, "overview-line-1")?.textContent).toBe("3 × Eiche Landhausdiele (item no. FLOOR-1)");
  expect(byTestId(container, "overview-reason")?.textContent).toBe("label DEFECTIVE");

  await clickOn(byTestId(container, "correct-return"));
  expect(screenOf(container)).toBe("items");
  expect((byTestId(container, "select-1") as HTMLInputElement).checked).toBe(true);
  expect(quantity(container, 1).value).toBe("3");
  expect((byTestId(container, "select-4") as HTMLInputElement).checked).toBe(false);
  expect(fieldLabelled(container, "Reason").value).toBe("DEFECTIVE");
  expect(fieldLabelled(container, "Your preferred solution").value).toBe("NEW_PRODUCT");
  expect(fieldLabelled(container, "Message").value).toBe("Kanten gebrochen");
  expect(fieldLabelled(container, "Phone number (optional)").value).toBe("030 123456");
  expect([...container.querySelectorAll(".returns-image-name")].map((element) => element.textContent)).toEqual(["kante-1.jpg", "kante-2.jpg"]);

  await typeInto(quantity(container, 1), "2");
  await clickOn(byTestId(container, "to-overview"));
  expect(byTestId(container, "overview-line-1")?.textContent).toBe("2 × Eiche Landhausdiele (item no. FLOOR-1)");

  await clickOn(byTestId(container, "submit-return"));
  expect(byTestId(container, "submit-error")?.textContent).toBe("Something went wrong. Try again.");
  expect(screenOf(container)).toBe("overview");
  await clickOn(byTestId(container, "submit-return"));
  expect(screenOf(container)).toBe("success");
  expect(byTestId(container, "rma-id")?.textContent).toBe("R-ABCDEFGHJK");

  const sent = calls.filter((call) => call.method === "POST" && call.path === "/apiv2/rma");
  expect(sent).toHaveLength(2);
  expect(sent[0]!.headers["Idempotency-Key"]).toMatch(/^[0-9a-f-]{32,36}$/);
  expect(sent[1]!.headers["Idempotency-Key"]).toBe(sent[0]!.headers["Idempotency-Key"]);
  expect(sent[1]!.body).toEqual({
    lookupToken: "lookup-token-1",
    orderNumber: "DE-100001",
    items: [{ lineNo: 1, quantity: 2 }],
    reason: "DEFECTIVE",
    proposal: "NEW_PRODUCT",
    message: "Kanten gebrochen",
    phone: "030 123456",
    uploadIds: ["up-kante-1.jpg", "up-kante-2.jpg"],
  });
  // The photos went one per request, each in the field `file` and nothing else.
  const uploads = calls.filter((call) => call.path === "/apiv2/rma/uploads").map((call) => call.body as Record<string, unknown>);
  expect(uploads.map((body) => [Object.keys(body), (body.file as File).name])).toEqual([
    [["file"], "kante-1.jpg"],
    [["file"], "kante-2.jpg"],
  ]);
});

test("a corrected return after a failed submit gets a new key (another body is another request)", async () => {
  const calls = fakeApi({
    "GET /apiv2/rma/options": ok(RMA_OPTIONS),
    "POST /apiv2/rma/link": ok(answer()),
    "POST /apiv2/rma": {
      status: 422,
      body: { data: null, errors: [{ message: "too many", code: "quantity_exceeds_returnable", field: "items.0.quantity", params: { maxValue: 1 } }] },
    },
  });
  const container = await renderFlow("?order=DE-100001&sig=signed");
  await clickOn(byTestId(container, "select-4"));
  await typeInto(fieldLabelled(container, "Reason"), "OVER_ORDER");
  await typeInto(fieldLabelled(container, "Message"), "Zu viel bestellt");
  await clickOn(byTestId(container, "to-overview"));
  await clickOn(byTestId(container, "submit-return"));
  // The server's bound (it counted a return made meanwhile) in the spec's words.
  expect(byTestId(container, "submit-error")?.textContent).toBe("The value must not be higher than 1");
  await clickOn(byTestId(container, "correct-return"));
  await typeInto(quantity(container, 4), "1");
  await clickOn(byTestId(container, "to-overview"));
  await clickOn(byTestId(container, "submit-return"));
  const keys = calls.filter((call) => call.path === "/apiv2/rma").map((call) => call.headers["Idempotency-Key"]);
  expect(keys).toHaveLength(2);
  expect(keys[1]).not.toBe(keys[0]);
});

test("a guest looks the order up: one message whichever field is wrong, then the items (four screens to the number)", async () => {
  let attempt = 0;
  const screens: string[] = [];
  const calls = fakeApi({
    "GET /apiv2/rma/options": ok(RMA_OPTIONS),
    "POST /apiv2/rma/lookup": () =>
      ++attempt === 1 ? { status: 404, body: { data: null, errors: [{ message: "No order matches.", code: "order_not_found" }] } } : ok(answer()),
    "POST /apiv2/rma": ok({ rmaId: "R-QRSTUVWXYZ" }),
  });
  const container = await renderFlow("");
  const note = () => {
    const screen = screenOf(container)!;
    if (screens.at(-1) !== screen) screens.push(screen);
  };
  note();
  expect(byTestId(container, "returns-account")).toBeNull();
  await typeInto(fieldLabelled(container, "Order or invoice number"), "DE-100001");
  await typeInto(fieldLabelled(container, "E-mail address"), "kunde@example.com");
  await typeInto(fieldLabelled(container, "Postal code (billing address)"), "10115");
  await clickOn(byTestId(container, "lookup-submit"));
  await settle();
  expect(byTestId(container, "lookup-error")?.textContent).toBe(
    "We could not find an order with this order or invoice number, e-mail address and postal code. Please check your input and try again.",
  );
  const lookup = calls.find((call) => call.path === "/apiv2/rma/lookup")!;
  expect(lookup.body).toEqual({ orderIncrementId: "DE-100001", orderEmail: "kunde@example.com", postalCode: "10115" });
  expect(lookup.headers["X-Captcha-Token"]).toBe("captcha-token");

  await clickOn(byTestId(container, "lookup-submit"));
  await settle();
  note();
  await clickOn(byTestId(container, "select-1"));
  await typeInto(fieldLabelled(container, "Reason"), "OVER_ORDER");
  await typeInto(fieldLabelled(container, "Message"), "Zu viel");
  await clickOn(byTestId(container, "to-overview"));
  note();
  await clickOn(byTestId(container, "submit-return"));
  note();
  expect(screens).toEqual(["lookup", "items", "overview", "success"]);
  expect(byTestId(container, "rma-id")?.textContent).toBe("R-QRSTUVWXYZ");
});

test("a signed-in customer picks an order from their list and types nothing; the session is the access", async () => {
  const calls = fakeApi({
    "GET /apiv2/rma/options": ok(RMA_OPTIONS),
    "GET /apiv2/customer": ok({ customer: { firstName: "Erika", surname: "Muster", email: "erika@example.com", postcode: "10115" } }),
    "GET /apiv2/customer/orders": ok({
      orders: [
        { number: "DE-100001", placedAt: "2026-11-02T09:30:00.000Z", state: "delivered", grandTotal: { formattedWithCurrency: "95,80 €" }, itemCount: 4 },
      ],
    }),
    "GET /apiv2/rma/orders/DE-100001": ok({ lookupToken: null, expiresAt: null, order: rmaOrder() }),
    "POST /apiv2/rma": ok({ rmaId: "R-SESSION001" }),
  });
  const container = await renderFlow("");
  expect(byTestId(container, "account-info")?.textContent).toBe("Signed in as Erika Muster (erika@example.com)");
  expect(byTestId(container, "returns-lookup")).not.toBeNull();
  await clickOn(byTestId(container, "account-order")!.querySelector("button"));
  expect(screenOf(container)).toBe("items");
  await clickOn(byTestId(container, "select-1"));
  await typeInto(fieldLabelled(container, "Reason"), "DEFECTIVE");
  await typeInto(fieldLabelled(container, "Message"), "Kratzer");
  await clickOn(byTestId(container, "to-overview"));
  await clickOn(byTestId(container, "submit-return"));
  const body = calls.find((call) => call.path === "/apiv2/rma")!.body as Record<string, unknown>;
  expect(body).not.toHaveProperty("lookupToken");
  expect(body.orderNumber).toBe("DE-100001");
});

test("?order= without a session and a link that is no longer valid both land on the lookup with the number filled in", async () => {
  fakeApi({
    "GET /apiv2/rma/options": ok(RMA_OPTIONS),
    "GET /apiv2/rma/orders/DE-100002": { status: 401, body: { data: null, errors: [{ message: "Sign in", code: "not_signed_in" }] } },
    "POST /apiv2/rma/link": { status: 404, body: { data: null, errors: [{ message: "No order matches.", code: "order_not_found" }] } },
  });
  let container = await renderFlow("?order=DE-100002");
  expect(screenOf(container)).toBe("lookup");
  expect(fieldLabelled(container, "Order or invoice number").value).toBe("DE-100002");
  expect(byTestId(container, "lookup-error")).toBeNull();
  unmountAll();
  container = await renderFlow("?order=DE-100003&sig=forged");
  expect(fieldLabelled(container, "Order or invoice number").value).toBe("DE-100003");
  expect(byTestId(container, "lookup-error")?.textContent).toBe(
    "This link is no longer valid. Please find your order with its number, your e-mail address and your postal code.",
  );
});
