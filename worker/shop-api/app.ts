import { Router } from "itty-router";
import type { ExecutionContext } from "@cloudflare/workers-types";
import { handleGraphQL } from "../../graphql/http";
import { handleImportRequest } from "./catalogue/import-endpoint";
import { handleSearchReport, handleSearchRequest } from "./search/handler";
import { commerceDeps, handleCommerce } from "./commerce/router";
import type { WorkerEnv } from "../env";

/**
 * The shop API: its own fetch handler so it can be deployed on its own or replaced
 * by a merchant's commerce backend (docs/decisions/0003). The edge reaches it through
 * an Upstream; /admin/* is never proxied by the edge.
 */
/** What the shop API needs of the request's execution context; missing when the edge runs without one (tests). */
type BackgroundTasks = Pick<ExecutionContext, "waitUntil"> | undefined;

const router = Router<Request, [WorkerEnv, BackgroundTasks]>();

router.all("/graphql", (request, env) => handleGraphQL(request, env.DB));
router.all("/admin/catalogue/import", (request, env) => handleImportRequest(request, env));
// Search (SPEC 4, 7; docs/decisions/0020).
router.get("/apiv2/search", (request, env, ctx) => handleSearchRequest(request, env, ctx, "search"));
router.get("/apiv2/search/suggestions", (request, env, ctx) => handleSearchRequest(request, env, ctx, "suggestions"));
router.get("/admin/search/report", (request, env) => handleSearchReport(request, env));
// Live commerce (SPEC 7): answers its own paths, falls through (undefined) for any other.
for (const path of ["/apiv1/*", "/apiv2/*", "/cart/*", "/configuration/*"]) router.all(path, (request, env) => handleCommerce(request, commerceDeps(env)));
router.all("*", () => Response.json({ status: 404, data: null, errors: [{ message: "This page could not be found" }] }, { status: 404 }));

export async function handleShopApi(request: Request, env: WorkerEnv, ctx: BackgroundTasks): Promise<Response> {
  try {
    return (await router.fetch(request, env, ctx)) as Response;
  } catch (error) {
    console.error("shop api error", error);
    return Response.json({ status: 500, data: null, errors: [{ message: "Something went wrong. Try again." }] }, { status: 500 });
  }
}
