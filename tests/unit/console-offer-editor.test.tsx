/** The console's offer editor (console/src/screens/OfferEditor.tsx): the form as staff first see it, a sent offer, and the price field's rules. */
import { renderToStaticMarkup } from "react-dom/server";
import type { StaffOfferAnswer } from "@domain/back-office/offers";
import { money } from "@domain/money";
import { initialLines, OfferForm, parsePrice, parseQuantity, priceText, SentOffer } from "@console/screens/OfferEditor";

jest.mock("@console/components/back-office.css", () => ({}));
jest.mock("@console/screens/offers.css", () => ({}));

const eur = (minor: number) => money(minor, "EUR", "de");

const request: StaffOfferAnswer = {
  inquiryId: "Q-4H8N2P6R0T",
  shop: "DE",
  language: "de",
  currency: "EUR",
  name: "Erika Muster",
  email: "erika@example.com",
  product: { sku: "FLOOR-1", name: "Eiche Landhausdiele" },
  quantity: 59,
  unit: "SQM",
  offer: null,
  configuration: null,
  products: [
    { sku: "FLOOR-1", name: "Eiche Landhausdiele", sold: true, packagePrice: 2995, unit: "SQM", unitLabel: "m²", packageContent: 2, minimumQuantity: 1 },
  ],
  validFrom: "2026-11-18",
  validTo: "2027-02-16",
};

const sent: StaffOfferAnswer = {
  ...request,
  offer: {
    offerId: "O-7K3M9Q2XAB",
    state: "accepted",
    validUntil: "2026-11-30",
    message: "Gern <auch> mit Verlegung.",
    total: eur(73500),
    lines: [{ lineNo: 1, sku: "FLOOR-1", name: "Eiche Landhausdiele", quantity: 30, packagePrice: eur(2450), regularPrice: eur(2995), rowTotal: eur(73500) }],
    staffEmail: "service@bodenhaus.example",
    offeredAt: "2026-11-18T08:00:00.000Z",
    acceptedAt: "2026-11-19T08:00:00.000Z",
    declinedAt: null,
    expiredAt: null,
    updatedAt: "2026-11-19T08:00:00.000Z",
    revisable: false,
  },
};

test("a new offer starts with the requested product: packages for the asked quantity, the regular price, two weeks' validity", () => {
  expect(initialLines(request)).toEqual([{ key: 0, sku: "FLOOR-1", quantity: "30", price: "29.95" }]);
  const html = renderToStaticMarkup(<OfferForm answer={request} busy={false} onSend={() => undefined} onLookUp={() => undefined} />);
  expect(html).toContain('value="FLOOR-1"');
  expect(html).toContain('value="30"');
  expect(html).toContain('value="29.95"');
  expect(html).toContain('value="2026-12-02"');
  expect(html).toContain('min="2026-11-18"');
  expect(html).toContain('max="2027-02-16"');
  expect(html).toContain("€898.50");
  expect(html).toContain("Send the offer");
  expect(html).not.toMatch(/type="submit"[^>]*disabled/);
});

test("a request from the terrace planner starts with its configuration's bill at today's prices", () => {
  const fromPlanner: StaffOfferAnswer = {
    ...request,
    configuration: {
      number: "7KQ2M9XH4T",
      lines: [
        { sku: "FLOOR-1", quantity: 12, packagePrice: 2995 },
        { sku: "CLIP-1", quantity: 3, packagePrice: 1490 },
      ],
      missing: [{ role: "edge", name: "Randdiele" }],
    },
  };
  expect(initialLines(fromPlanner)).toEqual([
    { key: 0, sku: "FLOOR-1", quantity: "12", price: "29.95" },
    { key: 1, sku: "CLIP-1", quantity: "3", price: "14.90" },
  ]);
  // A sent offer's own lines come first.
  expect(initialLines({ ...sent, configuration: fromPlanner.configuration })).toEqual(initialLines(sent));
});

test("a sent offer shows its state, lines and message as text", () => {
  const html = renderToStaticMarkup(<SentOffer offer={sent.offer!} currency="EUR" />);
  expect(html).toContain("O-7K3M9Q2XAB");
  expect(html).toContain('class="badge offer-accepted"');
  expect(html).toContain("€24.50");
  expect(html).toContain("€29.95");
  expect(html).toContain("Gern &lt;auch&gt; mit Verlegung.");
  expect(initialLines(sent)).toEqual([{ key: 0, sku: "FLOOR-1", quantity: "30", price: "24.50" }]);
});

test("prices are typed in the currency with a point or a comma and sent in minor units", () => {
  expect(parsePrice("24.50")).toBe(2450);
  expect(parsePrice("24,5")).toBe(2450);
  expect(parsePrice(" 24 ")).toBe(2400);
  expect(parsePrice("0")).toBe(0);
  for (const bad of ["", "-1", "24.505", "1e3", "24 €", "abc", "99999999"]) expect([bad, parsePrice(bad)]).toEqual([bad, null]);
  expect(priceText(2450)).toBe("24.50");
  expect(priceText(5)).toBe("0.05");
  expect(parseQuantity("3")).toBe(3);
  for (const bad of ["0", "1.5", "10000", "", "x"]) expect([bad, parseQuantity(bad)]).toEqual([bad, null]);
});
