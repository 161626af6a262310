/** The console's inquiries screen (console/src/screens/Inquiries.tsx): what staff see of an inquiry, rendered as the browser gets it. */
import { renderToStaticMarkup } from "react-dom/server";
import type { InquiryDetail } from "@domain/back-office/inquiries";
import { InquiryFacts, OfferSection, ReplyForm } from "@console/screens/Inquiries";
import { SCREENS } from "@console/screens";

jest.mock("@console/components/back-office.css", () => ({}));
jest.mock("@console/screens/returns.css", () => ({}));
jest.mock("@console/screens/inquiries.css", () => ({}));
jest.mock("@console/screens/offers.css", () => ({}));

const detail: InquiryDetail = {
  id: "Q-7K3M9Q2XAB",
  type: "offer",
  state: "answered",
  shop: "CH",
  language: "fr",
  sku: "FLOOR-1",
  productName: "Chêne naturel",
  name: "Claire Dubois",
  email: "claire@example.ch",
  replyCount: 1,
  createdAt: "2026-11-18T08:00:00.000Z",
  updatedAt: "2026-11-18T09:00:00.000Z",
  message: "Bonjour <b>madame</b>\nPour 800 m²",
  phone: "+41 44 123 45 67",
  country: "ch",
  quantity: 800,
  unit: "SQM",
  answers: [
    { id: "isBusiness", answer: true },
    { id: "needsInstallation", answer: false },
  ],
  customerId: null,
  closedAt: null,
  replies: [{ message: "Voici notre offre.\nCordialement", by: "service@bodenhaus.example", at: "2026-11-18T09:00:00.000Z" }],
  offerId: null,
  configuration: null,
  canReply: true,
  canClose: true,
};

test("the facts, the answers, the message as text and the replies", () => {
  const html = renderToStaticMarkup(<InquiryFacts detail={detail} />);
  expect(html).toContain("answered");
  expect(html).toContain("Offer request");
  expect(html).toContain("CH, language fr");
  expect(html).toContain("Chêne naturel · FLOOR-1");
  expect(html).toContain("800 SQM");
  expect(html).toContain('<a href="mailto:claire@example.ch">claire@example.ch</a>');
  expect(html).toContain("CH · guest");
  expect(html).toContain("<li>Asks on behalf of a business: yes</li><li>Wants installation too: no</li>");
  expect(html).toContain("Bonjour &lt;b&gt;madame&lt;/b&gt;\nPour 800 m²");
  expect(html).not.toContain("<b>");
  expect(html).toContain("Replies (1)");
  expect(html).toContain("service@bodenhaus.example");
  expect(html).toContain("Voici notre offre.\nCordialement");
});

test("a guest's inquiry without answers, quantity or replies", () => {
  const html = renderToStaticMarkup(<InquiryFacts detail={{ ...detail, answers: [], quantity: null, unit: null, replies: [], customerId: "C-42" }} />);
  expect(html).toContain("customer account C-42");
  expect(html).toContain("No reply sent yet.");
});

test("the offer section is there for the offer editor, with the offer's state", () => {
  const none = renderToStaticMarkup(<OfferSection detail={detail} onSaved={() => undefined} />);
  expect(none).toContain('data-testid="inquiry-offer"');
  expect(none).toContain("No offer has been sent for this request yet.");
  expect(renderToStaticMarkup(<OfferSection detail={{ ...detail, offerId: "O-0000000001" }} onSaved={() => undefined} />)).toContain(
    "Offer O-0000000001 was sent.",
  );
});

test("the reply form: a text area of at most 10000 characters; sending waits for text", () => {
  const form = renderToStaticMarkup(<ReplyForm busy={false} onSend={() => undefined} />);
  expect(form).toContain('maxLength="10000"');
  expect(form).toMatch(/<button type="submit" disabled="">Send reply<\/button>/);
});

test("the screen is in the navigation for service staff", () => {
  expect(SCREENS.find((screen) => screen.path === "/inquiries")).toMatchObject({ label: "Inquiries", roles: ["service"] });
});
