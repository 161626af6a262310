import React from "react";

/**
 * Whether the sample cart panel is open, for every opener of the page: the header's sample
 * cart entry (which shows the panel), the product page's sample button after adding and its
 * alert's "open the sample cart". `sku` is the sample just added (the panel's suggestion
 * is a product related to it), null when the panel was opened without one.
 */
export interface SampleBasketState {
  open: boolean;
  sku: string | null;
}

const CLOSED: SampleBasketState = { open: false, sku: null };
let state: SampleBasketState = CLOSED;
const listeners = new Set<() => void>();

function set(next: SampleBasketState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function openSampleBasket(sku: string | null = null): void {
  set({ open: true, sku: sku ?? state.sku });
}

export function closeSampleBasket(): void {
  set(CLOSED);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const current = () => state;
// The static HTML has the panel closed.
const closedOnTheServer = () => CLOSED;

export function useSampleBasket(): SampleBasketState {
  return React.useSyncExternalStore(subscribe, current, closedOnTheServer);
}
