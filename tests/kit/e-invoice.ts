/**
 * The e-invoice validator of the tests (docs/decisions/0074): what can check a CII invoice on
 * this machine without the internet.
 *
 * 1. Structure: libxml2 (xmllint-wasm) validates the XML against cii-en16931.rng (RelaxNG):
 *    the CII D16B elements the shop writes, their namespaces, order and cardinality, and the
 *    formats of amounts (two decimals), codes (document type 380/381, VAT category, currency,
 *    country, unit) and dates (format 102).
 * 2. EN 16931 business rules, on the parsed XML (jsdom's DOMParser):
 *    BR-CO-10 sum of line net amounts = BT-106; BR-CO-13 BT-109 = BT-106 - BT-107 + BT-108;
 *    BR-CO-11/12 allowances and charges add up; BR-CO-14 BT-110 = sum of the breakdown's tax;
 *    BR-CO-15 BT-112 = BT-109 + BT-110; BR-CO-16 BT-115 = BT-112 - BT-113;
 *    BR-S-08/BR-AE-08 each breakdown's taxable amount = its lines + charges - allowances;
 *    BR-CO-17 its tax = taxable x rate (to one cent); BR-S-05 a standard rate above 0;
 *    BR-AE-02..06 reverse charge: seller's and buyer's VAT IDs, rate 0; BR-AE-09 its tax 0;
 *    BR-AE-10 an exemption reason; BR-CO-26 the seller's VAT ID; BR-01..BR-08 the mandatory
 *    number, date, type, currency, seller and buyer name and country.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { validateXML } from "xmllint-wasm";

// jsdom has no type declarations installed; only its window's DOMParser is used.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { JSDOM } = require("jsdom") as { JSDOM: new (html: string) => { window: { DOMParser: typeof DOMParser } } };

const RAM = "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100";
const SCHEMA = readFileSync(join(__dirname, "cii-en16931.rng"), "utf8");

/** Minor units of a decimal amount. */
const cents = (value: string | null | undefined): number => Math.round(Number(value ?? "NaN") * 100);

/** The problems of a CII invoice: none when it is valid. */
export async function ciiProblems(xml: string): Promise<string[]> {
  const structure = await validateXML({ xml: [{ fileName: "invoice.xml", contents: xml }], schema: [SCHEMA], extension: "relaxng" });
  if (!structure.valid) return structure.errors.map((error) => `structure: ${error.message}`);
  return businessRuleProblems(xml);
}

function businessRuleProblems(xml: string): string[] {
  const document = new new JSDOM("").window.DOMParser().parseFromString(xml, "application/xml");
  const all = (parent: Element | Document, name: string): Element[] => [...parent.getElementsByTagNameNS(RAM, name)];
  const first = (parent: Element | Document, name: string): Element | undefined => all(parent, name)[0];
  const text = (parent: Element | Document, name: string): string | undefined => first(parent, name)?.textContent ?? undefined;
  const problems: string[] = [];
  const rule = (name: string, holds: boolean, detail = "") => {
    if (!holds) problems.push(`${name}${detail ? `: ${detail}` : ""}`);
  };

  const seller = first(document, "SellerTradeParty");
  const buyer = first(document, "BuyerTradeParty");
  rule("BR-02 invoice number", Boolean(text(document, "ID")));
  rule("BR-06 seller name", Boolean(seller && text(seller, "Name")));
  rule("BR-07 buyer name", Boolean(buyer && text(buyer, "Name")));
  rule("BR-09 seller country", Boolean(seller && text(seller, "CountryID")));
  rule("BR-11 buyer country", Boolean(buyer && text(buyer, "CountryID")));
  const sellerVat = seller ? all(seller, "SpecifiedTaxRegistration").map((each) => text(each, "ID")) : [];
  const buyerVat = buyer ? all(buyer, "SpecifiedTaxRegistration").map((each) => text(each, "ID")) : [];
  rule("BR-CO-26 seller VAT ID", sellerVat.length > 0);

  const lines = all(document, "IncludedSupplyChainTradeLineItem").map((item) => ({
    net: cents(text(first(item, "SpecifiedTradeSettlementLineMonetarySummation")!, "LineTotalAmount")),
    category: text(first(item, "ApplicableTradeTax")!, "CategoryCode")!,
    rate: Number(text(first(item, "ApplicableTradeTax")!, "RateApplicablePercent")),
  }));
  const settlement = first(document, "ApplicableHeaderTradeSettlement")!;
  const adjustments = all(settlement, "SpecifiedTradeAllowanceCharge").map((each) => ({
    charge: each.getElementsByTagNameNS("urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100", "Indicator")[0]?.textContent === "true",
    amount: cents(text(each, "ActualAmount")),
    category: text(first(each, "CategoryTradeTax")!, "CategoryCode")!,
    rate: Number(text(first(each, "CategoryTradeTax")!, "RateApplicablePercent")),
  }));
  const breakdown = all(settlement, "ApplicableTradeTax").map((each) => ({
    tax: cents(text(each, "CalculatedAmount")),
    basis: cents(text(each, "BasisAmount")),
    category: text(each, "CategoryCode")!,
    rate: Number(text(each, "RateApplicablePercent")),
    reason: text(each, "ExemptionReason") ?? text(each, "ExemptionReasonCode"),
  }));
  const totals = first(settlement, "SpecifiedTradeSettlementHeaderMonetarySummation")!;
  const total = (name: string) => cents(text(totals, name) ?? "0");
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

  const lineTotal = sum(lines.map((line) => line.net));
  const charges = sum(adjustments.filter((each) => each.charge).map((each) => each.amount));
  const allowances = sum(adjustments.filter((each) => !each.charge).map((each) => each.amount));
  rule("BR-CO-10 sum of line net amounts", total("LineTotalAmount") === lineTotal, `${total("LineTotalAmount")} != ${lineTotal}`);
  rule("BR-CO-11 sum of allowances", total("AllowanceTotalAmount") === allowances);
  rule("BR-CO-12 sum of charges", total("ChargeTotalAmount") === charges);
  rule("BR-CO-13 total without VAT", total("TaxBasisTotalAmount") === lineTotal - allowances + charges);
  rule("BR-CO-14 VAT total", total("TaxTotalAmount") === sum(breakdown.map((each) => each.tax)));
  rule("BR-CO-15 total with VAT", total("GrandTotalAmount") === total("TaxBasisTotalAmount") + total("TaxTotalAmount"));
  rule("BR-CO-16 amount due", total("DuePayableAmount") === total("GrandTotalAmount") - total("TotalPrepaidAmount"));
  rule("BR-CO-18 a VAT breakdown", breakdown.length > 0);

  for (const group of breakdown) {
    const key = (item: { category: string; rate: number }) => item.category === group.category && item.rate === group.rate;
    const basis =
      sum(lines.filter(key).map((line) => line.net)) +
      sum(adjustments.filter((each) => key(each) && each.charge).map((each) => each.amount)) -
      sum(adjustments.filter((each) => key(each) && !each.charge).map((each) => each.amount));
    const label = `${group.category} ${group.rate} %`;
    rule(`BR-${group.category === "AE" ? "AE" : "S"}-08 taxable amount of ${label}`, group.basis === basis, `${group.basis} != ${basis}`);
    rule(`BR-CO-17 VAT of ${label}`, Math.abs(group.tax - Math.round((group.basis * group.rate) / 100)) <= 1, `${group.tax} for ${group.basis}`);
    if (group.category === "S") rule(`BR-S-05 rate of ${label}`, group.rate > 0);
    if (group.category === "AE") {
      rule("BR-AE-02 seller and buyer VAT IDs", sellerVat.length > 0 && buyerVat.length > 0);
      rule("BR-AE-06 rate 0", group.rate === 0);
      rule("BR-AE-09 VAT 0", group.tax === 0);
      rule("BR-AE-10 exemption reason", Boolean(group.reason));
    }
  }
  for (const item of [...lines, ...adjustments])
    rule(
      `BR-CO-18 breakdown of ${item.category} ${item.rate} %`,
      breakdown.some((group) => group.category === item.category && group.rate === item.rate),
    );
  return problems;
}
