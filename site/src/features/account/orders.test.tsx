import { clickOn as click, closeBrowser, mount as render, settle, typeInto as type } from "@tests/kit/browser-dom";
import React from "react";
import { navigate } from "gatsby";
import { button, field, type RecordedCall, resetScreens, stubApi, WithAccount } from "@tests/kit/account-screens";
import { money } from "@domain/money";
import type { CustomerOrderView, OrderListItem } from "@domain/api/orders";
import { Offers } from "./Offers";
import { OrderDetails, orderNumberFrom } from "./OrderDetails";
import { OrderOverview } from "./OrderOverview";

jest.mock("gatsby-plugin-react-i18next", () => jest.requireActual("@tests/kit/account-screens").i18nMock("de"));
jest.mock("gatsby", () => jest.requireActual("@tests/kit/account-screens").gatsbyMock());

const m = (minor: number) => money(minor, "EUR", "de");
const erika = {
  id: "c-1",
  type: "business",
  firstName: "Erika",
  surname: "Muster",
  email: "erika@example.com",
  companyName: "Muster Bau GmbH",
  vatId: null,
  postcode: "10115",
  city: "Berlin",
  country: "de",
  phone: "+49 30 1234567",
  verified: true,
};

const stored: OrderListItem = {
  number: "DE-100002",
  placedAt: "2026-11-20T09:30:00.000Z",
  state: "confirmed",
  grandTotal: m(184_500),
  itemCount: 2,
  deliveryMode: "on_call_storage",
  storage: { until: "2027-02-20", state: "stored" },
};
const plain: OrderListItem = {
  number: "DE-100001",
  placedAt: "2026-10-02T15:00:00.000Z",
  state: "delivered",
  grandTotal: m(8985),
  itemCount: 1,
  deliveryMode: "standard",
};

function order(extra: Partial<CustomerOrderView> = {}): CustomerOrderView {
  return {
    orderNumber: "DE-100002",
    state: "confirmed",
    placedAt: "2026-11-20T09:30:00.000Z",
    confirmedAt: "2026-11-20T10:00:00.000Z",
    shippedAt: null,
    deliveredAt: null,
    cancelledAt: null,
    email: "erika@example.com",
    billingAddress: {
      firstname: "Erika",
      lastname: "Muster",
      companyName: "Muster Bau GmbH",
      street: "Hauptstraße 5",
      postcode: "10115",
      city: "Berlin",
      countryCode: "de",
    },
    shippingAddress: null,
    deliveryMode: "on_call_storage",
    desiredDate: null,
    paymentMethod: "prepayment",
    currency: "EUR",
    lines: [
      {
        line: 1,
        sku: "FLOOR-1",
        kind: "product",
        name: "Eiche Landhausdiele",
        options: {},
        quantity: 60,
        unit: { code: "SQM", label: "m²" },
        packageContent: 2.2,
        packagePrice: m(2995),
        lineTotal: m(179_700),
        taxRate: 19,
        shippedQuantity: 20,
        deliveredQuantity: 10,
        shippedAt: "2026-11-22T08:00:00.000Z",
        deliveredAt: "2026-11-23T12:00:00.000Z",
      },
    ],
    totals: {
      goods: m(179_700),
      prepaymentDiscount: m(3594),
      voucher: null,
      shipping: m(8394),
      tax: { isIncluded: true, amount: m(29_458), label: "inkl. 19 % MwSt." },
      grandTotal: m(184_500),
    },
    history: [
      { state: "placed", at: "2026-11-20T09:30:00.000Z" },
      { state: "confirmed", at: "2026-11-20T10:00:00.000Z" },
    ],
    storage: {
      state: "stored",
      storedUntil: "2027-02-20",
      freeMonths: 3,
      callOffs: [{ desiredDate: "2026-12-01", state: "replaced", requestedAt: "2026-11-21T10:00:00.000Z" }],
      callOff: { earliest: "2026-11-26", latest: "2027-03-05" },
    },
    returnable: false,
    returnsLink: "/returns/?order=DE-100002",
    documents: [],
    ...extra,
  };
}

let calls: RecordedCall[];
beforeEach(() => (navigate as jest.Mock).mockClear());
afterEach(resetScreens);
afterAll(closeBrowser);

const shown = (element: React.ReactElement) => render(<WithAccount>{element}</WithAccount>);

test("signed out on a protected screen: to the login with this page as the return path", async () => {
  calls = stubApi((call) => (call.path === "/apiv2/customer" ? { status: 200, data: { customer: null } } : undefined));
  window.history.replaceState(null, "", "/customer/account/Order/?number=DE-100002");
  const container = await shown(<OrderDetails />);
  await settle();
  expect(navigate).toHaveBeenCalledWith("/customer/account/Login/?return=%2Fcustomer%2Faccount%2FOrder%2F%3Fnumber%3DDE-100002", { replace: true });
  expect(container.querySelector('[data-testid="order-details"]')).toBeNull();
  expect(calls.some((call) => call.path.startsWith("/apiv2/customer/orders"))).toBe(false);
});

test("my orders: number, date, state, total and the storage badge, page by page; the menu of the account", async () => {
  calls = stubApi((call) => {
    if (call.path === "/apiv2/customer") return { status: 200, data: { customer: erika } };
    if (call.path === "/apiv2/customer/orders?limit=20") return { status: 200, data: { orders: [stored], next: "DE-100002" } };
    if (call.path === "/apiv2/customer/orders?limit=20&before=DE-100002") return { status: 200, data: { orders: [plain], next: null } };
    return undefined;
  });
  const container = await shown(<OrderOverview />);
  await settle();
  expect(container.querySelectorAll('[data-testid="order-row"]')).toHaveLength(1);
  await click(button(container, "Ältere Bestellungen anzeigen"));
  expect(() => button(container, "Ältere Bestellungen anzeigen")).toThrow();
  const rows = [...container.querySelectorAll('[data-testid="order-row"]')];
  expect(rows.map((row) => row.getAttribute("data-number"))).toEqual(["DE-100002", "DE-100001"]);
  expect(rows[0]!.textContent).toContain("Bestellung DE-100002");
  expect(rows[0]!.textContent).toContain("bestellt am 20.11.2026");
  expect(rows[0]!.textContent).toContain("Bestätigt");
  expect(rows[0]!.textContent).toContain("1.845,00\u00a0€");
  expect(rows[0]!.textContent).toContain("2 Positionen");
  expect(rows[0]!.querySelector('[data-testid="storage-badge"]')?.textContent).toBe("Eingelagert bis 20.02.2027 · eingelagert");
  expect(rows[0]!.querySelector("a")?.getAttribute("href")).toBe("/customer/account/Order/?number=DE-100002");
  expect(rows[1]!.querySelector('[data-testid="storage-badge"]')).toBeNull();
  const nav = container.querySelector('[data-testid="account-nav"]')!;
  expect([...nav.querySelectorAll("a")].map((link) => link.textContent)).toEqual([
    "Meine Bestellungen",
    "Meine Angebote",
    "Meine Projekte",
    "Meine Daten",
    "Meine Adresse",
    "Passwort ändern",
  ]);
  expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe("Meine Bestellungen");
  expect(button(nav as HTMLElement, "Abmelden")).toBeTruthy();
});

describe("order details", () => {
  function stubOrder(current: CustomerOrderView, onCallOff?: (date: string) => CustomerOrderView) {
    return stubApi((call) => {
      if (call.path === "/apiv2/customer") return { status: 200, data: { customer: erika } };
      if (call.path === "/apiv2/customer/orders/DE-100002") return { status: 200, data: { order: current } };
      if (call.path === "/apiv2/customer/orders/DE-100002/call-off" && onCallOff)
        return { status: 200, data: { order: onCallOff((call.body as { desiredDate: string }).desiredDate) } };
      return undefined;
    });
  }

  test("lines with shipped and delivered quantities, states, addresses, delivery, payment, storage; no return link while not returnable", async () => {
    calls = stubOrder(order());
    window.history.replaceState(null, "", "/customer/account/Order/?number=DE-100002");
    const container = await shown(<OrderDetails />);
    await settle();
    const details = container.querySelector('[data-testid="order-details"]')!;
    expect(details.querySelector("h1")?.textContent).toBe("Bestellung DE-100002");
    const line = details.querySelector('[data-testid="order-line"]')!;
    expect([...line.querySelectorAll("td")].map((cell) => cell.textContent)).toEqual([
      "Eiche LandhausdieleArt.-Nr. FLOOR-1",
      "60 Pakete",
      "20 (22.11.2026)",
      "10 (23.11.2026)",
      "29,95\u00a0€",
      "1.797,00\u00a0€",
    ]);
    expect(details.textContent).toContain("Eingegangen: 20.11.2026");
    expect(details.textContent).toContain("Muster Bau GmbH");
    expect(details.textContent).toContain("Hauptstraße 5");
    expect(details.textContent).toContain("Wie Rechnungsadresse");
    expect(details.querySelector('[data-testid="order-delivery-mode"]')?.textContent).toBe("Auf Abruf mit Einlagerung");
    expect(details.textContent).toContain("Vorkasse");
    expect(details.querySelector('[data-testid="stored-until"]')?.textContent).toBe("Ihre Ware lagert kostenlos bis 20.02.2027.");
    expect(details.querySelector('[data-testid="call-offs"]')?.textContent).toBe("Lieferung am 01.12.2026 (ersetzt)");
    const date = field(details, "Wunschtermin für die Lieferung");
    expect([date.type, date.min, date.max]).toEqual(["date", "2026-11-26", "2027-03-05"]);
    expect(details.querySelector('[data-testid="start-return"]')).toBeNull();
  });

  test("the order's invoice and credit note are links to their PDFs, a business customer's also to the XRechnung; none before there is one", async () => {
    const document = (number: string, kind: "invoice" | "credit_note", xrechnung: boolean) => ({
      number,
      kind,
      issuedAt: "2026-11-24T10:00:00.000Z",
      grossTotal: m(184_500),
      pdfUrl: `/apiv2/customer/orders/DE-100002/documents/${number}`,
      xrechnungUrl: xrechnung ? `/apiv2/customer/orders/DE-100002/documents/${number}?format=xrechnung` : null,
    });
    calls = stubOrder(
      order({
        state: "shipped",
        storage: null,
        documents: [document("RE-DE-2026-000007", "invoice", true), document("GS-DE-2026-000002", "credit_note", false)],
      }),
    );
    window.history.replaceState(null, "", "/customer/account/Order/?number=DE-100002");
    let container = await shown(<OrderDetails />);
    await settle();
    const items = [...container.querySelectorAll('[data-testid="order-document"]')];
    expect(items.map((item) => item.querySelector('[data-testid="order-document-pdf"]')?.textContent)).toEqual([
      "Rechnung RE-DE-2026-000007 (PDF)",
      "Gutschrift GS-DE-2026-000002 (PDF)",
    ]);
    expect(items[0]!.querySelector('[data-testid="order-document-pdf"]')?.getAttribute("href")).toBe(
      "/apiv2/customer/orders/DE-100002/documents/RE-DE-2026-000007",
    );
    expect(items[0]!.querySelector('[data-testid="order-document-xrechnung"]')?.getAttribute("href")).toBe(
      "/apiv2/customer/orders/DE-100002/documents/RE-DE-2026-000007?format=xrechnung",
    );
    expect(items[0]!.textContent).toContain("vom 24.11.2026");
    expect(items[1]!.querySelector('[data-testid="order-document-xrechnung"]')).toBeNull();
    await resetScreens();
    calls = stubOrder(order({ state: "confirmed", storage: null }));
    window.history.replaceState(null, "", "/customer/account/Order/?number=DE-100002");
    container = await shown(<OrderDetails />);
    await settle();
    expect(container.querySelector('[data-testid="order-documents"]')).toBeNull();
  });

  test("a returnable order leads to the returns page with its number", async () => {
    calls = stubOrder(
      order({ state: "delivered", deliveredAt: "2026-11-23T12:00:00.000Z", storage: null, returnable: true, returnsLink: "/returns/?order=DE-100002" }),
    );
    window.history.replaceState(null, "", "/customer/account/Order/?number=DE-100002");
    const container = await shown(<OrderDetails />);
    await settle();
    const link = container.querySelector('[data-testid="start-return"]');
    expect(link?.textContent).toBe("Retoure oder Reklamation starten");
    expect(link?.getAttribute("href")).toBe("/returns/?order=DE-100002");
  });

  test("the withdrawal from the contract is reachable from an order that is not cancelled, not from a cancelled one", async () => {
    calls = stubOrder(order({ state: "shipped", storage: null, returnable: false }));
    window.history.replaceState(null, "", "/customer/account/Order/?number=DE-100002");
    let container = await shown(<OrderDetails />);
    await settle();
    const link = container.querySelector('[data-testid="withdraw-link"]');
    expect(link?.textContent).toBe("Vom Vertrag zurücktreten (Widerruf)");
    expect(link?.getAttribute("href")).toBe("/returns/withdraw/?order=DE-100002");
    await resetScreens();
    calls = stubOrder(order({ state: "cancelled", storage: null, returnable: false }));
    window.history.replaceState(null, "", "/customer/account/Order/?number=DE-100002");
    container = await shown(<OrderDetails />);
    await settle();
    expect(container.querySelector('[data-testid="withdraw-link"]')).toBeNull();
  });

  test("a returns link that leads off the shop is not used", async () => {
    calls = stubOrder(order({ state: "delivered", storage: null, returnable: true, returnsLink: "https://evil.example/returns/" }));
    window.history.replaceState(null, "", "/customer/account/Order/?number=DE-100002");
    const container = await shown(<OrderDetails />);
    await settle();
    expect(container.querySelector('[data-testid="start-return"]')?.getAttribute("href")).toBe("/returns/?order=DE-100002");
  });

  test("a call-off: a weekend day or a day outside the bounds is refused at the field; a working day is sent", async () => {
    calls = stubOrder(order(), (desiredDate) =>
      order({
        storage: { ...order().storage!, state: "called_off", callOffs: [{ desiredDate, state: "requested", requestedAt: "2026-11-24T10:00:00.000Z" }] },
      }),
    );
    window.history.replaceState(null, "", "/customer/account/Order/?number=DE-100002");
    const container = await shown(<OrderDetails />);
    await settle();
    const date = field(container, "Wunschtermin für die Lieferung");
    const submit = container.querySelector('[data-testid="call-off-submit"]');
    await type(date, "2026-11-28");
    await click(submit);
    expect(container.querySelector("#call-off-date-error")?.textContent).toBe("Wir liefern nur von Montag bis Freitag. Bitte wählen Sie einen Werktag.");
    await type(date, "2027-04-01");
    await click(submit);
    expect(container.querySelector("#call-off-date-error")?.textContent).toBe(
      "An diesem Tag können wir nicht liefern. Bitte wählen Sie einen Tag im angegebenen Zeitraum.",
    );
    expect(calls.some((call) => call.path.endsWith("/call-off"))).toBe(false);
    await type(date, "2026-12-02");
    await click(submit);
    const sent = calls.filter((call) => call.path.endsWith("/call-off"));
    expect(sent.map((call) => [call.method, call.body])).toEqual([["POST", { desiredDate: "2026-12-02" }]]);
    expect(sent[0]!.headers["idempotency-key"]).toBeTruthy();
    expect(container.querySelector('[data-testid="call-offs"]')?.textContent).toBe("Lieferung am 02.12.2026 (angefragt)");
    expect(container.querySelector('[data-testid="storage-state"]')?.textContent).toBe("Status: abgerufen");
  });

  test("no call-off once none is possible (the API gives no bounds)", async () => {
    calls = stubOrder(order({ state: "shipped", storage: { ...order().storage!, state: "delivered", callOff: null } }));
    window.history.replaceState(null, "", "/customer/account/Order/?number=DE-100002");
    const container = await shown(<OrderDetails />);
    await settle();
    expect(container.querySelector('[data-testid="storage-box"]')).not.toBeNull();
    expect(container.querySelector("#call-off-date")).toBeNull();
  });

  test("another customer's order (404) and a bad number are not found", async () => {
    calls = stubApi((call) => (call.path === "/apiv2/customer" ? { status: 200, data: { customer: erika } } : undefined));
    window.history.replaceState(null, "", "/customer/account/Order/?number=DE-999999");
    const container = await shown(<OrderDetails />);
    await settle();
    expect(container.querySelector('[data-testid="order-not-found"]')?.textContent).toContain("Diese Bestellung gibt es in Ihrem Kundenkonto nicht.");
    expect(orderNumberFrom("?number=DE-100001")).toBe("DE-100001");
    for (const bad of ["?number=../DE-1", "?number=DE-1%2F..", "?number=", "", "?number=de-1", "?number=DE-1%0A", "?number=<script>"]) {
      expect(orderNumberFrom(bad)).toBeNull();
    }
  });
});

test("my offers: the empty state while the customer has none", async () => {
  calls = stubApi((call) =>
    call.path === "/apiv2/customer"
      ? { status: 200, data: { customer: erika } }
      : call.path === "/apiv2/customer/offers"
        ? { status: 200, data: { offers: [] } }
        : undefined,
  );
  const container = await shown(<Offers />);
  await settle();
  expect(container.querySelector('[data-testid="offers-empty"]')?.textContent).toBe("Sie haben noch keine Angebote.");
  expect(calls.map((call) => call.path)).toEqual(["/apiv2/customer", "/apiv2/customer/offers"]);
});
