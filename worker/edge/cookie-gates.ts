import type { MiddlewareHandler } from "hono";
import type { ShopConfig } from "@config/shop-config";
import { markPersonal, type EdgeContext, type EdgeDependencies, type EdgeEnv } from "./context";
import { hasCookie } from "./cookies";
import { withoutLanguage } from "./language-prefix";
import { PageError } from "./page-error";
import { serveStatic } from "./static-pages";

/**
 * The cookie gates (docs/decisions/0005):
 * - gated routes from config `edge.gates` (the new-search page `/search`,
 *   `/search/*`, `/new-search.html`; developer mode `/developer-mode.html`,
 *   `/DeveloperMode`), also behind a language prefix, answer 404 unless their
 *   guard's cookie is present; a gate naming an unknown guard answers 500;
 * - the international shop's entry on another host (`/<segment>/...` or
 *   `?<parameter>=<shop>`) serves that shop's build only with the developer-mode
 *   cookie, otherwise 404; on its own host the international shop is served as usual.
 * Every answer of a gated route is `private, no-store` with `Vary: Cookie`.
 */

export type Guard = (c: EdgeContext) => boolean;

export function builtInGuards(config: ShopConfig): Record<string, Guard> {
  return {
    "new-search": (c) => hasCookie(c.req.raw, config.edge.newSearchCookie),
    "developer-mode": (c) => hasCookie(c.req.raw, config.edge.developerModeCookie),
  };
}

export function matchesGatePath(path: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => {
    if (pattern.endsWith("/*")) {
      const base = pattern.slice(0, -2);
      return path.startsWith(`${base}/`);
    }
    return path === pattern;
  });
}

export function cookieGates(deps: EdgeDependencies): MiddlewareHandler<EdgeEnv> {
  const config = deps.directory.config;
  const guards: Record<string, Guard> = { ...builtInGuards(config), ...deps.guards };
  const gates = [...config.edge.gates, ...(deps.gates ?? [])];
  const entry = config.edge.internationalEntry;
  const international = entry ? deps.directory.shop(entry.shop) : undefined;

  return async (c, next) => {
    const url = new URL(c.req.url);
    const site = c.get("site");

    if (entry && international && !(site.kind === "shop" && site.shop.id === international.id)) {
      const first = url.pathname.split("/")[1] ?? "";
      const viaPath = first === entry.pathSegment;
      const viaQuery = url.searchParams.get(entry.queryParameter)?.toUpperCase() === international.id;
      if (viaPath || viaQuery) {
        markPersonal(c);
        c.set("language", international.defaultLanguage);
        if (!hasCookie(c.req.raw, config.edge.developerModeCookie)) throw new PageError(404, "international entry without developer mode");
        const pathname = viaPath ? url.pathname.slice(first.length + 1) || "/" : url.pathname;
        return serveStatic(c, international, pathname);
      }
    }

    const path = withoutLanguage(url.pathname, config.urlLanguages);
    for (const gate of gates) {
      if (!matchesGatePath(path, gate.paths)) continue;
      markPersonal(c);
      const guard = guards[gate.guard];
      if (!guard) throw new PageError(500, `unknown guard '${gate.guard}'`);
      if (!guard(c)) throw new PageError(404, `guard '${gate.guard}' refused`);
    }
    return next();
  };
}
