/**
 * The returns mails as they render in each of the six languages (texts from
 * locales/<lang>/mail.json): no text falls back to its key or to another language, every
 * placeholder is filled, and the complaint number, order and lines are in them.
 */
import { composeMail, type SignedLinks } from "../core/mail/templates";
import { writtenTime } from "./mails";

const LANGUAGES = [
  ["DE", "de"],
  ["AT", "at"],
  ["COM", "en"],
  ["FR", "fr"],
  ["IT", "it"],
  ["NL", "nl"],
] as const;

const lines = [
  { sku: "FLOOR-1", name: "Eiche Landhausdiele", quantity: 2 },
  { sku: "GLUE-2", name: "Parkettkleber", quantity: 1 },
];

const render = (shopId: string, language: string, template: string, params: unknown, signed: SignedLinks = {}) =>
  composeMail({ shopId, language, template, params }, "development", { signed });

function expectComplete(mail: { subject: string; text: string; html: string }, template: string) {
  expect(mail.text).not.toContain(`${template}.`);
  expect(mail.text).not.toContain("{{");
  expect(mail.subject).not.toContain("{{");
  expect(mail.html).not.toContain("{{");
}

describe.each(LANGUAGES)("%s in %s", (shopId, language) => {
  test("the complaint confirmation", () => {
    const mail = render(shopId, language, "rma-confirmation", {
      rmaId: "R-7K3M9Q2XAB",
      orderNumber: `${shopId}-100042`,
      name: "Erika Muster",
      reason: "Reason label",
      proposal: "Proposal label",
      lines,
      images: 2,
    });
    expectComplete(mail, "rma-confirmation");
    expect(mail.subject).toContain("R-7K3M9Q2XAB");
    expect(mail.text).toContain(`${shopId}-100042`);
    expect(mail.text).toContain("2 × Eiche Landhausdiele");
    expect(mail.text).toContain("Reason label");
    expect(mail.text).toContain("Proposal label");
    expect(mail.text).toContain("Erika Muster");
  });

  test.each(["received", "accepted", "rejected", "refunded", "replaced"])("the status mail: %s", (status) => {
    const mail = render(shopId, language, "rma-status", {
      rmaId: "R-7K3M9Q2XAB",
      orderNumber: `${shopId}-100042`,
      name: "Erika Muster",
      status,
      note: "<b>Line one</b>\nLine two",
    });
    expectComplete(mail, "rma-status");
    expect(mail.subject).toContain("R-7K3M9Q2XAB");
    expect(mail.text).toContain("<b>Line one</b>\nLine two");
    expect(mail.html).toContain("&lt;b&gt;Line one&lt;/b&gt;<br>Line two");
    expect(mail.html).not.toContain("<b>Line one");
  });

  test.each(["received", "accepted", "rejected", "refunded", "replaced"])("the status mail of a withdrawal: %s", (status) => {
    const mail = render(shopId, language, "rma-status", {
      rmaId: "R-7K3M9Q2XAB",
      orderNumber: `${shopId}-100042`,
      name: "Erika Muster",
      kind: "withdrawal",
      status,
    });
    expectComplete(mail, "rma-status");
    expect(mail.subject).toContain(`${shopId}-100042`);
    expect(mail.text).toContain("R-7K3M9Q2XAB");
    const complaint = render(shopId, language, "rma-status", { rmaId: "R-7K3M9Q2XAB", orderNumber: `${shopId}-100042`, name: "Erika Muster", status });
    expect(mail.subject).not.toBe(complaint.subject);
  });

  test("the withdrawal confirmation", () => {
    const mail = render(shopId, language, "withdrawal-confirmation", {
      rmaId: "R-7K3M9Q2XAB",
      orderNumber: `${shopId}-100042`,
      name: "Erika Muster",
      requestedAt: writtenTime(new Date("2026-11-18T08:00:00Z"), language),
      lines,
    });
    expectComplete(mail, "withdrawal-confirmation");
    expect(mail.subject).toContain(`${shopId}-100042`);
    expect(mail.text).toContain("R-7K3M9Q2XAB");
    expect(mail.text).toContain("1 × Parkettkleber");
  });

  test("the order confirmation's returns link", () => {
    const params = {
      orderNumber: `${shopId}-100042`,
      name: "Erika Muster",
      shippingAddress: ["Erika Muster"],
      lines: [{ sku: "FLOOR-1", name: "Eiche", quantity: 1, unit: "m²", packagePrice: "10,00 €", lineTotal: "10,00 €" }],
      totals: { goods: "10,00 €", shipping: "0,00 €", tax: "1,60 €", taxLabel: "MwSt.", grand: "10,00 €" },
      deliveryMode: "standard",
      paymentMethod: "invoice",
      returnsLink: true,
    };
    const url = "http://example.localhost/returns/?order=X&sig=Y";
    const mail = render(shopId, language, "order-confirmation", params, { returns: url });
    expectComplete(mail, "order-confirmation");
    expect(mail.text).toContain(url);
    expect(render(shopId, language, "order-confirmation", params).text).not.toContain("/returns/");
  });
});

test("the languages say it in their own words (Austrian German as German, but for the greeting)", () => {
  const subjects = new Set(
    LANGUAGES.map(([shop, language]) => render(shop, language, "rma-status", { rmaId: "R-1", orderNumber: "X", name: "N", status: "accepted" }).subject),
  );
  expect(subjects.size).toBe(5);
  const greetings = LANGUAGES.map(
    ([shop, language]) => render(shop, language, "rma-status", { rmaId: "R-1", orderNumber: "X", name: "N", status: "accepted" }).text.split("\n")[5],
  );
  expect(greetings[0]).toBe("Hallo N,");
  expect(greetings[1]).toBe("Guten Tag N,");
  expect(new Set(greetings).size).toBe(5); // Hello and Hallo (Dutch) are spelled alike in German and Dutch
});

test("the time of a withdrawal as people of each language write it, in the shop's time zone", () => {
  const at = new Date("2026-11-18T08:00:00Z");
  expect(writtenTime(at, "de")).toBe("18. November 2026 um 09:00");
  expect(writtenTime(at, "en")).toBe("18 November 2026 at 09:00");
  expect(writtenTime(at, "fr")).toMatch(/^18 novembre 2026 (à|at) 09:00$/);
  expect(writtenTime(new Date("2026-07-01T22:30:00Z"), "nl")).toMatch(/^2 juli 2026 (om )?00:30$/);
});
