/**
 * The EN 16931 e-invoice of a document as UN/CEFACT Cross Industry Invoice (CII D16B), the
 * syntax of Factur-X/ZUGFeRD (profile EN 16931, embedded in the PDF) and of XRechnung (CII).
 * Written here rather than with @e-invoice-eu/core: that package imports Node's fs and
 * child_process and compiles its JSON schemas at run time (Ajv: `new Function`), which
 * workerd refuses (docs/decisions/0074).
 *
 * Rules it keeps by construction (the e-invoice tests check them on the XML): the lines' net
 * amounts add up to the line total (BR-CO-10); total without tax = lines - allowances + charges
 * (BR-CO-13); with tax = without + tax (BR-CO-15); one VAT breakdown per category and rate, its
 * taxable amount the sum of its items (BR-S-08, BR-AE-08); the reverse charge as category AE at
 * 0 % with the seller's and the buyer's VAT IDs and an exemption reason (BR-AE-01..10).
 * XRechnung's additions are always there: the buyer reference (the order number), the
 * seller's and the buyer's electronic address and the seller's contact.
 */
import { textsFor } from "@worker/lib/texts";
import type { InvoiceDocument } from "./document";

/** The guideline of each flavour: Factur-X/ZUGFeRD EN 16931, or XRechnung 3.0 (CII). */
export const CII_GUIDELINES = {
  facturX: "urn:cen.eu:en16931:2017",
  xrechnung: "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0",
} as const;
export type CiiFlavour = keyof typeof CII_GUIDELINES;

/** Text made safe for XML element content and quoted attribute values. */
export const escapeXml = (value: string): string =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

/** Minor units as a decimal amount with two places. */
export const decimal = (minor: number): string => (minor / 100).toFixed(2);

const dateString = (date: string): string => `<udt:DateTimeString format="102">${date.slice(0, 10).replace(/-/g, "")}</udt:DateTimeString>`;

/** An element with escaped text; nothing when the value is empty. */
const element = (name: string, value: string | undefined | null, attributes = ""): string =>
  value ? `<ram:${name}${attributes}>${escapeXml(value)}</ram:${name}>` : "";

/** The reverse charge's exemption reason (VATEX code list). */
const REVERSE_CHARGE = { code: "VATEX-EU-AE", text: "Reverse charge" };

function category(rate: number, reverseCharge: boolean): string {
  return reverseCharge ? "AE" : rate === 0 ? "Z" : "S";
}

function tradeTax(rate: number, reverseCharge: boolean): string {
  return `<ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>${category(rate, reverseCharge)}</ram:CategoryCode><ram:RateApplicablePercent>${rate}</ram:RateApplicablePercent>`;
}

function party(
  name: string,
  address: { street: string; postcode: string; city: string; countryCode: string },
  vatId: string | undefined,
  email: string,
  contact?: string,
): string {
  return (
    element("Name", name) +
    (contact
      ? `<ram:DefinedTradeContact>${element("PersonName", contact)}<ram:EmailURIUniversalCommunication>${element("URIID", email)}</ram:EmailURIUniversalCommunication></ram:DefinedTradeContact>`
      : "") +
    `<ram:PostalTradeAddress>${element("PostcodeCode", address.postcode)}${element("LineOne", address.street)}${element("CityName", address.city)}${element("CountryID", address.countryCode.toUpperCase())}</ram:PostalTradeAddress>` +
    `<ram:URIUniversalCommunication>${element("URIID", email, ' schemeID="EM"')}</ram:URIUniversalCommunication>` +
    (vatId ? `<ram:SpecifiedTaxRegistration>${element("ID", vatId, ' schemeID="VA"')}</ram:SpecifiedTaxRegistration>` : "")
  );
}

/** The document as CII XML. `sellerEmail`: the shop's service address (the seller's electronic address and contact). */
export function ciiXml(document: InvoiceDocument, sellerEmail: string, flavour: CiiFlavour = "facturX"): string {
  const { amounts, seller, buyer } = document;
  const t = textsFor(document.language, "invoices", "document.");
  const labelOf = (index: number): string => {
    const label = document.labels[index]!;
    return label === "refund" ? t("refund", { order: document.orderNumber }) : t(label);
  };
  const rc = amounts.reverseCharge;
  const typeCode = document.kind === "credit_note" ? "381" : "380";
  const lines = amounts.items
    .map((item, index) => ({ item, index, line: document.lines[index] }))
    .filter(({ item }) => item.role === "line")
    .map(({ item, index, line }, position) => {
      const quantity = line?.quantity ?? 1;
      const unitCode = line ? "XPK" : "C62";
      const name = line?.name ?? labelOf(index);
      return (
        `<ram:IncludedSupplyChainTradeLineItem>` +
        `<ram:AssociatedDocumentLineDocument><ram:LineID>${position + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>` +
        `<ram:SpecifiedTradeProduct>${element("SellerAssignedID", line?.sku)}${element("Name", name)}</ram:SpecifiedTradeProduct>` +
        `<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${(item.net / 100 / quantity).toFixed(4)}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>` +
        `<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="${unitCode}">${quantity}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>` +
        `<ram:SpecifiedLineTradeSettlement><ram:ApplicableTradeTax>${tradeTax(item.taxRate, rc)}</ram:ApplicableTradeTax>` +
        `<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${decimal(item.net)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>` +
        `</ram:SpecifiedLineTradeSettlement></ram:IncludedSupplyChainTradeLineItem>`
      );
    })
    .join("");
  const breakdown = amounts.breakdown
    .map(
      (rate) =>
        `<ram:ApplicableTradeTax><ram:CalculatedAmount>${decimal(rate.tax)}</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode>` +
        (rc ? element("ExemptionReason", REVERSE_CHARGE.text) : "") +
        `<ram:BasisAmount>${decimal(rate.taxable)}</ram:BasisAmount><ram:CategoryCode>${category(rate.taxRate, rc)}</ram:CategoryCode>` +
        (rc ? element("ExemptionReasonCode", REVERSE_CHARGE.code) : "") +
        `<ram:RateApplicablePercent>${rate.taxRate}</ram:RateApplicablePercent></ram:ApplicableTradeTax>`,
    )
    .join("");
  const allowancesAndCharges = amounts.items
    .map((item, index) => ({ item, label: labelOf(index) }))
    .filter(({ item }) => item.role !== "line")
    .map(
      ({ item, label }) =>
        `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>${item.role === "charge"}</udt:Indicator></ram:ChargeIndicator>` +
        `<ram:ActualAmount>${decimal(item.net)}</ram:ActualAmount>${element("Reason", label)}` +
        `<ram:CategoryTradeTax>${tradeTax(item.taxRate, rc)}</ram:CategoryTradeTax></ram:SpecifiedTradeAllowanceCharge>`,
    )
    .join("");
  const buyerName = buyer.companyName?.trim() || `${buyer.firstname} ${buyer.lastname}`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100">` +
    `<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${CII_GUIDELINES[flavour]}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>` +
    `<rsm:ExchangedDocument>${element("ID", document.number)}<ram:TypeCode>${typeCode}</ram:TypeCode><ram:IssueDateTime>${dateString(document.issuedAt)}</ram:IssueDateTime>` +
    (rc ? `<ram:IncludedNote>${element("Content", REVERSE_CHARGE.text)}</ram:IncludedNote>` : "") +
    `</rsm:ExchangedDocument>` +
    `<rsm:SupplyChainTradeTransaction>${lines}` +
    `<ram:ApplicableHeaderTradeAgreement>${element("BuyerReference", document.orderNumber)}` +
    `<ram:SellerTradeParty>${party(seller.name, seller, seller.vatId, sellerEmail, seller.name)}</ram:SellerTradeParty>` +
    `<ram:BuyerTradeParty>${party(buyerName, buyer, buyer.vatId || undefined, document.buyerEmail)}</ram:BuyerTradeParty>` +
    `<ram:BuyerOrderReferencedDocument>${element("IssuerAssignedID", document.orderNumber)}</ram:BuyerOrderReferencedDocument>` +
    `</ram:ApplicableHeaderTradeAgreement>` +
    `<ram:ApplicableHeaderTradeDelivery>` +
    (document.deliveryDate
      ? `<ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime>${dateString(document.deliveryDate)}</ram:OccurrenceDateTime></ram:ActualDeliverySupplyChainEvent>`
      : "") +
    `</ram:ApplicableHeaderTradeDelivery>` +
    `<ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>${document.currency}</ram:InvoiceCurrencyCode>${breakdown}${allowancesAndCharges}` +
    `<ram:SpecifiedTradeSettlementHeaderMonetarySummation>` +
    `<ram:LineTotalAmount>${decimal(amounts.lineNet)}</ram:LineTotalAmount><ram:ChargeTotalAmount>${decimal(amounts.charges)}</ram:ChargeTotalAmount>` +
    `<ram:AllowanceTotalAmount>${decimal(amounts.allowances)}</ram:AllowanceTotalAmount><ram:TaxBasisTotalAmount>${decimal(amounts.net)}</ram:TaxBasisTotalAmount>` +
    `<ram:TaxTotalAmount currencyID="${document.currency}">${decimal(amounts.tax)}</ram:TaxTotalAmount><ram:GrandTotalAmount>${decimal(amounts.gross)}</ram:GrandTotalAmount>` +
    `<ram:TotalPrepaidAmount>${decimal(document.paid)}</ram:TotalPrepaidAmount><ram:DuePayableAmount>${decimal(amounts.gross - document.paid)}</ram:DuePayableAmount>` +
    `</ram:SpecifiedTradeSettlementHeaderMonetarySummation>` +
    (document.invoiceNumber ? `<ram:InvoiceReferencedDocument>${element("IssuerAssignedID", document.invoiceNumber)}</ram:InvoiceReferencedDocument>` : "") +
    `</ram:ApplicableHeaderTradeSettlement></rsm:SupplyChainTradeTransaction></rsm:CrossIndustryInvoice>\n`
  );
}
