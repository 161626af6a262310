import { Router } from "itty-router";
import type { ExecutionContext } from "@cloudflare/workers-types";
import type { ShopApiEnv } from "../env";
import { RMA_UPLOADS_PATH, UPLOADS_PATH } from "../lib/api-paths";
import { findAddress, retrieveAddress } from "./address/routes";
import { importRoute } from "./catalogue/import-endpoint";
import { getOrder, placeOrder } from "./checkout/place-order";
import { paymentCallback, paymentReturn, retryPayment } from "./checkout/payments";
import { getQuote } from "./checkout/quote";
import { applyVoucher, removeVoucher } from "./checkout/voucher";
import { importHistoryRoute } from "./catalogue/import-history-route";
import { applyUpload, validateUpload } from "./catalogue/staff-import";
import { addLines, addSampleBySku, configurationCartAdd, deleteCartItemRoute, getCart, postCart, putCartItem, putOfferLines } from "./commerce/cart";
import { currentCountry, productDelivery, shippingCostsForCountry, updateShippingCountry } from "./commerce/delivery";
import * as configurators from "./commerce/configurators";
import * as catalogueReads from "./commerce/catalogue-reads";
import * as pageReads from "./commerce/page-reads";
import * as reviewReads from "./commerce/review-reads";
import * as shopReads from "./commerce/shop-reads";
import * as samples from "./commerce/samples";
import * as sampleOrdersStaff from "./commerce/staff-sample-order-routes";
import { captchaChallenge } from "./core/captcha/challenge";
import { contactMessageList } from "./contact/staff-routes";
import { submitContact } from "./contact/submit";
import { failureResponse, notFound } from "./core/envelope";
import { registerPaymentAdapters } from "./core/payments/adapters";
import { mailList, mailView } from "./core/mail/staff-outbox-routes";
import type { ApiContext } from "./core/context";
import { route, shopRoute, type RouteArgs, type RouteDeps } from "./core/route";
import { staffRoute } from "./core/staff-auth";
import * as customerAccount from "./customers/account";
import * as customerProjects from "./customers/projects";
import { currentSession, login, logout } from "./core/staff/sessions";
import * as offers from "./offers/customer";
import * as customerOrders from "./orders/customer-orders";
import { customerDocument, signedDocument } from "./invoices/downloads";
import { orderEventRoute } from "./orders/order-events";
import * as orderChanges from "./orders/staff-order-changes";
import { staffRefundOrder } from "./orders/staff-refunds";
import { staffOrderList, staffOrderView } from "./orders/staff-orders";
import * as offersStaff from "./offers/staff";
import { getUpload, postUploads } from "./core/uploads/handlers";
import { visitorRoute } from "./core/visitor";
import * as inquiriesStaff from "./inquiries/staff-routes";
import { submitInquiry } from "./inquiries/submit";
import { claimRoute, finishRoute, progressRoute, publishRoute, sweepRoute } from "./rebuilds/builder-api";
import { siteAssetsRoute } from "./site-assets/routes";
import { publishingRoute, publishNowRoute, rotateWebhookSecretRoute } from "./rebuilds/staff-routes";
import { catalogueWebhookRoute } from "./rebuilds/webhook";
import * as newsletter from "./newsletter/sign-up";
import * as returns from "./returns/lookup";
import * as returnsStaff from "./returns/staff-routes";
import { submitRma } from "./returns/submit";
import { rmaUpload } from "./returns/uploads";
import { withdrawOrder } from "./returns/withdrawal";
import { search, searchReportRoute } from "./search/handler";
import { categoryListing } from "./search/category-listing";
import { terraceCatalogue } from "./terrace/catalogue";
import * as terrace from "./terrace/configurations";
import { staffSearchReport } from "./search/staff-search-report";

/**
 * The shop API: its own fetch handler so it can be deployed on its own or replaced
 * by a merchant's commerce backend (docs/decisions/0003). The edge reaches it through
 * an Upstream; /admin/* is never proxied by the edge. This file is its one route table.
 */
export interface ShopApi {
  fetch(request: Request, env: ShopApiEnv, execution: Pick<ExecutionContext, "waitUntil">): Promise<Response>;
}

/**
 * The build's GraphQL endpoint (graphql/http.ts), loaded with its first request: graphql-js and the schema's
 * modules are then evaluated by the isolates that serve GraphQL, not by every isolate a shopper's request starts.
 */
const graphqlRoute = async (ctx: ApiContext): Promise<Response> => (await import("./graphql/http")).graphqlRoute(ctx);

export function createShopApi(deps: RouteDeps = { now: () => new Date() }): ShopApi {
  // The payment adapters the shops' config may name (core/payments/adapters.ts).
  registerPaymentAdapters();
  const router = Router<Request, RouteArgs>();
  const any = (handler: Parameters<typeof route>[1]) => route(deps, handler);
  const shop = (handler: Parameters<typeof shopRoute>[1], options?: Parameters<typeof shopRoute>[2]) => shopRoute(deps, handler, options);

  // Build-time data (shop-less: the build asks for every shop by argument; the build's token).
  router.all("/graphql", any(graphqlRoute));
  // Merchandisers (bearer token; never proxied by the edge).
  router.all("/admin/catalogue/import", any(importRoute));
  router.get("/admin/search/report", any(searchReportRoute));
  // The rebuild pipeline (docs/decisions/0032): the signed catalogue webhook, and the builder API (bearer BUILDER_TOKEN).
  router.all("/admin/hooks/catalogue", any(catalogueWebhookRoute));
  router.all("/admin/builder/claim", any(claimRoute));
  router.all("/admin/builder/builds/:id/progress", any(progressRoute));
  router.all("/admin/builder/builds/:id/finish", any(finishRoute));
  router.all("/admin/builder/sweep", any(sweepRoute));
  router.all("/admin/builder/publish", any(publishRoute));
  // The builder's uploads of shops published to R2 (site-assets/routes.ts; docs/decisions/0053).
  router.all("/admin/builder/site-assets/:op", any(siteAssetsRoute));
  // The ERP's order events (bearer ORDER_EVENTS_TOKEN; orders/order-events.ts).
  router.all("/admin/orders/:number/events", any(orderEventRoute));
  // Back-office staff sessions (core/staff-auth.ts; the edge forwards /admin/* on the back-office host only).
  router.post("/admin/api/session", any(login));
  router.get("/admin/api/session", any(currentSession));
  router.delete("/admin/api/session", any(logout));
  // Publishing and import history (rebuilds/staff-routes.ts, catalogue/import-history-route.ts; docs/decisions/0032).
  router.get("/admin/api/publishing", staffRoute(deps, ["merchandiser", "ops"], publishingRoute));
  router.post("/admin/api/publishing/publish", staffRoute(deps, ["merchandiser", "ops"], publishNowRoute));
  router.post("/admin/api/publishing/webhook-secret", staffRoute(deps, ["ops"], rotateWebhookSecretRoute));
  router.get("/admin/api/imports", staffRoute(deps, ["merchandiser", "ops"], importHistoryRoute));
  // Back-office catalogue upload: check, then apply (staff routes; catalogue/staff-import.ts).
  router.post("/admin/api/catalogue/validate", staffRoute(deps, ["merchandiser"], validateUpload));
  router.post("/admin/api/catalogue/apply", staffRoute(deps, ["merchandiser"], applyUpload));
  // Back office: service views (sample orders, search report, mail outbox).
  router.get("/admin/api/sample-orders", staffRoute(deps, ["service", "ops"], sampleOrdersStaff.sampleOrderList));
  router.get("/admin/api/sample-orders/export.csv", staffRoute(deps, ["service", "ops"], sampleOrdersStaff.sampleOrderExport));
  router.get("/admin/api/sample-orders/:code", staffRoute(deps, ["service", "ops"], sampleOrdersStaff.sampleOrderView));
  router.post("/admin/api/sample-orders/:code/fulfilment", staffRoute(deps, ["service", "ops"], sampleOrdersStaff.sampleOrderFulfilment));
  router.get("/admin/api/search-report", staffRoute(deps, ["merchandiser", "ops"], staffSearchReport));
  router.get("/admin/api/mail", staffRoute(deps, ["service", "ops"], mailList));
  router.get("/admin/api/mail/:id", staffRoute(deps, ["service", "ops"], mailView));
  // Back office: orders (orders/staff-orders.ts).
  router.get("/admin/api/orders", staffRoute(deps, ["service", "ops"], staffOrderList));
  router.get("/admin/api/orders/:number", staffRoute(deps, ["service", "ops"], staffOrderView));
  // Staff's changes of an order (orders/staff-order-changes.ts): idempotent by Idempotency-Key like the shop's writes.
  router.post("/admin/api/orders/:number/cancel", staffRoute(deps, ["service", "ops"], orderChanges.staffCancelOrder, { idempotent: true }));
  router.post("/admin/api/orders/:number/shipment", staffRoute(deps, ["service", "ops"], orderChanges.staffShipOrder, { idempotent: true }));
  router.put("/admin/api/orders/:number/shipping-address", staffRoute(deps, ["service", "ops"], orderChanges.staffChangeShippingAddress, { idempotent: true }));
  router.post("/admin/api/orders/:number/notes", staffRoute(deps, ["service", "ops"], orderChanges.staffAddOrderNote, { idempotent: true }));
  // Staff's refunds of an order (orders/staff-refunds.ts; docs/decisions/0071).
  router.post("/admin/api/orders/:number/refund", staffRoute(deps, ["service", "ops"], staffRefundOrder, { idempotent: true }));
  // Back office: returns and complaints (returns/staff-routes.ts; docs/decisions/0038).
  router.get("/admin/api/returns", staffRoute(deps, ["service", "ops"], returnsStaff.returnList));
  router.get("/admin/api/returns/:rmaId", staffRoute(deps, ["service", "ops"], returnsStaff.returnView));
  router.get("/admin/api/returns/:rmaId/images/:uploadId", staffRoute(deps, ["service", "ops"], returnsStaff.returnImage));
  router.post("/admin/api/returns/:rmaId/status", staffRoute(deps, ["service", "ops"], returnsStaff.returnStatus));
  router.post("/admin/api/returns/:rmaId/refund", staffRoute(deps, ["service", "ops"], returnsStaff.returnRefund, { idempotent: true }));
  // Back office: inquiries (inquiries/staff-routes.ts; docs/decisions/0039).
  router.get("/admin/api/inquiries", staffRoute(deps, ["service", "ops"], inquiriesStaff.inquiryList));
  router.get("/admin/api/inquiries/:id", staffRoute(deps, ["service", "ops"], inquiriesStaff.inquiryView));
  router.post("/admin/api/inquiries/:id/reply", staffRoute(deps, ["service", "ops"], inquiriesStaff.inquiryReply));
  router.post("/admin/api/inquiries/:id/close", staffRoute(deps, ["service", "ops"], inquiriesStaff.inquiryClose));
  // Back office: the contact page's messages (contact/staff-routes.ts; docs/decisions/0049).
  router.get("/admin/api/contact-messages", staffRoute(deps, ["service", "ops"], contactMessageList));
  // Back office: the offer of an offer request (offers/staff.ts; docs/decisions/0039).
  router.get("/admin/api/inquiries/:id/offer", staffRoute(deps, ["service", "ops"], offersStaff.staffOfferView));
  router.put("/admin/api/inquiries/:id/offer", staffRoute(deps, ["service", "ops"], offersStaff.staffOfferSave));
  // Captcha: ALTCHA challenges for the shop's forms (docs/decisions/0024).
  router.get("/apiv2/captcha/challenge", shop(captchaChallenge));
  // Search (docs/decisions/0020).
  router.get(
    "/apiv2/search",
    shop((ctx) => search(ctx, "search")),
  );
  router.get(
    "/apiv2/search/suggestions",
    shop((ctx) => search(ctx, "suggestions")),
  );
  // A category's products with the search's filters, sorted and paged (search/category-listing.ts).
  router.get(
    "/apiv2/categories/:id/products",
    shop((ctx, params) => categoryListing(ctx, params.id ?? "")),
  );
  // Uploads (images into R2; docs/decisions/0025).
  router.post(UPLOADS_PATH, shop(postUploads));
  router.get(
    `${UPLOADS_PATH}/:id`,
    shop((ctx, params) => getUpload(ctx, params.id ?? "")),
  );
  // Returns, complaints and the EU withdrawal (returns/, docs/decisions/0038). Writes rate-limited and idempotent as every shop write.
  router.get("/apiv2/rma/options", shop(returns.rmaOptions));
  router.post("/apiv2/rma/lookup", shop(returns.rmaLookup));
  router.post("/apiv2/rma/link", shop(returns.rmaLink));
  router.get("/apiv2/rma/orders/:number", shop(returns.rmaCustomerOrder));
  router.post(RMA_UPLOADS_PATH, shop(rmaUpload));
  router.post("/apiv2/rma/withdrawal", shop(withdrawOrder));
  router.post("/apiv2/rma", shop(submitRma));
  // Inquiries: product questions, bulk-buyer inquiries, offer requests (inquiries/, docs/decisions/0039). Rate-limited and idempotent as every shop write.
  router.post("/apiv2/inquiry", shop(submitInquiry));
  // The contact page's form (contact/, docs/decisions/0049). Rate-limited and idempotent as every shop write.
  router.post("/apiv2/contact", shop(submitContact));
  // The terrace planner (terrace/, docs/decisions/0043): its catalogue, saved plans by number, all materials into the cart.
  router.get("/apiv2/terrace/catalogue", shop(terraceCatalogue));
  router.post("/apiv2/terrace/configurations", shop(terrace.saveConfiguration));
  router.get("/apiv2/terrace/configurations/:number", shop(terrace.loadConfiguration));
  router.post("/apiv2/terrace/configurations/:number/cart", shop(visitorRoute(terrace.configurationToCart(addLines))));
  // The newsletter with double opt-in and its voucher (newsletter/, docs/decisions/0040). Rate-limited and idempotent as every shop write.
  router.post("/apiv2/newsletter/subscribe", shop(newsletter.subscribe));
  router.post("/apiv2/newsletter/confirm", shop(newsletter.confirm));
  router.post("/apiv2/newsletter/unsubscribe", shop(newsletter.unsubscribe));
  // Live commerce. `lazy`: the handler reads the visitor itself, batched with its own statements.
  // The shop paths /cart/addSampleBySku/{sku} and /configuration/cart/add are also served under
  // /apiv2/, because the edge proxies only /apiv1, /apiv2 and /graphql.
  // Cart
  router.get("/apiv2/cart", shop(visitorRoute(getCart, { lazy: true })));
  router.post("/apiv2/cart", shop(visitorRoute(postCart, { lazy: true })));
  router.put("/cart/addSampleBySku/:sku", shop(visitorRoute(addSampleBySku, { lazy: true })));
  router.put("/apiv2/cart/addSampleBySku/:sku", shop(visitorRoute(addSampleBySku, { lazy: true })));
  router.post("/configuration/cart/add", shop(visitorRoute(configurationCartAdd, { lazy: true })));
  router.post("/apiv2/configuration/cart/add", shop(visitorRoute(configurationCartAdd, { lazy: true })));
  // The cart page's line changes: rate-limited and idempotent as every shop write.
  router.put("/apiv2/cart/items/:itemId", shop(visitorRoute(putCartItem, { lazy: true })));
  router.delete("/apiv2/cart/items/:itemId", shop(visitorRoute(deleteCartItemRoute, { lazy: true })));
  // Checkout and orders (checkout/quote.ts, checkout/place-order.ts). Writes rate-limited and idempotent as every shop write.
  router.get("/apiv2/checkout/quote", shop(visitorRoute(getQuote, { lazy: true })));
  // The cart's voucher (checkout/voucher.ts): answers the quote; codes tried are counted per client address.
  router.post("/apiv2/cart/voucher", shop(visitorRoute(applyVoucher, { lazy: true })));
  router.delete("/apiv2/cart/voucher", shop(visitorRoute(removeVoucher, { lazy: true })));
  // The order's first read (the cart) takes its Idempotency-Key in the same batch, and runs while its write limit is asked.
  router.post("/apiv2/checkout/order", shop(visitorRoute(placeOrder, { lazy: true }), { handlerKeepsKey: true, readsBesideLimit: true }));
  router.get("/apiv2/checkout/order/:number", shop(visitorRoute(getOrder)));
  // Online payments (checkout/payments.ts; docs/decisions/0036): another try, the visitor's return, the provider's report.
  router.post("/apiv2/checkout/order/:number/payment", shop(visitorRoute(retryPayment)));
  router.get("/apiv2/checkout/payment/:provider/return", shop(paymentReturn));
  router.post("/apiv2/checkout/payment/:provider/callback", shop(paymentCallback));
  // Address suggestions for the address forms (address/routes.ts; docs/decisions/0036). Counted as searches.
  router.get("/apiv2/address/find", shop(findAddress));
  router.get("/apiv2/address/retrieve", shop(retrieveAddress));
  // Delivery and shipping
  router.get("/apiv1/product/byId/:id/delivery/byCountryCode/:code/quantity/:quantity", shop(visitorRoute(productDelivery, { lazy: true })));
  router.get("/apiv1/product/byId/:id/delivery/byCountryCode/:code", shop(visitorRoute(productDelivery, { lazy: true })));
  router.get("/apiv2/shipping/costs/country", shop(visitorRoute(shippingCostsForCountry)));
  router.put("/apiv2/shipping/costs/country", shop(visitorRoute(updateShippingCountry)));
  router.get("/apiv2/shipping/costs/current-country", shop(visitorRoute(currentCountry)));
  // Samples
  router.get("/apiv2/sample/product/cart", shop(visitorRoute(samples.getSampleCart)));
  router.post("/apiv2/sample/product/cart", shop(visitorRoute(samples.saveSampleContact)));
  router.post("/apiv2/sample/product/cart/add", shop(visitorRoute(samples.addToSampleCart, { lazy: true })));
  router.post("/apiv2/sample/product/cart/remove", shop(visitorRoute(samples.removeFromSampleCart)));
  router.post("/apiv2/sample/product/cart/finish", shop(visitorRoute(samples.finishSampleCart)));
  router.get("/apiv2/sample/product/count/day", shop(samples.samplesOrderedToday));
  router.get("/apiv2/sample/product/order/:code", shop(visitorRoute(samples.sampleOrderState)));
  // Live reads
  router.get("/apiv2/masterdata", shop(shopReads.masterdata));
  router.get("/apiv2/environment", shop(visitorRoute(shopReads.environment)));
  router.get("/apiv2/byPath/:path+", shop(pageReads.byPath));
  router.get("/apiv2/byPath", shop(pageReads.byPath));
  router.get("/apiv2/cms", shop(pageReads.cms));
  router.get("/apiv2/catalog/category/top", shop(catalogueReads.topCategories));
  router.get("/apiv2/catalog/product/top", shop(catalogueReads.topProducts));
  router.get("/apiv2/catalog/seo-urls/top", shop(catalogueReads.topSeoUrls));
  router.get("/apiv2/manufacturers/top", shop(catalogueReads.topManufacturers));
  router.get("/apiv2/catalog/product/:id/related", shop(catalogueReads.relatedProducts));
  // The product configurators (commerce/configurators.ts, docs/decisions/0044). Writes rate-limited and idempotent as every shop write.
  router.get("/apiv2/product-configurator/configurator/:sku", shop(configurators.productConfigurator));
  router.post("/apiv2/configuration/roof-window/cart", shop(visitorRoute(configurators.roofWindowCartAdd, { lazy: true })));
  router.put("/apiv2/configuration/store/1/:configurationId/product/:productId", shop(visitorRoute(configurators.storeConfiguration, { lazy: true })));
  router.get("/apiv2/:provider/reviews/last/:count/:minMark", shop(reviewReads.lastReviews));
  router.get("/apiv2/:provider/rating", shop(reviewReads.rating));
  router.get("/apiv2/isBusiness", shop(visitorRoute(shopReads.isBusiness)));
  router.get("/apiv2/internal-user", shop(visitorRoute(shopReads.internalUser)));
  // Customer accounts (customers/, docs/decisions/0037). Writes are rate-limited and idempotent as every shop write.
  router.post("/apiv2/customer/register", shop(customerAccount.register));
  router.get("/apiv2/customer/verify", shop(visitorRoute(customerAccount.verify)));
  router.post("/apiv2/customer/verify", shop(visitorRoute(customerAccount.verify)));
  router.post("/apiv2/customer/login", shop(visitorRoute(customerAccount.login)));
  router.post("/apiv2/customer/logout", shop(customerAccount.logout));
  router.post("/apiv2/customer/password-reset", shop(customerAccount.requestPasswordReset));
  router.post("/apiv2/customer/password-reset/check", shop(customerAccount.checkPasswordResetToken));
  router.post("/apiv2/customer/password-reset/confirm", shop(visitorRoute(customerAccount.confirmPasswordReset)));
  router.get("/apiv2/customer", shop(customerAccount.me));
  router.patch("/apiv2/customer", shop(customerAccount.updateProfile));
  router.post("/apiv2/customer/password", shop(visitorRoute(customerAccount.changePassword)));
  // The customer's orders and the call-off of stored goods (orders/customer-orders.ts).
  router.get("/apiv2/customer/orders", shop(customerOrders.orderList));
  router.get("/apiv2/customer/orders/:number", shop(customerOrders.orderDetail));
  router.post("/apiv2/customer/orders/:number/call-off", shop(customerOrders.callOff));
  // An order's invoice and credit notes (invoices/downloads.ts): the customer's, and by the order's signed link.
  router.get("/apiv2/customer/orders/:number/documents/:document", shop(customerDocument));
  router.get("/apiv2/orders/:number/documents/:document", shop(signedDocument));
  router.get("/apiv2/customer/projects", shop(customerProjects.projectList));
  router.get("/apiv2/customer/projects/count", shop(customerProjects.projectCount));
  router.post("/apiv2/customer/projects", shop(customerProjects.createProject));
  router.post("/apiv2/customer/projects/merge", shop(customerProjects.mergeProjects));
  router.patch("/apiv2/customer/projects/:id", shop(customerProjects.renameProject));
  router.delete("/apiv2/customer/projects/:id", shop(customerProjects.removeProject));
  router.post("/apiv2/customer/projects/:id/items", shop(customerProjects.addItem));
  router.patch("/apiv2/customer/projects/:id/items/:itemId", shop(customerProjects.setItemQuantity));
  router.delete("/apiv2/customer/projects/:id/items/:itemId", shop(customerProjects.removeItem));
  router.post("/apiv2/customer/projects/:id/to-cart", shop(visitorRoute(customerProjects.projectToCart(addLines))));
  // Offers (offers/, docs/decisions/0039): the customer's list, one offer by its signed link or its owner, accept into the cart, decline.
  router.get("/apiv2/customer/offers", shop(offers.customerOffers));
  router.get("/apiv2/offer/:id", shop(offers.getOffer));
  router.post("/apiv2/offer/:id/accept", shop(visitorRoute(offers.acceptOffer(putOfferLines), { lazy: true })));
  router.post("/apiv2/offer/:id/decline", shop(offers.declineOffer));
  // Anything else: 404, counted like any other call (a write to an unknown path is still a write).
  router.all(
    "*",
    any(() => {
      throw notFound();
    }),
  );

  return {
    async fetch(request, env, execution) {
      try {
        return await router.fetch(request, env, execution);
      } catch (error) {
        return failureResponse(error);
      }
    },
  };
}

const shopApi = createShopApi();

export function handleShopApi(request: Request, env: ShopApiEnv, execution: Pick<ExecutionContext, "waitUntil">): Promise<Response> {
  return shopApi.fetch(request, env, execution);
}
