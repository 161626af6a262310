/**
 * Routes of the live commerce API (SPEC 7). `commerceRouter.fetch(request, deps)`
 * answers the paths below and returns undefined for any other path, so the shop
 * API's router goes on to its next routes.
 *
 * The shop paths `/cart/addSampleBySku/{sku}` and `/configuration/cart/add` are also
 * served under /apiv2/ because the edge proxies only /apiv1, /apiv2 and /graphql.
 */
import { Router, type IRequest } from "itty-router";
import type { D1Database } from "@cloudflare/workers-types";
import { addSampleBySku, configurationCartAdd, getCart, postCart } from "./cart";
import { createContext, metaOf, type CommerceDeps, type Ctx } from "./context";
import { currentCountry, productDelivery, shippingCostsForCountry, updateShippingCountry } from "./delivery";
import { failureResponse } from "./http";
import * as reads from "./reads";
import * as samples from "./samples";

type Params = Record<string, string | undefined>;
type Handler = (ctx: Ctx, params: Params) => Promise<Response>;

/** `lazyVisitor`: the handler reads the visitor itself, batched with its own queries (one D1 round trip less). */
function route(handler: Handler, options: { lazyVisitor?: boolean } = {}) {
  return async (request: IRequest, deps: CommerceDeps): Promise<Response> => {
    let ctx: Ctx | undefined;
    try {
      ctx = await createContext(request as unknown as Request, deps, options);
      return await handler(ctx, (request.params ?? {}) as Params);
    } catch (error) {
      return failureResponse(error, ctx ? metaOf(ctx) : {});
    }
  };
}

export const commerceRouter = Router<IRequest, [CommerceDeps]>();
const r = commerceRouter;

// Cart
r.get("/apiv2/cart", route(getCart, { lazyVisitor: true }));
r.post("/apiv2/cart", route(postCart, { lazyVisitor: true }));
for (const base of ["", "/apiv2"]) {
  r.put(`${base}/cart/addSampleBySku/:sku`, route((ctx, p) => addSampleBySku(ctx, p.sku!), { lazyVisitor: true }));
  r.post(`${base}/configuration/cart/add`, route(configurationCartAdd, { lazyVisitor: true }));
}

// Delivery and shipping
r.get("/apiv1/product/byId/:id/delivery/byCountryCode/:code/quantity/:quantity", route((ctx, p) => productDelivery(ctx, p), { lazyVisitor: true }));
r.get("/apiv1/product/byId/:id/delivery/byCountryCode/:code", route((ctx, p) => productDelivery(ctx, p), { lazyVisitor: true }));
r.get("/apiv2/shipping/costs/country", route(shippingCostsForCountry));
r.put("/apiv2/shipping/costs/country", route(updateShippingCountry));
r.get("/apiv2/shipping/costs/current-country", route(currentCountry));

// Samples
r.get("/apiv2/sample/product/cart", route(samples.getSampleCart));
r.post("/apiv2/sample/product/cart", route(samples.saveSampleContact));
r.post("/apiv2/sample/product/cart/add", route(samples.addToSampleCart, { lazyVisitor: true }));
r.post("/apiv2/sample/product/cart/remove", route(samples.removeFromSampleCart));
r.post("/apiv2/sample/product/cart/finish", route(samples.finishSampleCart));
r.get("/apiv2/sample/product/count/day", route(samples.samplesOrderedToday));
r.get("/apiv2/sample/product/order/:code", route((ctx, p) => samples.sampleOrderState(ctx, p.code!)));

// Live reads
r.get("/apiv2/masterdata", route(reads.masterdata));
r.get("/apiv2/environment", route(reads.environment));
r.get("/apiv2/byPath/:path+", route((ctx, p) => reads.byPath(ctx, p.path ?? "")));
r.get("/apiv2/byPath", route((ctx) => reads.byPath(ctx, "")));
r.get("/apiv2/cms", route(reads.cms));
r.get("/apiv2/catalog/category/top", route(reads.topCategories));
r.get("/apiv2/catalog/seo-urls/top", route(reads.topSeoUrls));
r.get("/apiv2/manufacturers/top", route(reads.topManufacturers));
r.get("/apiv2/catalog/product/:id/related", route((ctx, p) => reads.relatedProducts(ctx, p.id!)));
r.get("/apiv2/product-configurator/configurator/:sku", route((ctx, p) => reads.productConfigurator(ctx, p.sku!)));
r.get("/apiv2/:provider/reviews/last/:count/:minMark", route((ctx, p) => reads.lastReviews(ctx, p.count!, p.minMark!)));
r.get("/apiv2/:provider/rating", route(reads.rating));
r.get("/apiv2/isBusiness", route(reads.isBusiness));
r.get("/apiv2/internal-user", route(reads.internalUser));

/** The production dependencies: the worker's D1 and the wall clock. */
export function commerceDeps(env: { DB: D1Database }): CommerceDeps {
  return { db: env.DB, now: () => new Date() };
}

/** Answers a commerce path, or undefined so the caller's router continues. */
export function handleCommerce(request: Request, deps: CommerceDeps): Promise<Response | undefined> {
  return commerceRouter.fetch(request as unknown as IRequest, deps) as Promise<Response | undefined>;
}
