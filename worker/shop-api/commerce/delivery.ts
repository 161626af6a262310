/**
 * Delivery and shipping calls:
 * - GET /apiv1/product/byId/{id}/delivery/byCountryCode/{code}/quantity/{q}[?postcode=]
 * - GET|PUT /apiv2/shipping/costs/country, GET /apiv2/shipping/costs/current-country
 * The rules themselves are in delivery-rules.ts.
 */
import { z } from "zod";
import type { Cost, CountryName, CurrentCountry, DeliveryRefusalCode, ProductDelivery, ShippingCountryChange, ShippingZone } from "@domain/api/delivery";
import { money } from "@domain/money";
import { PREPAYMENT_DISCOUNT_PERCENT } from "@domain/prepayment";
import { countryName } from "@domain/countries";
import { quantityFromText } from "@domain/quantity";
import { textsFor } from "@worker/lib/texts";
import type { ShopContext } from "../core/context";
import { invalid, MESSAGES } from "../core/envelope";
import { readJson, validate } from "../core/request-body";
import { reply, type Params, type Reply } from "../core/route";
import { ensureVisitor, takeVisitorResult, visitorStatement, type VisitorContext } from "../core/visitor";
import { cartLines, type CartLineRow } from "../tables/carts";
import { setShippingCountry } from "../tables/visitors";
import { cartView, QUANTITY_MESSAGE } from "./cart";
import { computeDelivery, EXPRESS_FEE, FREE_SHIPPING_FROM, OFFSHORE_SURCHARGE, SHIPPING_TARIFF, type DeliveryItem } from "../core/delivery-rules";
import { isListed, productFromResult, productQuery } from "./products";

/** The delivery texts (locales/<lang>/server.json, `delivery.*`) in the request's language. */
const deliveryTexts = (ctx: ShopContext) => {
  const t = textsFor(ctx.language, "server");
  return {
    free: t("delivery.free"),
    shipping: t("delivery.shipping"),
    express: t("delivery.express"),
    noDelivery: (country: string) => t("delivery.noDelivery", { country }),
  };
};

const countryCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2}$/, "Not a country code");

function cost(ctx: ShopContext, amount: number, isFree: boolean, label: string): Cost {
  const m = money(amount, ctx.shop.currency, ctx.language);
  return { value: m.value, amount: m.amount, formatted: m.formattedWithCurrency, isFree, label: isFree ? deliveryTexts(ctx).free : label };
}

/** GET /apiv1/product/byId/{id}/delivery/byCountryCode/{code}/quantity/{q} */
export async function productDelivery(ctx: VisitorContext, params: Params): Promise<Reply<ProductDelivery | null>> {
  const id = decodeURIComponent(params.id ?? "").trim();
  if (!id) return reply(null);
  const code = validate(z.object({ code: countryCode }), { code: decodeURIComponent(params.code ?? "") }).code;
  const rawQuantity = params.quantity === undefined || params.quantity === "" ? "1" : params.quantity;
  const quantity = quantityFromText(rawQuantity);
  if (quantity === null) throw invalid("quantity", QUANTITY_MESSAGE, "invalid");
  const postcode = ctx.url.searchParams.get("postcode");
  if (postcode !== null && !/^[A-Za-z0-9 -]{0,10}$/.test(postcode)) throw invalid("postcode", "Not a postcode", "invalid");

  // One round trip: the product and the visitor's cart (express and free shipping depend on every item).
  const { tokenHash } = ctx.visitorState;
  const visitorRead = visitorStatement(ctx);
  const productRead = productQuery(ctx, id).prepare(ctx.db);
  const [productResult, linesResult, visitorResult] = await ctx.db.batch(
    visitorRead && tokenHash ? [productRead, cartLines(tokenHash, ctx.shop.id, ctx.language).prepare(ctx.db), visitorRead] : [productRead],
  );
  const visitor = takeVisitorResult(ctx, visitorResult);
  const product = productFromResult(productResult!);
  if (!isListed(product)) throw invalid("id", MESSAGES.unknownProduct, "unknown_product" satisfies DeliveryRefusalCode);
  const cart = cartView(ctx, visitor ? (linesResult!.results as CartLineRow[]) : []);
  const others = cart.items.filter((item) => item.kind === "product" && item.sku !== product.sku);
  const items: DeliveryItem[] = [
    {
      shippingGroup: product.shippingGroup,
      isExpress: product.isExpress,
      isDecking: product.isDecking,
      isFreeShipping: product.isFreeShipping,
      deliveryDaysMin: product.deliveryDaysMin,
      deliveryDaysMax: product.deliveryDaysMax,
    },
    ...others.map((item) => ({
      shippingGroup: item.shippingGroup,
      isExpress: item.isExpress,
      isDecking: item.isDecking,
      isFreeShipping: item.isFreeShipping,
      deliveryDaysMin: item.deliveryDaysMin,
      deliveryDaysMax: item.deliveryDaysMax,
    })),
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
    hasAccount: visitor?.hasAccount ?? false,
  });
  const t = deliveryTexts(ctx);
  const name = countryName(code, ctx.language);
  const data: ProductDelivery = {
    productId: product.sku,
    sku: product.sku,
    quantity,
    currentShippingCountry: { code, name },
    referenceDate: result.referenceDate,
    isDeliverable: result.isDeliverable,
    noDeliveryMessage: result.isDeliverable ? null : t.noDelivery(name),
    isIsland: result.isIsland,
    shippingGroup: result.shippingGroup,
    standard: result.standard
      ? {
          date: result.standard.date,
          latestDate: result.standard.latestDate,
          deadline: result.standard.deadline,
          duration: result.standard.duration,
          cost: cost(ctx, result.standard.cost, result.standard.isFree, t.shipping),
          surcharges: result.standard.surcharges.map((s) => ({ type: s.type, ...cost(ctx, s.amount, false, s.type) })),
        }
      : null,
    express: result.express
      ? {
          date: result.express.date,
          deadline: result.express.deadline,
          duration: result.express.duration,
          fee: cost(ctx, result.express.fee, false, t.express),
          cost: cost(ctx, result.express.cost, false, t.shipping),
        }
      : null,
    expressUnavailableReason: result.expressUnavailableReason,
    deliveryModes: result.modes,
    goodsValue: money(goodsValue, ctx.shop.currency, ctx.language),
    prepaymentDiscount: { percentage: PREPAYMENT_DISCOUNT_PERCENT, amount: money(result.prepaymentDiscount, ctx.shop.currency, ctx.language) },
  };
  return reply(data);
}

function currentCountryCode(ctx: VisitorContext): string {
  const chosen = ctx.visitorState.visitor?.shippingCountry;
  return chosen && ctx.shop.deliveryCountries.includes(chosen) ? chosen : ctx.shop.homeCountry;
}

function availableCountries(ctx: ShopContext): CountryName[] {
  return ctx.shop.deliveryCountries.map((code) => ({ code, name: countryName(code, ctx.language) }));
}

/** GET /apiv2/shipping/costs/country?code= (code defaults to de when empty or for the international store). */
export async function shippingCostsForCountry(ctx: VisitorContext): Promise<Reply<ShippingZone>> {
  const raw = ctx.url.searchParams.get("code") ?? "";
  const code = ctx.shop.id === "COM" || raw.trim() === "" ? "de" : validate(z.object({ code: countryCode }), { code: raw }).code;
  const name = countryName(code, ctx.language);
  const isDeliverable = ctx.shop.deliveryCountries.includes(code);
  const zone = code === ctx.shop.homeCountry ? "home" : "abroad";
  const currency = ctx.shop.currency === "CHF" ? "CHF" : "EUR";
  const t = deliveryTexts(ctx);
  const data: ShippingZone = {
    country: { code, name },
    isDeliverable,
    noDeliveryMessage: isDeliverable ? null : t.noDelivery(name),
    shippingZone: isDeliverable
      ? {
          code: zone,
          groups: (["parcel", "freight"] as const).map((group) => ({
            name: group,
            cost: cost(ctx, SHIPPING_TARIFF[zone][group][currency], false, t.shipping),
          })),
        }
      : null,
    express:
      isDeliverable && code === "de" && currency === "EUR"
        ? (["parcel", "freight"] as const).map((group) => ({ name: group, fee: cost(ctx, EXPRESS_FEE[group], false, t.express) }))
        : [],
    offshoreSurcharge:
      code === "de" ? (["parcel", "freight"] as const).map((group) => ({ name: group, cost: cost(ctx, OFFSHORE_SURCHARGE[group], false, "offshore") })) : [],
    freeShippingFrom: zone === "home" ? money(FREE_SHIPPING_FROM, ctx.shop.currency, ctx.language) : null,
  };
  return reply(data, { meta: { currency: ctx.shop.currency, currentCountry: currentCountryCode(ctx) } });
}

/** PUT /apiv2/shipping/costs/country with body { country }: the visitor's shipping country. */
export async function updateShippingCountry(ctx: VisitorContext): Promise<Reply<ShippingCountryChange>> {
  const body = await readJson(ctx.request);
  const { country } = validate(z.object({ country: countryCode }).strict(), "country" in body || !("code" in body) ? body : { country: body.code });
  if (!ctx.shop.deliveryCountries.includes(country))
    throw invalid("country", MESSAGES.countryNotDeliverable, "country_not_deliverable" satisfies DeliveryRefusalCode);
  const visitor = await ensureVisitor(ctx);
  await setShippingCountry(visitor.id, country).prepare(ctx.db).run();
  visitor.shippingCountry = country;
  return reply({ currentCountry: { code: country, name: countryName(country, ctx.language) }, availableCountries: availableCountries(ctx) });
}

/** GET /apiv2/shipping/costs/current-country: code and name. */
export async function currentCountry(ctx: VisitorContext): Promise<Reply<CurrentCountry>> {
  const code = currentCountryCode(ctx);
  return reply({ code, name: countryName(code, ctx.language), availableCountries: availableCountries(ctx) });
}
