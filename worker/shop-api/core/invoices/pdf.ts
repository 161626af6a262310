/**
 * The PDF of an invoice or credit note (pdf-lib with fontkit; DejaVu Sans embedded as a subset,
 * so every text of every language prints): seller, buyer, number, dates, order, the lines
 * (product, packages with their content and unit, unit price, VAT rate, line total), shipping,
 * discounts, net, VAT per rate, gross and what is paid, in the document's language and currency;
 * under the reverse charge its note. Amounts on the lines are gross (as the shop shows them);
 * the summary states net, tax and gross.
 *
 * With an e-invoice (`facturX`) the CII XML is embedded as the associated file `factur-x.xml`
 * (AFRelationship Alternative) and the XMP metadata names the Factur-X profile; what of
 * PDF/A-3 this is and is not: docs/decisions/0074.
 */
import { AFRelationship, PDFDocument, PDFName, type PDFFont, type PDFPage } from "pdf-lib";
import { formatMoney, formatQuantity } from "@domain/money";
import { unitLabel } from "@worker/lib/labels";
import { textsFor } from "@worker/lib/texts";
import type { InvoiceDocument } from "./document";
import { invoiceFont, onceParsingFontkit } from "./font";

const PAGE: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const LINE = 14;

/** A date (YYYY-MM-DD or an ISO instant) as the language writes it. */
function formatDate(date: string, language: string): string {
  const locale = language === "at" ? "de-AT" : language === "en" ? "en-GB" : language;
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${date.slice(0, 10)}T00:00:00Z`));
}

/** A VAT rate as the language writes numbers (8,1 / 8.1). */
const rateText = (rate: number, language: string): string => formatQuantity(rate, language);

class Writer {
  page: PDFPage;
  y = PAGE[1] - MARGIN;
  constructor(
    private readonly pdf: PDFDocument,
    readonly font: PDFFont,
  ) {
    this.page = pdf.addPage(PAGE);
  }
  /** Room for `lines` more lines, or a new page. */
  need(lines: number): void {
    if (this.y - lines * LINE < MARGIN) {
      this.page = this.pdf.addPage(PAGE);
      this.y = PAGE[1] - MARGIN;
    }
  }
  text(value: string, x: number, size = 9, align: "left" | "right" = "left"): void {
    const width = align === "right" ? this.font.widthOfTextAtSize(value, size) : 0;
    this.page.drawText(value, { x: x - width, y: this.y, size, font: this.font });
  }
  next(lines = 1): void {
    this.y -= lines * LINE;
  }
}

/** The file the CII XML is embedded as (Factur-X 1.0 / ZUGFeRD 2.x). */
export const FACTUR_X_FILE = "factur-x.xml";

function xmpMetadata(document: InvoiceDocument, title: string): string {
  const escape = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  return `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
   <pdfaid:part>3</pdfaid:part>
   <pdfaid:conformance>B</pdfaid:conformance>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${escape(title)}</rdf:li></rdf:Alt></dc:title>
   <dc:creator><rdf:Seq><rdf:li>${escape(document.seller.name)}</rdf:li></rdf:Seq></dc:creator>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
   <fx:DocumentType>INVOICE</fx:DocumentType>
   <fx:DocumentFileName>${FACTUR_X_FILE}</fx:DocumentFileName>
   <fx:Version>1.0</fx:Version>
   <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/** The document as a PDF; with `facturX` (the CII XML) a Factur-X/ZUGFeRD invoice. */
export async function renderInvoicePdf(document: InvoiceDocument, facturX?: string): Promise<Uint8Array> {
  const t = textsFor(document.language, "invoices", "document.");
  const money = (minor: number) => formatMoney(minor, document.currency, document.language);
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(onceParsingFontkit);
  const font = await pdf.embedFont(await invoiceFont(), { subset: true });
  const title = `${t(document.kind)} ${document.number}`;
  const issued = new Date(document.issuedAt);
  pdf.setTitle(title);
  pdf.setAuthor(document.seller.name);
  pdf.setCreator(document.seller.name);
  pdf.setProducer(document.seller.name);
  pdf.setLanguage(document.language === "at" ? "de-AT" : document.language);
  pdf.setCreationDate(issued);
  pdf.setModificationDate(issued);

  const w = new Writer(pdf, font);
  const right = PAGE[0] - MARGIN;
  const { seller, buyer } = document;
  w.text(`${seller.name} · ${seller.street} · ${seller.postcode} ${seller.city} · ${seller.countryCode.toUpperCase()}`, MARGIN, 8);
  w.next();
  w.text(`${t("vatId")} ${seller.vatId}${seller.register ? ` · ${seller.register}` : ""}`, MARGIN, 8);
  w.next(3);
  for (const line of [
    buyer.companyName,
    `${buyer.firstname} ${buyer.lastname}`,
    buyer.street,
    `${buyer.postcode} ${buyer.city}`,
    buyer.countryCode.toUpperCase(),
  ]) {
    if (!line?.trim()) continue;
    w.text(line, MARGIN, 10);
    w.next();
  }
  if (buyer.vatId) {
    w.text(`${t("customerVatId")} ${buyer.vatId}`, MARGIN, 10);
    w.next();
  }
  w.next(2);
  w.text(title, MARGIN, 16);
  w.next(2);
  const facts: [string, string][] = [
    [t("date"), formatDate(document.issuedAt, document.language)],
    [t("orderNumber"), document.orderNumber],
  ];
  if (document.invoiceNumber) facts.push([t("invoiceRef"), document.invoiceNumber]);
  if (document.deliveryDate) facts.push([t("deliveryDate"), formatDate(document.deliveryDate, document.language)]);
  facts.push([t("currency"), document.currency]);
  for (const [label, value] of facts) {
    w.text(label, MARGIN);
    w.text(value, MARGIN + 130);
    w.next();
  }
  w.next();

  const columns = { position: MARGIN, description: MARGIN + 30, quantity: 360, unitPrice: 430, rate: 470, total: right };
  w.text(t("position"), columns.position);
  w.text(t("description"), columns.description);
  w.text(t("quantity"), columns.quantity, 9, "right");
  w.text(t("unitPrice"), columns.unitPrice, 9, "right");
  w.text(t("taxRate"), columns.rate, 9, "right");
  w.text(t("total"), columns.total, 9, "right");
  w.next();
  document.amounts.items.forEach((item, index) => {
    w.need(2);
    const line = document.lines[index];
    const label = document.labels[index]!;
    const sign = item.role === "allowance" ? -1 : 1;
    w.text(String(index + 1), columns.position);
    if (line) {
      w.text(line.name.slice(0, 60), columns.description);
      w.text(String(line.quantity), columns.quantity, 9, "right");
      w.text(money(line.packagePrice), columns.unitPrice, 9, "right");
      w.next();
      w.text(
        t("packages", {
          quantity: line.quantity,
          content: formatQuantity(line.packageContent, document.language),
          unit: unitLabel(line.unit, document.language),
        }),
        columns.description,
        8,
      );
      w.y += LINE;
    } else {
      w.text(label === "refund" ? t("refund", { order: document.orderNumber }) : t(label), columns.description);
    }
    w.text(`${rateText(item.taxRate, document.language)} %`, columns.rate, 9, "right");
    w.text(money(sign * item.gross), columns.total, 9, "right");
    w.next(line ? 2 : 1);
  });
  w.next();
  const { amounts } = document;
  const sums: [string, number][] = [[t("net"), amounts.net]];
  for (const rate of amounts.breakdown) sums.push([t("tax", { rate: rateText(rate.taxRate, document.language) }), rate.tax]);
  sums.push([t("gross"), amounts.gross]);
  if (document.paid > 0) sums.push([t("paid"), document.paid], [t("due"), amounts.gross - document.paid]);
  w.need(sums.length + 3);
  for (const [label, value] of sums) {
    w.text(label, 360);
    w.text(money(value), right, 10, "right");
    w.next();
  }
  if (amounts.reverseCharge) {
    w.next();
    w.text(t("reverseCharge"), MARGIN, 10);
  }

  if (facturX !== undefined) {
    await pdf.attach(new TextEncoder().encode(facturX), FACTUR_X_FILE, {
      mimeType: "text/xml",
      description: "Factur-X / ZUGFeRD (EN 16931)",
      creationDate: issued,
      modificationDate: issued,
      afRelationship: AFRelationship.Alternative,
    });
    const metadata = pdf.context.stream(xmpMetadata(document, title), { Type: "Metadata", Subtype: "XML" });
    pdf.catalog.set(PDFName.of("Metadata"), pdf.context.register(metadata));
  }
  return pdf.save({ useObjectStreams: false });
}
