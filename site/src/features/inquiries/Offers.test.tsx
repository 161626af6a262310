import { byTestId, allByTestId, clickOn, closeBrowser, mount, settle } from "@tests/kit/browser-dom";
import React from "react";
import { resetScreens, stubApi, WithAccount, type Answer, type RecordedCall } from "@tests/kit/account-screens";
import { money } from "@domain/money";
import type { CustomerOffer } from "@domain/offers";
import { Offers } from "../account/Offers";
import { OfferView } from "./OfferPage";

jest.mock("gatsby-plugin-react-i18next", () => {
  const texts = jest.requireActual<typeof import("@tests/kit/page-translations")>("../../../../tests/kit/page-translations").pageTranslations("de");
  return { ...texts, useI18next: () => ({ language: "de", routed: false }) };
});
jest.mock("gatsby", () => jest.requireActual("@tests/kit/account-screens").gatsbyMock());

/**
 * My offers (the account) and the guest offer page: every state as the customer reads it, accept
 * into the cart (then the cart page), decline after asking once more; expired and declined offers
 * cannot be accepted; refusals in the page's words.
 */
const m = (minor: number) => money(minor, "EUR", "de");
/** An amount as the shop writes it (the space before € is a non-breaking one). */
const euro = (minor: number) => m(minor).formattedWithCurrency;
const erika = { id: "c-1", type: "private", firstName: "Erika", surname: "Muster", email: "erika@example.com", verified: true };

function offer(state: CustomerOffer["state"], inquiryId: string, extra: Partial<CustomerOffer> = {}): CustomerOffer {
  const requested = state === "requested";
  return {
    inquiryId,
    offerId: requested ? null : `O-${inquiryId.slice(2)}`,
    state,
    createdAt: "2026-11-20T09:30:00.000Z",
    product: { sku: "PARKETT-EICHE-1", name: "Eiche Landhausdiele" },
    validUntil: requested ? null : "2026-12-31",
    total: requested ? null : m(250_000),
    lines: requested
      ? []
      : [
          { sku: "PARKETT-EICHE-1", name: "Eiche Landhausdiele", quantity: 40, packagePrice: m(5_000), regularPrice: m(6_000), rowTotal: m(200_000) },
          { sku: "SOCKELLEISTE-EICHE", name: "Sockelleiste Eiche", quantity: 50, packagePrice: m(1_000), regularPrice: m(1_000), rowTotal: m(50_000) },
        ],
    message: requested ? "" : "Lieferung frei Baustelle.\nVerlegung auf Anfrage.",
    ...extra,
  };
}

const OFFERS = [
  offer("offered", "Q-AAAAAAAAAA"),
  offer("requested", "Q-BBBBBBBBBB"),
  offer("accepted", "Q-CCCCCCCCCC"),
  offer("expired", "Q-DDDDDDDDDD"),
  offer("declined", "Q-EEEEEEEEEE"),
];

function accountApi(offers: CustomerOffer[], answers: Record<string, Answer> = {}): RecordedCall[] {
  return stubApi((call) => {
    if (call.path === "/apiv2/customer") return { status: 200, data: { customer: erika } };
    if (call.path === "/apiv2/customer/offers") return { status: 200, data: { offers } };
    return answers[`${call.method} ${call.path}`];
  });
}

const cards = (container: HTMLElement) => allByTestId(container, "offer");
const card = (container: HTMLElement, inquiryId: string) => cards(container).find((element) => element.textContent?.includes(`Anfrage ${inquiryId}`))!;
const buttonsOf = (element: HTMLElement) => [...element.querySelectorAll("button")].map((button) => button.textContent);

afterEach(resetScreens);
afterAll(closeBrowser);

test("my offers: every state as the customer reads it; only offered and accepted ones can go into the cart", async () => {
  const calls = accountApi(OFFERS);
  const container = await mount(
    <WithAccount>
      <Offers goTo={() => undefined} />
    </WithAccount>,
  );
  await settle();
  expect(calls.map((call) => call.path)).toEqual(["/apiv2/customer", "/apiv2/customer/offers"]);
  expect(cards(container).map((element) => [element.dataset.state, byTestId(element, "offer-state")?.textContent])).toEqual([
    ["offered", "Angebot liegt vor"],
    ["requested", "Angefragt"],
    ["accepted", "Angenommen"],
    ["expired", "Abgelaufen"],
    ["declined", "Abgelehnt"],
  ]);

  const offered = card(container, "Q-AAAAAAAAAA");
  expect(offered.querySelector("h3")?.textContent).toBe("Eiche Landhausdiele");
  expect(offered.textContent).toContain("angefragt am 20.11.2026");
  expect(byTestId(offered, "offer-valid-until")?.textContent).toBe("Gültig bis 31.12.2026");
  expect(allByTestId(offered, "offer-line").map((line) => [line.dataset.sku, ...[...line.querySelectorAll("td")].map((cell) => cell.textContent)])).toEqual([
    ["PARKETT-EICHE-1", "Eiche LandhausdielePARKETT-EICHE-1", "40", `${euro(5_000)}statt ${euro(6_000)}`, euro(200_000)],
    ["SOCKELLEISTE-EICHE", "Sockelleiste EicheSOCKELLEISTE-EICHE", "50", euro(1_000), euro(50_000)],
  ]);
  expect(byTestId(offered, "offer-total")?.textContent).toBe(euro(250_000));
  expect(offered.querySelector(".offer-message")?.textContent).toBe("Lieferung frei Baustelle.\nVerlegung auf Anfrage.");
  expect(buttonsOf(offered)).toEqual(["In den Warenkorb übernehmen", "Angebot ablehnen"]);

  const requested = card(container, "Q-BBBBBBBBBB");
  expect(byTestId(requested, "offer-note")?.textContent).toBe("Wir bereiten Ihr Angebot vor und senden es Ihnen per E-Mail.");
  expect(byTestId(requested, "offer-lines")).toBeNull();
  expect(buttonsOf(requested)).toEqual([]);

  expect(buttonsOf(card(container, "Q-CCCCCCCCCC"))).toEqual(["Erneut in den Warenkorb übernehmen"]);
  const expired = card(container, "Q-DDDDDDDDDD");
  expect(buttonsOf(expired)).toEqual([]);
  expect(byTestId(expired, "offer-note")?.textContent).toBe(
    "Dieses Angebot ist abgelaufen und kann nicht mehr bestellt werden. Gern erstellen wir Ihnen ein neues.",
  );
  const declined = card(container, "Q-EEEEEEEEEE");
  expect(buttonsOf(declined)).toEqual([]);
  expect(byTestId(declined, "offer-valid-until")).toBeNull();
  expect(byTestId(declined, "offer-note")?.textContent).toBe("Sie haben dieses Angebot abgelehnt.");
});

test("accept into the cart: one call (a double click is one accept), then the cart page", async () => {
  const calls = accountApi(OFFERS, {
    "POST /apiv2/offer/O-AAAAAAAAAA/accept": { status: 200, data: { offer: { ...OFFERS[0], state: "accepted" }, cartItemCount: 2 } },
  });
  const went: string[] = [];
  const container = await mount(
    <WithAccount>
      <Offers goTo={(href) => went.push(href)} />
    </WithAccount>,
  );
  await settle();
  const accept = byTestId(card(container, "Q-AAAAAAAAAA"), "offer-accept")!;
  await React.act(async () => {
    accept.click();
    accept.click();
  });
  await settle();
  const accepts = calls.filter((call) => call.method === "POST");
  expect(accepts.map((call) => [call.path, call.body])).toEqual([["/apiv2/offer/O-AAAAAAAAAA/accept", {}]]);
  expect(accepts[0]!.headers["idempotency-key"]).toBeTruthy();
  expect(went).toEqual(["/checkout/cart/"]);
});

test("decline asks once more, then shows the offer as declined; an accept refused as expired shows it expired, in German", async () => {
  const calls = accountApi(OFFERS, {
    "POST /apiv2/offer/O-AAAAAAAAAA/decline": { status: 200, data: { offer: { ...OFFERS[0], state: "declined" } } },
    "POST /apiv2/offer/O-CCCCCCCCCC/accept": { status: 409, errors: [{ message: "The offer has expired", code: "offer_expired" }] },
  });
  const went: string[] = [];
  const container = await mount(
    <WithAccount>
      <Offers goTo={(href) => went.push(href)} />
    </WithAccount>,
  );
  await settle();

  await clickOn(byTestId(card(container, "Q-AAAAAAAAAA"), "offer-decline"));
  expect(calls.filter((call) => call.method === "POST")).toHaveLength(0);
  expect(byTestId(card(container, "Q-AAAAAAAAAA"), "offer-decline-confirm")?.textContent).toContain("Möchten Sie dieses Angebot wirklich ablehnen?");
  await clickOn(byTestId(card(container, "Q-AAAAAAAAAA"), "offer-decline-yes"));
  const declined = card(container, "Q-AAAAAAAAAA");
  expect(declined.dataset.state).toBe("declined");
  expect(buttonsOf(declined)).toEqual([]);

  await clickOn(byTestId(card(container, "Q-CCCCCCCCCC"), "offer-accept"));
  const refused = card(container, "Q-CCCCCCCCCC");
  expect(byTestId(refused, "offer-error")?.textContent).toBe("Dieses Angebot ist abgelaufen und kann nicht mehr angenommen werden.");
  expect(refused.dataset.state).toBe("expired");
  expect(buttonsOf(refused)).toEqual([]);
  expect(container.textContent).not.toContain("The offer has expired");
  expect(went).toEqual([]);
  expect(calls.filter((call) => call.method === "POST").map((call) => call.path)).toEqual([
    "/apiv2/offer/O-AAAAAAAAAA/decline",
    "/apiv2/offer/O-CCCCCCCCCC/accept",
  ]);
});

test("my offers: a failed list can be loaded again", async () => {
  let failing = true;
  stubApi((call) => {
    if (call.path === "/apiv2/customer") return { status: 200, data: { customer: erika } };
    if (call.path === "/apiv2/customer/offers")
      return failing ? { status: 503, errors: [{ message: "unavailable" }] } : { status: 200, data: { offers: [OFFERS[1]] } };
    return undefined;
  });
  const container = await mount(
    <WithAccount>
      <Offers />
    </WithAccount>,
  );
  await settle();
  expect(container.querySelector('[role="alert"]')?.textContent).toContain("Es ist ein Fehler aufgetreten.");
  failing = false;
  await clickOn(container.querySelector('[role="alert"] button'));
  await settle();
  expect(cards(container).map((element) => element.dataset.state)).toEqual(["requested"]);
});

describe("the guest offer page", () => {
  const guestApi = (answers: Record<string, Answer>) => stubApi((call) => answers[`${call.method} ${call.path}`]);
  const openPage = async (search: string, goTo?: (href: string) => void) => {
    window.history.replaceState(null, "", `http://de.localhost:8797/offer/${search}`);
    const container = await mount(<OfferView shop={{ domainPrefixes: [] }} language="de" goTo={goTo} />);
    await settle();
    return container;
  };

  test("the signed link shows the offer; accepting sends the signature and leads to the cart page", async () => {
    const calls = guestApi({
      "GET /apiv2/offer/O-AAAAAAAAAA?sig=c2lnbmVk": { status: 200, data: { offer: OFFERS[0] } },
      "POST /apiv2/offer/O-AAAAAAAAAA/accept": { status: 200, data: { offer: { ...OFFERS[0], state: "accepted" }, cartItemCount: 2 } },
    });
    const went: string[] = [];
    const container = await openPage("?id=O-AAAAAAAAAA&sig=c2lnbmVk", (href) => went.push(href));
    const shown = byTestId(container, "offer")!;
    expect(shown.querySelector("h2")?.textContent).toBe("Eiche Landhausdiele");
    expect(byTestId(shown, "offer-total")?.textContent).toBe(euro(250_000));
    await clickOn(byTestId(shown, "offer-accept"));
    expect(calls.filter((call) => call.method === "POST").map((call) => [call.path, call.body])).toEqual([
      ["/apiv2/offer/O-AAAAAAAAAA/accept", { sig: "c2lnbmVk" }],
    ]);
    expect(went).toEqual(["/checkout/cart/"]);
  });

  test("an expired offer by its link cannot be accepted; a wrong or incomplete link shows one message", async () => {
    guestApi({ "GET /apiv2/offer/O-DDDDDDDDDD?sig=abc": { status: 200, data: { offer: OFFERS[3] } } });
    let container = await openPage("?id=O-DDDDDDDDDD&sig=abc");
    expect(byTestId(container, "offer")?.dataset.state).toBe("expired");
    expect(byTestId(container, "offer-accept")).toBeNull();
    await resetScreens();

    const calls = guestApi({ "GET /apiv2/offer/O-AAAAAAAAAA?sig=wrong": { status: 404, errors: [{ message: "Offer not found", code: "offer_not_found" }] } });
    container = await openPage("?id=O-AAAAAAAAAA&sig=wrong");
    expect(byTestId(container, "offer-link-invalid")?.textContent).toBe(
      "Dieses Angebot wurde nicht gefunden. Bitte öffnen Sie den Link aus Ihrer Angebots-E-Mail erneut.",
    );
    await resetScreens();
    container = await openPage("?id=O-AAAAAAAAAA");
    expect(byTestId(container, "offer-link-invalid")).not.toBeNull();
    expect(calls).toHaveLength(1);
  });
});
