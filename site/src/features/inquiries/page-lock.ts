/**
 * The page behind an open inquiry modal : opening the modal locks
 * page scrolling by fixing the body at the current scroll position (a negative top margin) and
 * marks the document so the navigation stays fixed in place; closing the modal resets the top
 * margin and the fixed navigation and scrolls back to where the visitor was.
 *
 * One lock at a time: a second lock while one is held returns the same release, and releasing
 * twice is harmless.
 */
export const LOCK_ATTRIBUTE = "data-modal-lock";

let release: (() => void) | null = null;

export function lockPage(): () => void {
  if (typeof document === "undefined") return () => undefined;
  if (release) return release;
  const root = document.documentElement;
  const body = document.body;
  const scrollY = window.scrollY || root.scrollTop || 0;
  const previous = { top: body.style.top, position: body.style.position, width: body.style.width };
  body.style.top = `-${scrollY}px`;
  body.style.position = "fixed";
  body.style.width = "100%";
  root.setAttribute(LOCK_ATTRIBUTE, "");
  const unlock = () => {
    if (release !== unlock) return;
    release = null;
    body.style.top = previous.top;
    body.style.position = previous.position;
    body.style.width = previous.width;
    root.removeAttribute(LOCK_ATTRIBUTE);
    window.scrollTo(0, scrollY);
  };
  release = unlock;
  return unlock;
}
