import React from "react";
import type { InterfaceToggle } from "@domain/tracking";
import { trackVisibility } from "./data-layer";

/**
 * Reports an interface toggle to analytics when it opens or closes, not its state on the
 * first render (a product page's default tab is not an interaction). Call it where the open
 * state lives, which starts closed for every panel and modal, so a lazily loaded one still
 * reports. A module of its own: the header, the search and the slots of every page use it,
 * the e-commerce events (use-track.ts) only the pages that send them.
 */
export function useVisibilityTracking(toggle: InterfaceToggle, visible: boolean): void {
  const first = React.useRef(true);
  React.useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    trackVisibility(toggle, visible);
  }, [toggle, visible]);
}
