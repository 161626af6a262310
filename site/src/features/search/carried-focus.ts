/**
 * The filter sidebar keeps the keyboard focus when one sidebar element replaces another
 * (the placeholder shown while the filters load, then the loaded filters): the element that
 * leaves records whether the focus was inside it, the one that arrives takes it. Without
 * this, a shopper who opened the filters before they had loaded would find the focus on the
 * page's body.
 */
import React from "react";

export type FocusCarry = React.MutableRefObject<boolean>;

/** A ref for the sidebar element that hands the focus on through `carry`. */
export function useCarriedFocus<T extends HTMLElement>(carry: FocusCarry): React.RefObject<T> {
  const ref = React.useRef<T>(null);
  React.useLayoutEffect(() => {
    const node = ref.current;
    if (carry.current) node?.focus();
    carry.current = false;
    // Runs before the element leaves the document, while the focus is still where it was.
    return () => {
      carry.current = node !== null && node.contains(document.activeElement);
    };
  }, [carry]);
  return ref;
}
