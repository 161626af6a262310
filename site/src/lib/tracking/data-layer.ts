import { FRONTEND_TYPE, type EcommerceEvent, type InteractionEvent, type InterfaceToggle } from "@domain/tracking";

/**
 * The pages' pushes to the tag manager's dataLayer: every e-commerce event is
 * preceded by `{ ecommerce: null }` (GA4: the previous event's items must not leak into the
 * next), the spec's own events name a category, action, label, value, extra data and
 * the frontend type. The dataLayer exists from the first inline script on (consent-mode.ts);
 * without a tag manager nothing reads it, and nothing leaves the browser.
 */
function dataLayer(): unknown[] {
  window.dataLayer = window.dataLayer ?? [];
  return window.dataLayer;
}

export function trackEcommerce(event: EcommerceEvent | null): void {
  if (!event || typeof window === "undefined") return;
  const layer = dataLayer();
  layer.push({ ecommerce: null });
  layer.push(event);
}

export function interactionEvent(
  category: string,
  action: string,
  label: string | null = null,
  value: number | null = null,
  extraData: InteractionEvent["extraData"] = null,
): InteractionEvent {
  return { event: "interaction", category, action, label, value, extraData, frontendType: FRONTEND_TYPE };
}

export function trackInteraction(event: InteractionEvent): void {
  if (typeof window === "undefined") return;
  dataLayer().push(event);
}

/** "Visibility toggles are also reported to analytics". */
export function visibilityEvent(toggle: InterfaceToggle, visible: boolean): InteractionEvent {
  return interactionEvent("interface", visible ? "open" : "close", toggle);
}

export function trackVisibility(toggle: InterfaceToggle, visible: boolean): void {
  trackInteraction(visibilityEvent(toggle, visible));
}
