import React from "react";

/**
 * Code that is not needed for the first paint loads when the browser is idle or at the
 * visitor's first interaction, whichever comes first (docs/decisions/0011).
 *
 * The browser hydrates with Preact (docs/decisions/0060): a part whose code has not loaded
 * when the page hydrates keeps the next element of the static HTML as its own until it has.
 * So each such part renders exactly one element in its Suspense boundary: a part that may
 * render nothing is left out by its user instead, and one of several elements gets a wrapper
 * (tests/e2e/hydration-parts.spec.ts checks every built page).
 *
 * `lazyOnIdle` components are rendered completely in the static HTML (the build's
 * server render waits for them), so their markup and links are there for crawlers and
 * for the first paint; in the browser Preact keeps that HTML as it is and hydrates the
 * part once its chunk has loaded. Wrap the user in React.memo (see `IdleSlot`) so a
 * re-render of the page before that does not force the part to render its fallback.
 */
let idle: Promise<void> | null = null;

export function whenIdle(): Promise<void> {
  if (typeof window === "undefined") return Promise.resolve();
  idle ??= new Promise<void>((resolve) => {
    const events = ["pointerdown", "keydown", "touchstart", "focusin", "scroll"] as const;
    const done = () => {
      for (const event of events) window.removeEventListener(event, done, true);
      resolve();
    };
    for (const event of events) window.addEventListener(event, done, { capture: true, passive: true, once: true });
    const request = (window as Window & { requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number }).requestIdleCallback;
    const start = () => (request ? request(done, { timeout: 3000 }) : setTimeout(done, 1500));
    // After the load event, so the page's own resources come first.
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
  });
  return idle;
}

/** A task of its own, so the parts that wait for the same idle moment are evaluated one after the other, not in one long task. */
const ownTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyOnIdle<P extends Record<string, any>>(load: () => Promise<React.ComponentType<P>>): React.LazyExoticComponent<React.ComponentType<P>> {
  return React.lazy(() =>
    whenIdle()
      .then(ownTask)
      .then(load)
      .then((component) => ({ default: component })),
  );
}

/**
 * A part that only shows what the page data says until the browser is idle (a watcher that
 * renders nothing before the visitor acts, a live figure): its HTML is in the static page, its
 * code is not in the first load and it hydrates once the browser is idle (`lazyOnIdle`). Memoised,
 * so give it props that keep their identity across the page's renders (page data, or
 * `React.useMemo` of them): new props before its code is there would make React replace its
 * server HTML by the empty fallback.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function hydrateOnIdle<P extends Record<string, any>>(load: () => Promise<React.ComponentType<P>>): React.NamedExoticComponent<P> {
  const Part = lazyOnIdle(load);
  return React.memo(function HydratedOnIdle(props: P) {
    return React.createElement(React.Suspense, { fallback: null }, React.createElement(Part as unknown as React.FunctionComponent<P>, props));
  });
}

/** How far below (or above) the viewport a part hydrated when visible starts loading: a quarter of a phone's screen. */
const NEAR_VIEWPORT = "200px";

/** Resolves once the element comes within NEAR_VIEWPORT of the viewport (at once without IntersectionObserver). */
function whenNearViewport(element: Element): Promise<void> {
  return new Promise<void>((resolve) => {
    if (typeof IntersectionObserver !== "function") {
      resolve();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: `${NEAR_VIEWPORT} 0px` },
    );
    observer.observe(element);
  });
}

/**
 * A part below the first screen (product grids, reviews, videos, the footer): its HTML is in
 * the static page, its code is not in the first load, and neither loads nor hydrates until
 * the part comes near the viewport (`whenNearViewport`), so a visitor who does not scroll pays
 * nothing for it and the page's first seconds stay free of its work. A keyboard visitor
 * tabbing into it scrolls it into view, which loads it too. Where the part is not in the page
 * (a navigation in the browser renders the fallback, nothing) it loads when the browser is
 * idle. The part's element is found as Preact's `base` of the wrapper: the element of the
 * static HTML the suspended part keeps (docs/decisions/0060); the static render (React) never
 * mounts it. Each use waits for its own element (two grids of one page hydrate one by one, each
 * in a task of its own); the code is loaded once. Memoised: give it props that keep their
 * identity across the page's renders, as for `hydrateOnIdle`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function hydrateWhenVisible<P extends Record<string, any>>(load: () => Promise<React.ComponentType<P>>): React.NamedExoticComponent<P> {
  class HydratedWhenVisible extends React.Component<P> {
    private request: () => void = () => undefined;

    private readonly wanted = new Promise<void>((resolve) => {
      this.request = resolve;
    });

    private readonly Part = React.lazy(() =>
      (typeof window === "undefined" ? Promise.resolve() : this.wanted)
        .then(ownTask)
        .then(load)
        .then((component) => ({ default: component })),
    ) as unknown as React.FunctionComponent<P>;

    override componentDidMount() {
      const element = (this as { base?: unknown }).base;
      void (element instanceof Element ? whenNearViewport(element) : whenIdle()).then(this.request);
    }

    override render() {
      return React.createElement(React.Suspense, { fallback: null }, React.createElement(this.Part, this.props));
    }
  }
  return React.memo(HydratedWhenVisible as unknown as React.FunctionComponent<P>);
}
