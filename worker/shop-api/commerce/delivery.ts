/**
 * Delivery and shipping calls (SPEC 7):
 * - GET /apiv1/product/byId/{id}/delivery/byCountryCode/{code}/quantity/{q}[?postcode=]
 * - GET|PUT /apiv2/shipping/costs/country, GET /apiv2/shipping/costs/current-country
 * The rules themselves are in delivery-rules.ts.
 */
import { z } from "zod";
import { money } from "../../../domain/money";
import { PREPAYMENT_DISCOUNT_PERCENT } from "../../../domain/prepayment";
import { htmlLanguage } from "../../../domain/routes";
import { text, textsFor } from "../../lib/texts";
import { ensureVisitor, setVisitorFromResult, visitorStatement, type Ctx } from "./context";
import { computeDelivery, EXPRESS_FEE, FREE_SHIPPING_FROM, OFFSHORE_SURCHARGE, SHIPPING_TARIFF, type DeliveryItem } from "./delivery-rules";
import { invalid, MESSAGES, readJson, respond, validate } from "./http";
import { isListed, productFromResult, productStatement } from "./products";
import { cartLinesSql, cartView, MAX_QUANTITY, type LineRow } from "./cart";

export function countryName(code: string, language: string): string {
  try {
    const names = new Intl.DisplayNames([htmlLanguage(language)], { type: "region" });
    return names.of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}

const countryCode = z.string().trim().toLowerCase().regex(/^[a-z]{2}$/, "Not a country code");

function cost(ctx: Ctx, amount: number, isFree: boolean, label: string) {
  const m = money(amount, ctx.shop.currency, ctx.language);
  return { value: m.value, amount: m.amount, formatted: m.formattedWithCurrency, isFree, label: isFree ? text(ctx.language, "server", "delivery.free") : label };
}

/** GET /apiv1/product/byId/{id}/delivery/byCountryCode/{code}/quantity/{q} */
export async function productDelivery(ctx: Ctx, params: { id?: string; code?: string; quantity?: string }): Promise<Response> {
  const id = decodeURIComponent(params.id ?? "").trim();
  if (!id) return respond(200, null);
  const code = validate(z.object({ code: countryCode }), { code: decodeURIComponent(params.code ?? "") }).code;
  const rawQuantity = params.quantity === undefined || params.quantity === "" ? "1" : params.quantity;
  if (!/^\d{1,4}$/.test(rawQuantity) || Number(rawQuantity) < 1 || Number(rawQuantity) > MAX_QUANTITY) throw invalid("quantity", "Expected a whole number from 1 to 9999", "invalid");
  const quantity = Number(rawQuantity);
  const postcode = ctx.url.searchParams.get("postcode");
  if (postcode !== null && !/^[A-Za-z0-9 -]{0,10}$/.test(postcode)) throw invalid("postcode", "Not a postcode", "invalid");

  // One round trip: the product and the visitor's cart (express and free shipping depend on every item).
  const visitorRead = visitorStatement(ctx);
  const [productResult, linesResult, visitorResult] = await ctx.db.batch(
    visitorRead && ctx.tokenHash ? [productStatement(ctx, id), cartLinesSql(ctx, ctx.tokenHash).prepare(ctx.db), visitorRead] : [productStatement(ctx, id)],
  );
  setVisitorFromResult(ctx, visitorResult);
  const product = productFromResult(productResult!);
  if (!isListed(product)) throw invalid("id", MESSAGES.unknownProduct, "unknown_product");
  const cart = cartView(ctx, (linesResult?.results ?? []) as LineRow[]);
  const others = cart.items.filter((item) => item.kind === "product" && item.sku !== product.sku);
  const items: DeliveryItem[] = [
    { shippingGroup: product.shippingGroup, isExpress: product.isExpress, isDecking: product.isDecking, deliveryDaysMin: product.deliveryDaysMin, deliveryDaysMax: product.deliveryDaysMax },
    ...others.map((item) => ({ shippingGroup: item.shippingGroup, isExpress: item.isExpress, isDecking: item.isDecking, deliveryDaysMin: item.deliveryDaysMin, deliveryDaysMax: item.deliveryDaysMax })),
  ];
  const goodsValue = (product.packagePrice ?? 0) * quantity + others.reduce((sum, item) => sum + item.rowTotal.amount, 0);
  const result = computeDelivery({
    now: ctx.now,
    currency: ctx.shop.currency,
    deliveryCountries: ctx.shop.deliveryCountries,
    country: code,
    postcode,
    items,
    goodsValue,
    hasAccount: ctx.visitor?.hasAccount ?? false,
  });
  const t = textsFor(ctx.language, "server");
  const name = countryName(code, ctx.language);
  const data = {
    productId: product.sku,
    sku: product.sku,
    quantity,
    currentShippingCountry: { code, name },
    referenceDate: result.referenceDate,
    isDeliverable: result.isDeliverable,
    noDeliveryMessage: result.isDeliverable ? null : t("delivery.noDelivery", { country: name }),
    isIsland: result.isIsland,
    shippingGroup: result.shippingGroup,
    standard: result.standard
      ? {
          date: result.standard.date,
          latestDate: result.standard.latestDate,
          deadline: result.standard.deadline,
          duration: result.standard.duration,
          cost: cost(ctx, result.standard.cost, result.standard.isFree, t("delivery.shipping")),
          surcharges: result.standard.surcharges.map((s) => ({ type: s.type, ...cost(ctx, s.amount, false, s.type) })),
        }
      : null,
    express: result.express
      ? {
          date: result.express.date,
          deadline: result.express.deadline,
          duration: result.express.duration,
          fee: cost(ctx, result.express.fee, false, t("delivery.express")),
          cost: cost(ctx, result.express.cost, false, t("delivery.shipping")),
        }
      : null,
    expressUnavailableReason: result.expressUnavailableReason,
    deliveryModes: result.modes,
    goodsValue: money(goodsValue, ctx.shop.currency, ctx.language),
    prepaymentDiscount: { percentage: PREPAYMENT_DISCOUNT_PERCENT, amount: money(result.prepaymentDiscount, ctx.shop.currency, ctx.language) },
  };
  return respond(200, data, [], metaToken(ctx));
}

function metaToken(ctx: Ctx): Record<string, unknown> {
  return ctx.newToken ? { token: ctx.newToken } : {};
}

function currentCountryCode(ctx: Ctx): string {
  const chosen = ctx.visitor?.shippingCountry;
  return chosen && ctx.shop.deliveryCountries.includes(chosen) ? chosen : ctx.shop.homeCountry;
}

function availableCountries(ctx: Ctx) {
  return ctx.shop.deliveryCountries.map((code) => ({ code, name: countryName(code, ctx.language) }));
}

/** GET /apiv2/shipping/costs/country?code= (code defaults to de when empty or for the international store). */
export async function shippingCostsForCountry(ctx: Ctx): Promise<Response> {
  const raw = ctx.url.searchParams.get("code") ?? "";
  const code = ctx.shop.id === "COM" || raw.trim() === "" ? "de" : validate(z.object({ code: countryCode }), { code: raw }).code;
  const name = countryName(code, ctx.language);
  const isDeliverable = ctx.shop.deliveryCountries.includes(code);
  const zone = code === ctx.shop.homeCountry ? "home" : "abroad";
  const currency = ctx.shop.currency === "CHF" ? "CHF" : "EUR";
  const t = textsFor(ctx.language, "server");
  const data = {
    country: { code, name },
    isDeliverable,
    noDeliveryMessage: isDeliverable ? null : t("delivery.noDelivery", { country: name }),
    shippingZone: isDeliverable
      ? {
          code: zone,
          groups: (["parcel", "freight"] as const).map((group) => ({ name: group, cost: cost(ctx, SHIPPING_TARIFF[zone][group][currency], false, t("delivery.shipping")) })),
        }
      : null,
    express:
      isDeliverable && code === "de" && currency === "EUR"
        ? (["parcel", "freight"] as const).map((group) => ({ name: group, fee: cost(ctx, EXPRESS_FEE[group], false, t("delivery.express")) }))
        : [],
    offshoreSurcharge: code === "de" ? (["parcel", "freight"] as const).map((group) => ({ name: group, cost: cost(ctx, OFFSHORE_SURCHARGE[group], false, "offshore") })) : [],
    freeShippingFrom: zone === "home" ? money(FREE_SHIPPING_FROM, ctx.shop.currency, ctx.language) : null,
  };
  return respond(200, data, [], { currency: ctx.shop.currency, currentCountry: currentCountryCode(ctx) });
}

/** PUT /apiv2/shipping/costs/country with body { country }: the visitor's shipping country. */
export async function updateShippingCountry(ctx: Ctx): Promise<Response> {
  const body = await readJson(ctx.request);
  const { country } = validate(z.object({ country: countryCode }).strict(), "country" in body || !("code" in body) ? body : { country: body.code });
  if (!ctx.shop.deliveryCountries.includes(country)) throw invalid("country", MESSAGES.countryNotDeliverable, "country_not_deliverable");
  const visitor = await ensureVisitor(ctx);
  await ctx.db.prepare("UPDATE visitors SET shipping_country = ? WHERE id = ?").bind(country, visitor.id).run();
  visitor.shippingCountry = country;
  return respond(200, { currentCountry: { code: country, name: countryName(country, ctx.language) }, availableCountries: availableCountries(ctx) }, [], metaToken(ctx));
}

/** GET /apiv2/shipping/costs/current-country: code and name. */
export async function currentCountry(ctx: Ctx): Promise<Response> {
  const code = currentCountryCode(ctx);
  return respond(200, { code, name: countryName(code, ctx.language), availableCountries: availableCountries(ctx) });
}
