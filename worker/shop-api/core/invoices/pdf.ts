/**
 * The PDF of an invoice or credit note (pdf-lib with fontkit; DejaVu Sans embedded as a subset,
 * so every text of every language prints): seller, buyer, number, dates, order, the lines
 * (product, packages with their content and unit, unit price, VAT rate, line total), shipping,
 * discounts, net, VAT per rate, gross and what is paid, in the document's language and currency;
 * under the reverse charge its note. Amounts on the lines are gross (as the shop shows them);
 * the summary states net, tax and gross.
 *
 * With an e-invoice (`facturX`) the PDF is made to PDF/A-3b's structure: the CII XML embedded as
 * the associated file `factur-x.xml` (AFRelationship Alternative), XMP metadata naming PDF/A-3b
 * and the Factur-X profile with the extension schema of its `fx:` namespace, an sRGB output
 * intent, a document ID stable per document, and the Info dictionary saying what the XMP says.
 * Not tagged, not checked by veraPDF: docs/decisions/0074.
 */
import { AFRelationship, PDFDocument, PDFHexString, PDFName, PDFString, type PDFFont, type PDFPage } from "pdf-lib";
import { formatMoney, formatQuantity } from "@domain/money";
import { unitLabel } from "@worker/lib/labels";
import { textsFor } from "@worker/lib/texts";
import { sha256Hex } from "../auth";
import { escapeXml } from "./cii";
import type { InvoiceDocument } from "./document";
import { invoiceFont, onceParsingFontkit } from "./font";
import { srgbIccProfile } from "./srgb-icc";

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

const FACTUR_X_NAMESPACE = "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#";

/** The Factur-X properties the XMP carries, declared in its PDF/A extension schema. */
const FACTUR_X_PROPERTIES: [name: string, description: string][] = [
  ["DocumentType", "The type of the hybrid document in capital letters, e.g. INVOICE or ORDER"],
  ["DocumentFileName", "The name of the embedded XML document"],
  ["Version", "The actual version of the standard applying to the embedded XML document"],
  ["ConformanceLevel", "The conformance level of the embedded XML document"],
];

/** What the Info dictionary and the XMP both state (PDF/A: they must agree). */
interface DocumentInfo {
  title: string;
  author: string;
  /** Producer and creator tool: the seller. */
  producer: string;
  /** Creation, modification and metadata date: the issuing, to the second. */
  date: Date;
}

function xmpMetadata(info: DocumentInfo): string {
  const date = info.date.toISOString().replace(/\.\d{3}Z$/, "Z");
  const properties = FACTUR_X_PROPERTIES.map(
    ([name, description]) => `
        <rdf:li rdf:parseType="Resource">
         <pdfaProperty:name>${name}</pdfaProperty:name>
         <pdfaProperty:valueType>Text</pdfaProperty:valueType>
         <pdfaProperty:category>external</pdfaProperty:category>
         <pdfaProperty:description>${description}</pdfaProperty:description>
        </rdf:li>`,
  ).join("");
  return `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
   <pdfaid:part>3</pdfaid:part>
   <pdfaid:conformance>B</pdfaid:conformance>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(info.title)}</rdf:li></rdf:Alt></dc:title>
   <dc:creator><rdf:Seq><rdf:li>${escapeXml(info.author)}</rdf:li></rdf:Seq></dc:creator>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
   <pdf:Producer>${escapeXml(info.producer)}</pdf:Producer>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
   <xmp:CreatorTool>${escapeXml(info.producer)}</xmp:CreatorTool>
   <xmp:CreateDate>${date}</xmp:CreateDate>
   <xmp:ModifyDate>${date}</xmp:ModifyDate>
   <xmp:MetadataDate>${date}</xmp:MetadataDate>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
    xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
   <pdfaExtension:schemas>
    <rdf:Bag>
     <rdf:li rdf:parseType="Resource">
      <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
      <pdfaSchema:namespaceURI>${FACTUR_X_NAMESPACE}</pdfaSchema:namespaceURI>
      <pdfaSchema:prefix>fx</pdfaSchema:prefix>
      <pdfaSchema:property>
       <rdf:Seq>${properties}
       </rdf:Seq>
      </pdfaSchema:property>
     </rdf:li>
    </rdf:Bag>
   </pdfaExtension:schemas>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:fx="${FACTUR_X_NAMESPACE}">
   <fx:DocumentType>INVOICE</fx:DocumentType>
   <fx:DocumentFileName>${FACTUR_X_FILE}</fx:DocumentFileName>
   <fx:Version>1.0</fx:Version>
   <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/** The PDF/A parts beside the attachment: XMP metadata, the sRGB output intent and the document ID. */
async function markPdfA3(pdf: PDFDocument, document: InvoiceDocument, info: DocumentInfo): Promise<void> {
  const { context, catalog } = pdf;
  // UTF-8 bytes: a string would be written as Latin-1 by pdf-lib. Uncompressed, as PDF/A wants XMP.
  const metadata = context.stream(new TextEncoder().encode(xmpMetadata(info)), { Type: "Metadata", Subtype: "XML" });
  catalog.set(PDFName.of("Metadata"), context.register(metadata));
  const profile = context.register(context.flateStream(srgbIccProfile(), { N: 3 }));
  const intent = context.obj({ Type: "OutputIntent", S: "GTS_PDFA1", OutputConditionIdentifier: PDFString.of("sRGB"), DestOutputProfile: profile });
  catalog.set(PDFName.of("OutputIntents"), context.obj([context.register(intent)]));
  // The ID names the document: the seller (its shop) and the number, the same on every rendering.
  const id = PDFHexString.of((await sha256Hex(`${document.seller.vatId}\n${document.number}`)).slice(0, 32));
  context.trailerInfo.ID = context.obj([id, id]);
}

/** The document as a PDF; with `facturX` (the CII XML) a Factur-X/ZUGFeRD invoice. */
export async function renderInvoicePdf(document: InvoiceDocument, facturX?: string): Promise<Uint8Array> {
  const t = textsFor(document.language, "invoices", "document.");
  const money = (minor: number) => formatMoney(minor, document.currency, document.language);
  // Info entries are set below, from what the XMP says, not from pdf-lib's defaults.
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.registerFontkit(onceParsingFontkit);
  const font = await pdf.embedFont(await invoiceFont(), { subset: true });
  const title = `${t(document.kind)} ${document.number}`;
  const issued = new Date(Math.floor(Date.parse(document.issuedAt) / 1000) * 1000);
  const info: DocumentInfo = { title, author: document.seller.name, producer: document.seller.name, date: issued };
  pdf.setTitle(info.title);
  pdf.setAuthor(info.author);
  pdf.setCreator(info.producer);
  pdf.setProducer(info.producer);
  pdf.setLanguage(document.language === "at" ? "de-AT" : document.language);
  pdf.setCreationDate(info.date);
  pdf.setModificationDate(info.date);

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
    await markPdfA3(pdf, document, info);
  }
  return pdf.save({ useObjectStreams: false });
}
