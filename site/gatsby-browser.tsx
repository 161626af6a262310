import { startTransition, type ReactElement } from "react";
import { hydrateRoot } from "react-dom/client";
import type { GatsbyBrowser } from "gatsby";
import { chunkReloadTarget, isChunkLoadError, withoutChunkReloadMarker } from "./src/lib/chunk-reload";
import { whenIdle } from "./src/lib/lazy";
import { startLoading } from "./src/lib/loading-indicator";
import { loadPageShopData, pageShopDataMissing } from "./src/lib/shop-data";

/**
 * Browser-side behaviour of every page: the full-screen loading indicator while
 * a navigation loads (src/lib/loading-indicator.ts, which the visitor's requests show too), and one
 * automatic reload when a page chunk fails to load (at most once per 60 seconds, the
 * marker kept in the address). The static HTML is hydrated as a transition, so React
 * hydrates it in small slices between which the browser stays responsive instead of in
 * one long task (docs/decisions/0011). Once the browser is idle, the tag manager, the
 * consent manager and the service worker start as the environment says (src/lib/tracking/start.ts,
 * a chunk of its own, not in the first load).
 * Before the first render the shop data file the HTML preloads is loaded (src/lib/shop-data.ts,
 * docs/decisions/0052); if it cannot be, the static HTML stays as it is, not hydrated.
 */
let endNavigation: (() => void) | null = null;

const reloadOnChunkError = (error: unknown) => {
  if (!isChunkLoadError(error)) return;
  const target = chunkReloadTarget(window.location.href, Date.now());
  if (target) window.location.replace(target);
};

// Gatsby calls it as (element, container); its type still describes React 17's render.
export const replaceHydrateFunction = () => (element: ReactElement, container: Element) => {
  if (pageShopDataMissing(document)) return;
  startTransition(() => {
    hydrateRoot(container, element);
  });
};

export const onClientEntry: GatsbyBrowser["onClientEntry"] = () => {
  window.addEventListener("error", (event) => reloadOnChunkError(event.error));
  window.addEventListener("unhandledrejection", (event) => reloadOnChunkError(event.reason));
  void whenIdle()
    .then(() => import(/* webpackChunkName: "tracking" */ "./src/lib/tracking/start"))
    .then((module) => module.startTracking())
    .catch(() => undefined);
  return loadPageShopData(document);
};

export const onPreRouteUpdate: GatsbyBrowser["onPreRouteUpdate"] = ({ prevLocation }) => {
  if (!prevLocation) return;
  endNavigation?.();
  endNavigation = startLoading();
};

export const onRouteUpdate: GatsbyBrowser["onRouteUpdate"] = () => {
  endNavigation?.();
  endNavigation = null;
  // The reloaded page works: tidy the marker after the 60-second guard window.
  const clean = withoutChunkReloadMarker(window.location.href);
  if (clean) setTimeout(() => window.history.replaceState(window.history.state, "", clean), 60_000);
};
