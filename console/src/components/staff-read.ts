/**
 * One staff read shown by a screen: the answer of `path`, read again whenever the path
 * changes or `reload` is called; whether a read is running and the problem of the last call.
 * An answer that arrives after the path changed (or the screen closed) is dropped, so a slow
 * answer for an older filter or record never replaces the current one.
 */
import { useCallback, useEffect, useState } from "react";
import { apiGet } from "../api";
import { problemText } from "./format";

export function useStaffRead<T>(path: string) {
  const [data, setData] = useState<T | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let active = true;
    setLoading(true);
    setProblem(null);
    apiGet<T>(path)
      .then((answer) => active && setData(answer))
      .catch((caught) => active && setProblem(problemText(caught)))
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [path, round]);

  const reload = useCallback(() => setRound((count) => count + 1), []);
  return { data, setData, problem, setProblem, loading, reload };
}
