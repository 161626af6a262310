import { Router } from "itty-router";
import type { ExecutionContext } from "@cloudflare/workers-types";
import { handleGraphQL } from "../../graphql/http";
import type { WorkerEnv } from "../env";
import { UPLOADS_PATH } from "../lib/api-paths";
import { handleImportRequest } from "./catalogue/import-endpoint";
import { handleCommerce } from "./commerce/router";
import { failureResponse, notFound } from "./core/envelope";
import { route, shopRoute, type RouteArgs, type RouteDeps } from "./core/route";
import { getUpload, postUploads } from "./core/uploads/handlers";
import { handleSearchReport, handleSearchRequest } from "./search/handler";

/**
 * The shop API: its own fetch handler so it can be deployed on its own or replaced
 * by a merchant's commerce backend (docs/decisions/0003). The edge reaches it through
 * an Upstream; /admin/* is never proxied by the edge. This file is its one route table.
 */
export interface ShopApi {
  fetch(request: Request, env: WorkerEnv, execution: Pick<ExecutionContext, "waitUntil">): Promise<Response>;
}

export function createShopApi(deps: RouteDeps = { now: () => new Date() }): ShopApi {
  const router = Router<Request, RouteArgs>();
  const any = (handler: Parameters<typeof route>[1]) => route(deps, handler);
  const shop = (handler: Parameters<typeof shopRoute>[1]) => shopRoute(deps, handler);

  // Build-time data (shop-less: the build asks for every shop by argument).
  router.all("/graphql", any((ctx) => handleGraphQL(ctx.request, ctx.db)));
  // Merchandisers (bearer token; never proxied by the edge).
  router.all("/admin/catalogue/import", any((ctx) => handleImportRequest(ctx.request, ctx.env)));
  router.get("/admin/search/report", any((ctx) => handleSearchReport(ctx.request, ctx.env)));
  // Search (SPEC 4, 7; docs/decisions/0020).
  router.get("/apiv2/search", shop((ctx) => handleSearchRequest(ctx.request, ctx.env, ctx, "search")));
  router.get("/apiv2/search/suggestions", shop((ctx) => handleSearchRequest(ctx.request, ctx.env, ctx, "suggestions")));
  // Uploads (images into R2; docs/decisions/0025).
  router.post(UPLOADS_PATH, shop(postUploads));
  router.get(`${UPLOADS_PATH}/:id`, shop((ctx, params) => getUpload(ctx, params.id ?? "")));
  // Live commerce (SPEC 7).
  for (const path of ["/apiv1/*", "/apiv2/*", "/cart/*", "/configuration/*"]) {
    router.all(path, shop(async (ctx) => (await handleCommerce(ctx.request, { db: ctx.db, now: () => ctx.now })) ?? failureResponse(notFound())));
  }
  router.all("*", () => failureResponse(notFound()));

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

export function handleShopApi(request: Request, env: WorkerEnv, execution: Pick<ExecutionContext, "waitUntil">): Promise<Response> {
  return shopApi.fetch(request, env, execution);
}
