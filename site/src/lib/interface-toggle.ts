import React from "react";
import type { InterfaceToggle } from "@domain/tracking";
import { trackVisibility } from "./tracking/data-layer";

/**
 * The one helper of the interface toggles (panels, modals, menus, sidebars): every toggle
 * reports opening and closing to analytics, not its state on the first render (a product page's
 * default tab is not an interaction); a toggle that `locksScroll` locks the page's scrolling
 * while it is open. Call it where the open state lives, which starts closed for every panel
 * and modal, so a lazily loaded one still reports.
 */
export function useInterfaceToggle(toggle: InterfaceToggle, open: boolean, options: { locksScroll?: boolean } = {}): void {
  const first = React.useRef(true);
  React.useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    trackVisibility(toggle, open);
  }, [toggle, open]);
  const locks = options.locksScroll === true && open;
  React.useEffect(() => (locks ? lockScroll() : undefined), [locks]);
}

/** Panels open at once (the sample cart over the mobile menu): the page scrolls again when the last one closes. */
let openLocks = 0;
let overflowBefore = "";

/** Locks the page's scrolling; the returned function releases this lock. */
export function lockScroll(): () => void {
  if (openLocks === 0) {
    overflowBefore = document.body.style.overflow;
    document.body.style.overflow = "hidden";
  }
  openLocks += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    openLocks -= 1;
    if (openLocks === 0) document.body.style.overflow = overflowBefore;
  };
}
