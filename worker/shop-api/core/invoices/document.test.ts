/**
 * An invoice's and a credit note's content, PDF and CII e-invoice, from orders as they are placed:
 * the DE shop's 19 %, the CH shop's CHF and 8.1 %, the reverse charge of an order the checkout
 * charged under it (its nets billed as they are), every language's texts, the font embedded, the Factur-X XML attached, and the
 * e-invoice checked by the tests' validator (tests/kit/e-invoice.ts), which refuses broken ones, and
 * the e-invoice PDF by the structural PDF/A-3 checker (tests/kit/pdfa.ts), which refuses a PDF missing each part.
 */
import { ciiProblems } from "@tests/kit/e-invoice";
import { readPdf } from "@tests/kit/pdf-reading";
import { pdfaProblems } from "@tests/kit/pdfa";
import type { OrderAddress } from "@domain/api/orders";
import { formatMoney } from "@domain/money";
import { shopById } from "../shop";
import type { OrderLineRow } from "../../tables/orders";
import { ciiXml } from "./cii";
import { creditNoteDocument, invoiceDocument, type DocumentHeader } from "./document";
import { PDFDict, PDFDocument, PDFName, PDFRawStream, PDFString } from "pdf-lib";
import { FACTUR_X_FILE, renderInvoicePdf } from "./pdf";

const PRIVATE: OrderAddress = { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" };
const NL_BUSINESS: OrderAddress = {
  firstname: "Jan",
  lastname: "de Vries",
  companyName: "Vloeren B.V.",
  vatId: "NL123456789B01",
  street: "Keizersgracht 1",
  postcode: "1015 CJ",
  city: "Amsterdam",
  countryCode: "nl",
};

const line = (lineNo: number, sku: string, packagePrice: number, quantity: number, taxRate: number): OrderLineRow => ({
  order_id: "o",
  line_no: lineNo,
  sku,
  kind: "product",
  name: `Parkett Eiche ${sku}`,
  options: "{}",
  quantity,
  unit: "SQM",
  package_content: 2.13,
  package_price: packagePrice,
  line_total: packagePrice * quantity,
  tax_rate: taxRate,
  shipped_qty: 0,
  delivered_qty: 0,
  shipped_at: null,
  delivered_at: null,
  cancelled_at: null,
});

function headerOf(shopId: string, number = "RE-DE-2026-000001"): DocumentHeader {
  const shop = shopById(shopId)!;
  return { number, issuedAt: "2026-11-18T08:00:00.000Z", seller: shop.seller!, shopTaxRate: shop.taxRate };
}

const order = (billing: OrderAddress, extra: Partial<Parameters<typeof invoiceDocument>[1]> = {}) => ({
  order_number: "DE-100001",
  language: "de",
  currency: "EUR",
  billing_address: JSON.stringify(billing),
  email: "kunde@example.com",
  payment_method: "card",
  shipping_total: 4990,
  discount_total: 0,
  voucher_total: 0,
  shipped_at: "2026-11-20T10:00:00.000Z",
  payment_state: "paid",
  ...extra,
});

const LINES = [line(1, "FLOOR-1", 2995, 3, 19), line(2, "FREIGHT-1", 50000, 2, 19)];
/** The same order as the checkout placed it under the reverse charge: its amounts are the nets. */
const NET_LINES = [line(1, "FLOOR-1", 2517, 3, 19), line(2, "FREIGHT-1", 42017, 2, 19)];
const reverseCharged = (extra: Partial<Parameters<typeof invoiceDocument>[1]> = {}) =>
  order(NL_BUSINESS, { shipping_total: 4193, reverse_charge: 1, ...extra });

test("a DE invoice states net, 19 % VAT and the gross the order charged; its PDF embeds the font and says it in German", async () => {
  const document = invoiceDocument(headerOf("DE"), order(PRIVATE, { discount_total: 2180, voucher_total: 1000 }), LINES);
  const gross = 2995 * 3 + 50000 * 2 + 4990 - 2180 - 1000;
  expect(document.amounts.gross).toBe(gross);
  expect(document.amounts.breakdown).toEqual([{ taxRate: 19, taxable: Math.round(gross / 1.19), tax: gross - Math.round(gross / 1.19) }]);
  expect(document.paid).toBe(gross);

  const pdf = await readPdf(await renderInvoicePdf(document));
  expect(pdf.embeddedFonts).toBeGreaterThan(0);
  expect(pdf.unembeddedFonts).toBe(0);
  expect(pdf.title).toBe("Rechnung RE-DE-2026-000001");
  expect(pdf.texts).toEqual(
    expect.arrayContaining([
      "Rechnung RE-DE-2026-000001",
      "Bestellnummer",
      "DE-100001",
      "Parkett Eiche FLOOR-1",
      "3 × 2,13 m²",
      "Versand",
      "Vorkasse-Rabatt",
      "Gutschein",
      "USt. 19 %",
      "Gesamtbetrag",
      "Erika Muster",
      "Hauptstraße 5",
      expect.stringContaining("Bodenhaus GmbH"),
      expect.stringContaining("DE123456789"),
    ]),
  );
  expect(pdf.texts).toContain(formatMoney(gross, "EUR", "de"));
  expect(pdf.texts.join("\n")).not.toContain("Steuerschuldnerschaft");
  // A private customer's PDF carries no e-invoice.
  expect(pdf.attachments).toEqual({});
  expect(pdf.associatedFiles).toBe(0);
});

test("a CH invoice is in CHF at 8.1 % with the Swiss seller, in French and Italian too", async () => {
  const ch = { ...PRIVATE, postcode: "8001", city: "Zürich", countryCode: "ch" };
  for (const [language, tax] of [
    ["de", "USt. 8,1 %"],
    ["fr", "TVA 8,1 %"],
    ["it", "IVA 8,1 %"],
  ] as const) {
    const document = invoiceDocument(headerOf("CH", "RE-CH-2026-000001"), order(ch, { currency: "CHF", language }), [line(1, "FLOOR-1", 3295, 2, 8.1)]);
    expect(document.amounts.breakdown.map((rate) => rate.taxRate)).toEqual([8.1]);
    const pdf = await readPdf(await renderInvoicePdf(document));
    expect(pdf.texts).toContain(tax);
    expect(pdf.texts.join("\n")).toContain("CHF");
    expect(pdf.texts.join("\n")).toContain("Bodenhaus Schweiz AG");
  }
});

test("every language's PDF has its own texts", async () => {
  const titles: Record<string, string> = { de: "Rechnung", at: "Rechnung", en: "Invoice", fr: "Facture", it: "Fattura", nl: "Factuur" };
  for (const [language, title] of Object.entries(titles)) {
    const pdf = await readPdf(await renderInvoicePdf(invoiceDocument(headerOf("DE"), order(PRIVATE, { language }), LINES)));
    expect(pdf.texts).toContain(`${title} RE-DE-2026-000001`);
  }
});

test("an order charged under the reverse charge is billed its nets as they are, VAT 0, with the e-invoice inside the PDF", async () => {
  const document = invoiceDocument(headerOf("DE"), reverseCharged(), NET_LINES);
  expect(document.amounts.reverseCharge).toBe(true);
  expect(document.amounts.tax).toBe(0);
  expect(document.amounts.gross).toBe(2517 * 3 + 42017 * 2 + 4193);
  expect(document.amounts.breakdown).toEqual([{ taxRate: 0, taxable: document.amounts.net, tax: 0 }]);
  const xml = ciiXml(document, "service@bodenhaus.example");
  expect(xml).toContain("<ram:CategoryCode>AE</ram:CategoryCode>");
  expect(await ciiProblems(xml)).toEqual([]);

  const bytes = await renderInvoicePdf(document, xml);
  expect(await pdfaProblems(bytes)).toEqual([]);
  const pdf = await readPdf(bytes);
  expect(pdf.texts).toContain("Steuerschuldnerschaft des Leistungsempfängers");
  expect(pdf.texts).toContain("Ihre USt-IdNr. NL123456789B01");
  expect(pdf.attachments[FACTUR_X_FILE]).toBe(xml);
  expect(pdf.associatedFiles).toBe(1);
  expect(pdf.metadata).toContain("<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>");
  expect(pdf.metadata).toContain("<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>");

  const english = await readPdf(await renderInvoicePdf(invoiceDocument(headerOf("DE"), reverseCharged({ language: "en" }), NET_LINES)));
  expect(english.texts).toContain("Reverse charge: VAT to be accounted for by the recipient");
});

test("an order charged with VAT is billed with VAT whatever its addresses say (the checkout decided; docs/decisions/0075)", () => {
  const document = invoiceDocument(headerOf("DE"), order(NL_BUSINESS), LINES);
  expect(document.amounts.reverseCharge).toBe(false);
  expect(document.amounts.gross).toBe(2995 * 3 + 50000 * 2 + 4990);
  expect(invoiceDocument(headerOf("CH"), order(NL_BUSINESS, { currency: "CHF" }), LINES).amounts.reverseCharge).toBe(false);
});

test("business customers' e-invoices pass the validator with discounts, vouchers, shipping and mixed rates, and as XRechnung", async () => {
  const mixed = [line(1, "FLOOR-1", 2995, 7, 19), line(2, "BOOK-1", 1999, 3, 7), line(3, "FREIGHT-1", 333, 1, 19)];
  const business = { ...NL_BUSINESS, countryCode: "de", vatId: "DE987654321" };
  const document = invoiceDocument(headerOf("DE"), order(business, { discount_total: 517, voucher_total: 1001, payment_state: null }), mixed);
  expect(document.amounts.breakdown.map((rate) => rate.taxRate)).toEqual([19, 7]);
  expect(document.paid).toBe(0);
  expect(await ciiProblems(ciiXml(document, "service@bodenhaus.example"))).toEqual([]);
  const xrechnung = ciiXml(document, "service@bodenhaus.example", "xrechnung");
  expect(xrechnung).toContain("urn:xeinkauf.de:kosit:xrechnung_3.0");
  expect(await ciiProblems(xrechnung)).toEqual([]);
});

test("a credit note refers to its invoice and passes the validator", async () => {
  const document = creditNoteDocument(headerOf("DE", "GS-DE-2026-000001"), reverseCharged(), 12345, "RE-DE-2026-000001");
  // The refund of a net-charged order is a net: credited as it is, VAT 0.
  expect(document.amounts).toMatchObject({ gross: 12345, tax: 0, reverseCharge: true });
  expect(creditNoteDocument(headerOf("DE", "GS-DE-2026-000002"), order(PRIVATE), 11900, null).amounts).toMatchObject({ net: 10000, tax: 1900, gross: 11900 });
  const xml = ciiXml(document, "service@bodenhaus.example");
  expect(xml).toContain("<ram:TypeCode>381</ram:TypeCode>");
  expect(xml).toContain("<ram:IssuerAssignedID>RE-DE-2026-000001</ram:IssuerAssignedID>");
  expect(await ciiProblems(xml)).toEqual([]);
  const bytes = await renderInvoicePdf(document, xml);
  expect(await pdfaProblems(bytes)).toEqual([]);
  const pdf = await readPdf(bytes);
  expect(pdf.texts).toEqual(
    expect.arrayContaining(["Gutschrift GS-DE-2026-000001", "Zur Rechnung", "RE-DE-2026-000001", "Erstattung zur Bestellung DE-100001"]),
  );
});

describe("the validator refuses broken e-invoices", () => {
  const valid = () =>
    ciiXml(invoiceDocument(headerOf("DE"), order({ ...NL_BUSINESS, countryCode: "de", vatId: "DE987654321" }), LINES), "service@bodenhaus.example");
  test.each([
    ["a wrong grand total (BR-CO-15)", (xml: string) => xml.replace(/<ram:GrandTotalAmount>[^<]*</, "<ram:GrandTotalAmount>1.00<"), "BR-CO-15"],
    [
      "a line net amount that does not add up (BR-CO-10)",
      (xml: string) => xml.replace(/<ram:LineTotalAmount>([^<]*)</, "<ram:LineTotalAmount>0.01<"),
      "BR-CO-10",
    ],
    ["a tax amount not of its basis (BR-CO-17)", (xml: string) => xml.replace(/<ram:CalculatedAmount>[^<]*</, "<ram:CalculatedAmount>0.00<"), "BR-CO-17"],
    [
      "no seller VAT ID (BR-CO-26)",
      (xml: string) => xml.replace(/<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE123456789<\/ram:ID><\/ram:SpecifiedTaxRegistration>/, ""),
      "BR-CO-26",
    ],
    [
      "the elements out of order",
      (xml: string) => xml.replace(/(<ram:TypeCode>380<\/ram:TypeCode>)(<ram:IssueDateTime>.*?<\/ram:IssueDateTime>)/, "$2$1"),
      "structure",
    ],
    ["an amount with three decimals", (xml: string) => xml.replace(/<ram:DuePayableAmount>[^<]*</, "<ram:DuePayableAmount>1.005<"), "structure"],
    ["a document type that is none", (xml: string) => xml.replace("<ram:TypeCode>380</ram:TypeCode>", "<ram:TypeCode>999</ram:TypeCode>"), "structure"],
    ["not well-formed", (xml: string) => xml.replace("</rsm:CrossIndustryInvoice>", ""), "structure"],
  ])("%s", async (_name, breakIt, rule) => {
    expect(await ciiProblems(valid())).toEqual([]);
    expect((await ciiProblems(breakIt(valid()))).join("\n")).toContain(rule);
  });

  test("reverse charge without the buyer's VAT ID (BR-AE-02)", async () => {
    const xml = ciiXml(invoiceDocument(headerOf("DE"), reverseCharged(), NET_LINES), "service@bodenhaus.example");
    const broken = xml.replace(/<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">NL123456789B01<\/ram:ID><\/ram:SpecifiedTaxRegistration>/, "");
    expect((await ciiProblems(broken)).join("\n")).toContain("BR-AE-02");
  });
});

describe("the e-invoice PDF keeps PDF/A-3's structure, and the checker refuses a PDF missing each part", () => {
  const document = () => invoiceDocument(headerOf("DE"), order({ ...NL_BUSINESS, countryCode: "de", vatId: "DE987654321" }), LINES);
  const rendered = () => renderInvoicePdf(document(), ciiXml(document(), "service@bodenhaus.example"));

  test("a B2B invoice with VAT conforms; its ID is the same on every rendering and differs per document", async () => {
    const bytes = await rendered();
    expect(await pdfaProblems(bytes)).toEqual([]);
    const id = async (pdf: Uint8Array) => (await PDFDocument.load(pdf)).context.trailerInfo.ID?.toString();
    expect(await id(bytes)).toBe(await id(await rendered()));
    const other = invoiceDocument(headerOf("DE", "RE-DE-2026-000002"), order(NL_BUSINESS), LINES);
    expect(await id(await renderInvoicePdf(other, ciiXml(other, "service@bodenhaus.example")))).not.toBe(await id(bytes));
  });

  test("a producer with XML's special characters is the same in Info and XMP", async () => {
    const seller = { ...document().seller, name: `Böden & <Parkett> "Zürich" GmbH` };
    const bytes = await renderInvoicePdf({ ...document(), seller }, ciiXml(document(), "service@bodenhaus.example"));
    expect(await pdfaProblems(bytes)).toEqual([]);
    expect((await readPdf(bytes)).metadata).toContain("<pdf:Producer>Böden &amp; &lt;Parkett&gt; &quot;Zürich&quot; GmbH</pdf:Producer>");
  });

  const set = (dict: PDFDict, key: string, value: Parameters<PDFDict["set"]>[1]) => dict.set(PDFName.of(key), value);
  test.each<[string, (pdf: PDFDocument) => void, string]>([
    ["no document ID", (pdf) => void (pdf.context.trailerInfo.ID = undefined), "id"],
    ["an ID of one string", (pdf) => void (pdf.context.trailerInfo.ID = pdf.context.obj([PDFString.of("x")])), "id"],
    ["no XMP metadata", (pdf) => pdf.catalog.delete(PDFName.of("Metadata")), "metadata"],
    [
      "XMP without pdfaid:part 3",
      (pdf) => set(pdf.catalog, "Metadata", pdf.context.register(pdf.context.stream(xmpOf(pdf).replace("<pdfaid:part>3<", "<pdfaid:part>2<")))),
      "metadata",
    ],
    [
      "XMP using fx: without its extension schema",
      (pdf) =>
        set(
          pdf.catalog,
          "Metadata",
          pdf.context.register(pdf.context.stream(xmpOf(pdf).replace(/<pdfaExtension:schemas>[\s\S]*<\/pdfaExtension:schemas>/, ""))),
        ),
      "extension-schema",
    ],
    [
      "an fx: property the schema does not declare",
      (pdf) =>
        set(pdf.catalog, "Metadata", pdf.context.register(pdf.context.stream(xmpOf(pdf).replace("<fx:Version>1.0</fx:Version>", "<fx:Vers>1.0</fx:Vers>")))),
      "extension-schema",
    ],
    ["no output intents", (pdf) => pdf.catalog.delete(PDFName.of("OutputIntents")), "output-intent"],
    [
      "an output intent whose profile is not ICC",
      (pdf) => {
        const intent = pdf.context.obj({
          Type: "OutputIntent",
          S: "GTS_PDFA1",
          DestOutputProfile: pdf.context.register(pdf.context.stream("not a profile", { N: 3 })),
        });
        set(pdf.catalog, "OutputIntents", pdf.context.obj([pdf.context.register(intent)]));
      },
      "output-intent",
    ],
    ["a font without its file", (pdf) => fontDescriptors(pdf).forEach((descriptor) => descriptor.delete(PDFName.of("FontFile2"))), "font-not-embedded"],
    ["the XML not among the associated files", (pdf) => set(pdf.catalog, "AF", pdf.context.obj([])), "associated-file"],
    ["a file spec without AFRelationship", (pdf) => fileSpecs(pdf).forEach((spec) => spec.delete(PDFName.of("AFRelationship"))), "associated-file"],
    ["an encrypted PDF", (pdf) => void (pdf.context.trailerInfo.Encrypt = pdf.context.register(pdf.context.obj({ Filter: "Standard" }))), "encrypted"],
    ["an Info title other than the XMP's", (pdf) => pdf.setTitle("Something else"), "info-title"],
    ["an Info producer other than the XMP's", (pdf) => pdf.setProducer("pdf-lib"), "info-producer"],
    ["an Info creation date other than the XMP's", (pdf) => pdf.setCreationDate(new Date("2020-01-01T00:00:00Z")), "info-dates"],
  ])("refused: %s", async (_, breakIt, rule) => {
    const pdf = await PDFDocument.load(await rendered(), { updateMetadata: false });
    breakIt(pdf);
    expect(await pdfaProblems(await pdf.save({ useObjectStreams: false }))).toContain(rule);
  });
});

/** The XMP of a PDF the renderer made (stored uncompressed). */
function xmpOf(pdf: PDFDocument): string {
  const stream = pdf.context.lookup(pdf.catalog.get(PDFName.of("Metadata")));
  if (!(stream instanceof PDFRawStream)) throw new Error("no XMP stream");
  return Buffer.from(stream.contents).toString("utf8");
}

const dictsOfType = (pdf: PDFDocument, type: string): PDFDict[] =>
  pdf.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFDict => object instanceof PDFDict && object.get(PDFName.of("Type")) === PDFName.of(type));
const fontDescriptors = (pdf: PDFDocument) => dictsOfType(pdf, "FontDescriptor");
const fileSpecs = (pdf: PDFDocument) => dictsOfType(pdf, "Filespec");
