/**
 * The full-screen loading indicator (styles.css `html[data-loading]`): shown while a navigation
 * loads or a request the visitor made (a write: add to cart, a form sent, a country chosen) is
 * under way, after a short delay so fast ones do not flash, and until the last of them ended.
 * Background reads (delivery dates, counters, suggestions) never show it.
 */
export const LOADING_DELAY_MS = 150;
export const LOADING_ATTRIBUTE = "data-loading";

let running = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Counts one navigation or request as loading; the returned function ends it (a second call does nothing). */
export function startLoading(): () => void {
  if (typeof document === "undefined") return () => undefined;
  running += 1;
  if (running === 1) timer = setTimeout(() => document.documentElement.setAttribute(LOADING_ATTRIBUTE, "true"), LOADING_DELAY_MS);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    running -= 1;
    if (running > 0) return;
    clearTimeout(timer);
    timer = undefined;
    document.documentElement.removeAttribute(LOADING_ATTRIBUTE);
  };
}

/** Runs a request the visitor made under the indicator. */
export async function whileLoading<T>(request: () => Promise<T>): Promise<T> {
  const end = startLoading();
  try {
    return await request();
  } finally {
    end();
  }
}
