import { byTestId, clickOn, closeBrowser, fieldLabelled, mount, PAGE_URL, unmountAll } from "@tests/kit/browser-dom";
import React from "react";
import { rememberAccess } from "./access-store";
import { rmaOrder } from "@tests/kit/returns-screens";
import WithdrawFlow from "./WithdrawFlow";

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

function fakeApi(routes: Record<string, (call: Call) => { status: number; body: unknown }>) {
  const calls: Call[] = [];
  global.fetch = (async (input: string, init: RequestInit = {}) => {
    const call = {
      method: init.method ?? "GET",
      path: String(input),
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === "string" ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const answer = route ? route(call) : { status: 404, body: { data: null, errors: [{ message: "Not found", code: "not_found" }] } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  }) as typeof fetch;
  return calls;
}

const ok = (data: unknown) => ({ status: 200, body: { data, errors: [] } });
const linkAnswer = (order = rmaOrder()) => ok({ lookupToken: "lookup-token-1", expiresAt: "2099-01-01T00:00:00.000Z", order });

async function renderWithdraw(search: string) {
  window.history.replaceState(null, "", `${PAGE_URL}withdraw/${search}`);
  return mount(<WithdrawFlow shop={{ domainPrefixes: [] }} language="en" />);
}

const stepOf = (container: HTMLElement) => byTestId(container, "withdraw-screen")?.dataset.step;
const originalFetch = global.fetch;
afterAll(() => closeBrowser());
afterEach(() => {
  global.fetch = originalFetch;
  unmountAll();
});

test("from the signed link: the labelled button, the confirmation step, then the confirmation; two clicks, one request", async () => {
  const calls = fakeApi({
    "POST /apiv2/rma/link": () => linkAnswer(),
    "POST /apiv2/rma/withdrawal": () => ok({ withdrawal: { requestedAt: "2026-11-24T10:15:00.000Z", rmaId: "R-0123456789" } }),
  });
  const container = await renderWithdraw("?order=DE-100001&sig=signed");
  expect(stepOf(container)).toBe("order");
  expect(byTestId(container, "withdraw-button")?.textContent).toBe("Withdraw from contract here");
  await clickOn(byTestId(container, "withdraw-button"));
  expect(stepOf(container)).toBe("confirm");
  // Nothing is sent before the confirmation.
  expect(calls.filter((call) => call.path === "/apiv2/rma/withdrawal")).toHaveLength(0);
  await clickOn(byTestId(container, "withdraw-confirm-button"));
  expect(stepOf(container)).toBe("done");
  expect(byTestId(container, "withdraw-requested-at")?.textContent).toBe("Received on 24/11/2026, 11:15.");
  const sent = calls.filter((call) => call.path === "/apiv2/rma/withdrawal");
  expect(sent).toHaveLength(1);
  expect(sent[0]!.body).toEqual({ lookupToken: "lookup-token-1", orderNumber: "DE-100001", confirm: true });
  expect(sent[0]!.headers["Idempotency-Key"]).toBeTruthy();
});

test("a failed confirmation can be retried with the same key; cancel goes back to the order", async () => {
  let attempts = 0;
  const calls = fakeApi({
    "GET /apiv2/rma/orders/DE-100001": () => ok({ lookupToken: null, expiresAt: null, order: rmaOrder() }),
    "POST /apiv2/rma/withdrawal": () =>
      ++attempts === 1
        ? { status: 503, body: { data: null, errors: [] } }
        : ok({ withdrawal: { requestedAt: "2026-11-24T10:15:00.000Z", rmaId: "R-0123456789" } }),
  });
  const container = await renderWithdraw("?order=DE-100001");
  await clickOn(byTestId(container, "withdraw-button"));
  await clickOn([...container.querySelectorAll("button")].find((button) => button.textContent === "Cancel")!);
  expect(stepOf(container)).toBe("order");
  await clickOn(byTestId(container, "withdraw-button"));
  await clickOn(byTestId(container, "withdraw-confirm-button"));
  expect(byTestId(container, "withdraw-error")?.textContent).toBe("Something went wrong. Try again.");
  await clickOn(byTestId(container, "withdraw-confirm-button"));
  expect(stepOf(container)).toBe("done");
  const keys = calls.filter((call) => call.path === "/apiv2/rma/withdrawal").map((call) => call.headers["Idempotency-Key"]);
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  // Signed in: the session is the access, no token in the body.
  expect(calls.find((call) => call.path === "/apiv2/rma/withdrawal")!.body).toEqual({ orderNumber: "DE-100001", confirm: true });
});

test("no button where the withdrawal is not offered; an order already withdrawn shows when", async () => {
  fakeApi({ "POST /apiv2/rma/link": () => linkAnswer(rmaOrder({ shop: "CH", isConsumerEu: false })) });
  let container = await renderWithdraw("?order=CH-100001&sig=signed");
  expect(byTestId(container, "withdraw-button")).toBeNull();
  expect(byTestId(container, "withdraw-unavailable")?.textContent).toBe(
    "This order cannot be withdrawn from here: the withdrawal function is available to consumers in our EU shops.",
  );
  unmountAll();
  fakeApi({ "POST /apiv2/rma/link": () => linkAnswer(rmaOrder({ withdrawal: { requestedAt: "2026-11-20T08:00:00.000Z" } })) });
  container = await renderWithdraw("?order=DE-100001&sig=signed");
  expect(stepOf(container)).toBe("done");
  expect(byTestId(container, "withdraw-button")).toBeNull();
  expect(byTestId(container, "withdraw-requested-at")?.textContent).toBe("Received on 20/11/2026, 09:00.");
});

test("a guest coming from the returns page needs no second lookup; without it, the lookup with the number filled in", async () => {
  const calls = fakeApi({});
  rememberAccess({ lookupToken: "remembered", expiresAt: "2099-01-01T00:00:00.000Z", order: rmaOrder() });
  let container = await renderWithdraw("?order=DE-100001");
  expect(stepOf(container)).toBe("order");
  expect(calls).toHaveLength(0);
  unmountAll();
  container = await renderWithdraw("?order=DE-100005");
  expect(stepOf(container)).toBe("lookup");
  expect(fieldLabelled(container, "Order or invoice number").value).toBe("DE-100005");
});
