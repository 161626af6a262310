/**
 * The answer of the latest call of a list (a category's filtered list, the search results
 * page's): `key` names what is asked (the list, filters, order, page); a new key aborts the
 * call before. While the new answer loads the previous data stays (`busy`); a refused call
 * keeps it too and says so (`failed`).
 */
import React from "react";

export interface KeyedAnswer<T> {
  data: T | null;
  /** the data is not yet the answer for the current key */
  busy: boolean;
  /** the call for the current key failed */
  failed: boolean;
}

export function useKeyedAnswer<T>(key: string, load: (signal: AbortSignal) => Promise<T>): KeyedAnswer<T> {
  const [answer, setAnswer] = React.useState<{ key: string; data: T | null; failed: boolean } | null>(null);
  React.useEffect(() => {
    const controller = new AbortController();
    load(controller.signal)
      .then((data) => setAnswer({ key, data, failed: false }))
      .catch(() => {
        if (!controller.signal.aborted) setAnswer((previous) => ({ key, data: previous?.data ?? null, failed: true }));
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for everything `load` asks
  }, [key]);
  return { data: answer?.data ?? null, busy: answer?.key !== key, failed: answer?.key === key && answer.failed };
}
