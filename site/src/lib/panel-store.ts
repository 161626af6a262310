import React from "react";

/**
 * An open-or-closed panel of the page that more than one component opens (the header shows
 * it, a button elsewhere on the page opens it): `open(value)` opens it with what it is to show,
 * `close()` closes it, `usePanel()` reads it (null: closed). The static HTML has every panel closed.
 */
export interface PanelStore<T> {
  open(value: T): void;
  close(): void;
  current(): T | null;
  usePanel(): T | null;
}

export function panelStore<T>(): PanelStore<T> {
  let state: T | null = null;
  const listeners = new Set<() => void>();
  const set = (next: T | null) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const current = () => state;
  const closedOnTheServer = () => null;
  return {
    open: (value) => set(value),
    close: () => set(null),
    current,
    usePanel: () => React.useSyncExternalStore(subscribe, current, closedOnTheServer),
  };
}
