import { byTestId, clickOn, closeBrowser, fieldLabelled, mount, PAGE_URL, settle, typeInto, unmountAll } from "@tests/kit/browser-dom";
import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { NewsletterSignup } from "./NewsletterSignup";
import { NewsletterSlot } from "./NewsletterSlot";
import { NewsletterTokenPage } from "./TokenPage";

jest.mock("./newsletter.css", () => ({}));
// The visitor's words: the English locale through the pages' i18n runtime.
jest.mock("gatsby-plugin-react-i18next", () =>
  jest.requireActual<typeof import("@tests/kit/page-translations")>("../../../../tests/kit/page-translations").pageTranslations("en"),
);
const navigate = jest.fn(async (_path: string) => undefined);
jest.mock("gatsby", () => ({ navigate: (path: string) => navigate(path), graphql: () => null }));
const captcha = { fails: false, actions: [] as string[] };
jest.mock("@site/lib/captcha", () => ({
  CAPTCHA_HEADER: "X-Captcha-Token",
  shopCaptcha: () => ({ provider: "altcha" }),
  captchaToken: async (_settings: unknown, action: string) => {
    captcha.actions.push(action);
    if (captcha.fails) throw new Error("Failed to execute");
    return `captcha-${captcha.actions.length}`;
  },
}));

interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}
type Answer = { status: number; body: unknown } | "network-error";

/** The shop API as the page reaches it: one answer per call in turn, every call recorded. */
function fakeApi(...answers: Answer[]) {
  const calls: Call[] = [];
  global.fetch = (async (input: string, init: RequestInit = {}) => {
    calls.push({
      method: init.method ?? "GET",
      path: String(input),
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === "string" ? (JSON.parse(init.body) as unknown) : undefined,
    });
    const answer = answers.shift() ?? { status: 500, body: { data: null, errors: [] } };
    if (answer === "network-error") throw new TypeError("Failed to fetch");
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  return calls;
}

const PENDING = { status: 200, body: { status: 200, data: { status: "pending" }, errors: [], meta: {} } };
const refused = (status: number, ...errors: { message: string; code: string; field?: string }[]) => ({
  status,
  body: { status, data: null, errors, meta: {} },
});

afterEach(() => {
  unmountAll();
  navigate.mockClear();
  captcha.fails = false;
  captcha.actions.length = 0;
});
afterAll(() => closeBrowser());

const form = () => mount(<NewsletterSignup placement="footer" currency="EUR" language="en" />);
const submit = (container: HTMLElement) => clickOn(byTestId(container, "newsletter-submit"));
async function fill(container: HTMLElement, name: string, email: string) {
  await typeInto(fieldLabelled(container, "Your name"), name);
  await typeInto(fieldLabelled(container, "Your e-mail address"), email);
}
const errorOf = (container: HTMLElement, field: string) => container.querySelector(`#newsletter-footer-${field}-error`)?.textContent ?? null;

describe("the sign-up form", () => {
  test("server render: the form with both fields in the static HTML, the voucher's value, the button disabled until hydration", () => {
    const html = renderToStaticMarkup(<NewsletterSignup placement="home" currency="EUR" language="de" />);
    expect(html).toContain('id="newsletter-home-name"');
    expect(html).toContain('id="newsletter-home-email"');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*data-testid="newsletter-submit"/);
    expect(html).toMatch(/A 10,00\s€ voucher for signing up to our newsletter/);
    const swiss = renderToStaticMarkup(<NewsletterSignup placement="footer" currency="CHF" language="fr" />);
    expect(swiss).toContain("CHF");
  });

  test("signs up: the captcha of the action `newsletter`, name and e-mail posted with an Idempotency-Key; then the request to confirm", async () => {
    const calls = fakeApi(PENDING);
    const container = await form();
    await fill(container, "  Erika Muster ", "erika@example.com");
    await submit(container);
    expect(captcha.actions).toEqual(["newsletter"]);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: "POST", path: "/apiv2/newsletter/subscribe", body: { name: "Erika Muster", email: "erika@example.com" } });
    expect(calls[0]!.headers["X-Captcha-Token"]).toBe("captcha-1");
    expect(calls[0]!.headers["Idempotency-Key"]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(byTestId(container, "newsletter-done")?.textContent).toBe(
      "Almost done! Please confirm your sign-up with the link in the e-mail we have just sent you.",
    );
    expect((fieldLabelled(container, "Your e-mail address") as HTMLInputElement).value).toBe("");
  });

  test("checked before anything is sent: required fields, the e-mail's format, a link in the name", async () => {
    const calls = fakeApi();
    const container = await form();
    await submit(container);
    expect(errorOf(container, "name")).toBe("This field is required.");
    expect(errorOf(container, "email")).toBe("This field is required.");
    await fill(container, "Erika www.floors-cheap.com", "erika@");
    await submit(container);
    expect(errorOf(container, "name")).toBe("The name must not contain a web address.");
    expect(errorOf(container, "email")).toBe("Please enter a valid e-mail address.");
    expect(fieldLabelled(container, "Your name").getAttribute("aria-invalid")).toBe("true");
    expect(calls).toEqual([]);
    expect(captcha.actions).toEqual([]);
  });

  test.each<[string, Answer, { field?: string; form?: string }]>([
    [
      "a link in the name (400)",
      refused(400, { message: "The given data was invalid.", code: "invalid" }, { message: "x", code: "name_contains_url", field: "name" }),
      { field: "The name must not contain a web address." },
    ],
    [
      "too many sign-ups (429)",
      refused(429, { message: "Something went wrong. Try again.", code: "rate_limited" }),
      { form: "Too many attempts. Please try again later." },
    ],
    [
      "a refused captcha (403)",
      refused(403, { message: "Something went wrong. Try again.", code: "captcha_failed" }),
      { form: "The security check could not be completed. Please try again." },
    ],
    ["a server failure (500)", refused(500, { message: "Something went wrong. Try again.", code: "general" }), { form: "Something went wrong. Try again." }],
    ["no connection", "network-error", { form: "Something went wrong. Try again." }],
  ])("the shop API's refusal in the visitor's words: %s", async (_case, answer, expected) => {
    fakeApi(answer);
    const container = await form();
    await fill(container, "Erika", "erika@example.com");
    await submit(container);
    expect(errorOf(container, "name")).toBe(expected.field ?? null);
    expect(byTestId(container, "newsletter-error")?.textContent ?? null).toBe(expected.form ?? null);
    expect(byTestId(container, "newsletter-done")).toBeNull();
    // the English server message is never shown
    expect(container.textContent).not.toContain("The given data was invalid.");
  });

  test("the captcha cannot be solved: its message, nothing sent", async () => {
    const calls = fakeApi();
    captcha.fails = true;
    const container = await form();
    await fill(container, "Erika", "erika@example.com");
    await submit(container);
    expect(byTestId(container, "newsletter-error")?.textContent).toBe("The security check could not be completed. Please try again.");
    expect(calls).toEqual([]);
    expect((byTestId(container, "newsletter-submit") as HTMLButtonElement).disabled).toBe(false);
  });

  test("a retry after a lost answer keeps its Idempotency-Key (the sign-up acts once) with a new captcha", async () => {
    const calls = fakeApi("network-error", PENDING);
    const container = await form();
    await fill(container, "Erika", "erika@example.com");
    await submit(container);
    await submit(container);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.headers["Idempotency-Key"]).toBe(calls[0]!.headers["Idempotency-Key"]);
    expect(calls[0]!.headers["X-Captcha-Token"]).not.toBe(calls[1]!.headers["X-Captcha-Token"]);
    expect(byTestId(container, "newsletter-done")).not.toBeNull();
    expect(byTestId(container, "newsletter-error")).toBeNull();
  });

  test("after a refusal the next submit is a new attempt with a new key", async () => {
    const calls = fakeApi(refused(403, { message: "Something went wrong. Try again.", code: "captcha_failed" }), PENDING);
    const container = await form();
    await fill(container, "Erika", "erika@example.com");
    await submit(container);
    await submit(container);
    expect(calls[1]!.headers["Idempotency-Key"]).not.toBe(calls[0]!.headers["Idempotency-Key"]);
    expect(byTestId(container, "newsletter-done")).not.toBeNull();
  });
});

describe("the slot: the form's code loads when it comes near or is touched", () => {
  test("not near the viewport: a placeholder; a focus loads the form", async () => {
    const observed: Element[] = [];
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
      observe(element: Element) {
        observed.push(element);
      }
      disconnect() {}
    };
    try {
      const container = await mount(<NewsletterSlot placement="footer" currency="EUR" language="en" />);
      expect(observed).toHaveLength(1);
      expect(byTestId(container, "newsletter-footer")).toBeNull();
      expect(container.querySelector(".newsletter-pending")?.textContent).toBe("Newsletter");
      container.querySelector('[data-slot="newsletter"]')!.dispatchEvent(new window.FocusEvent("focusin", { bubbles: true }));
      for (let round = 0; round < 20 && !byTestId(container, "newsletter-footer"); round++) await settle();
      expect(byTestId(container, "newsletter-footer")).not.toBeNull();
    } finally {
      delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    }
  });
});

describe("the pages of the mails' links", () => {
  const open = (action: "confirm" | "unsubscribe", search: string) => {
    window.history.replaceState(null, "", `${PAGE_URL}${search}`);
    return mount(<NewsletterTokenPage action={action} />);
  };
  const TOKEN = "t".repeat(43);

  test("opening the confirmation link confirms at once (one call, with a key) and goes on to the thank-you page; no button to click", async () => {
    const calls = fakeApi({ status: 200, body: { status: 200, data: { status: "confirmed", thanksPath: "/buono-grazie.html" }, errors: [], meta: {} } });
    const container = await open("confirm", `?token=${TOKEN}`);
    await settle();
    expect(container.querySelector("h1")?.textContent).toBe("Confirm your newsletter sign-up");
    expect(calls).toEqual([
      {
        method: "POST",
        path: "/apiv2/newsletter/confirm",
        headers: expect.objectContaining({ "Idempotency-Key": expect.any(String) }),
        body: { token: TOKEN },
      },
    ]);
    expect(navigate).toHaveBeenCalledWith("/buono-grazie.html");
    expect(byTestId(container, "newsletter-confirm")).toBeNull();
  });

  test("a used or unknown link: the message at once, no way on", async () => {
    fakeApi(refused(404, { message: "x", code: "newsletter_token_invalid", field: "token" }));
    const container = await open("confirm", `?token=${TOKEN}`);
    await settle();
    expect(byTestId(container, "newsletter-page-error")?.textContent).toBe(
      "This link is invalid, has expired or has already been used. If you like, simply sign up again.",
    );
    expect(byTestId(container, "newsletter-confirm")).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  test("a failed confirmation: the message and a button to retry with the same key", async () => {
    const calls = fakeApi("network-error", {
      status: 200,
      body: { status: 200, data: { status: "confirmed", thanksPath: "/buono-grazie.html" }, errors: [], meta: {} },
    });
    const container = await open("confirm", `?token=${TOKEN}`);
    await settle();
    expect(byTestId(container, "newsletter-page-error")?.textContent).toBe("Something went wrong. Try again.");
    await clickOn(byTestId(container, "newsletter-confirm"));
    expect(calls.map((call) => call.path)).toEqual(["/apiv2/newsletter/confirm", "/apiv2/newsletter/confirm"]);
    expect(calls[1]!.headers["Idempotency-Key"]).toBe(calls[0]!.headers["Idempotency-Key"]);
    expect(navigate).toHaveBeenCalledWith("/buono-grazie.html");
  });

  test("a link without its token: the message, no button", async () => {
    const calls = fakeApi();
    const container = await open("confirm", "");
    expect(byTestId(container, "newsletter-page-error")?.textContent).toBe("This link is incomplete. Please open the link in the e-mail again.");
    expect(byTestId(container, "newsletter-confirm")).toBeNull();
    expect(calls).toEqual([]);
  });

  test("a failure: the message and the button again; the retry uses the same key", async () => {
    const calls = fakeApi("network-error", { status: 200, body: { status: 200, data: { status: "unsubscribed" }, errors: [], meta: {} } });
    const container = await open("unsubscribe", `?token=${TOKEN}`);
    await clickOn(byTestId(container, "newsletter-unsubscribe"));
    expect(byTestId(container, "newsletter-page-error")?.textContent).toBe("Something went wrong. Try again.");
    await clickOn(byTestId(container, "newsletter-unsubscribe"));
    expect(calls.map((call) => call.path)).toEqual(["/apiv2/newsletter/unsubscribe", "/apiv2/newsletter/unsubscribe"]);
    expect(calls[1]!.headers["Idempotency-Key"]).toBe(calls[0]!.headers["Idempotency-Key"]);
    expect(byTestId(container, "newsletter-page-done")?.textContent).toBe("You have been unsubscribed and will no longer receive our newsletter.");
    expect(byTestId(container, "newsletter-unsubscribe")).toBeNull();
  });
});
