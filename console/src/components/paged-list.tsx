/**
 * A staff list read a page at a time (the keyset pages of the staff API: each page names the
 * cursor of the next one): the rows shown so far, the last page (for what it says besides its
 * rows), loading and the problem of the last call; and its footer.
 */
import { useCallback, useEffect, useState } from "react";
import { t } from "../texts";
import { problemText } from "./format";

/** How a list reads its pages; declared once per screen (outside the component), so that it stays the same object. */
export interface PageSource<Filters, Page, Row, Cursor> {
  fetch(filters: Filters, after: Cursor | null): Promise<Page>;
  rows(page: Page): Row[];
  next(page: Page): Cursor | null;
}

/** The list of `filters`, from its first page again whenever they change; `loadMore` appends the next page. */
export function usePagedList<Filters, Page, Row, Cursor extends string | number>(source: PageSource<Filters, Page, Row, Cursor>, filters: Filters) {
  const [rows, setRows] = useState<Row[]>([]);
  const [page, setPage] = useState<Page | null>(null);
  const [next, setNext] = useState<Cursor | null>(null);
  const [loading, setLoading] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(
    async (wanted: Filters, after: Cursor | null) => {
      setLoading(true);
      setProblem(null);
      try {
        const answer = await source.fetch(wanted, after);
        setRows((shown) => (after ? [...shown, ...source.rows(answer)] : source.rows(answer)));
        setNext(source.next(answer));
        setPage(answer);
      } catch (caught) {
        setProblem(problemText(caught));
        if (!after) setRows([]);
      } finally {
        setLoading(false);
      }
    },
    [source],
  );

  useEffect(() => {
    void load(filters, null);
  }, [filters, load]);

  const loadMore = () => {
    if (next !== null) void load(filters, next);
  };
  return { rows, page, next, loading, problem, setProblem, loadMore };
}

/** What the footer reads of a paged list. */
interface PagedListState {
  rows: readonly unknown[];
  next: string | number | null;
  loading: boolean;
  problem: string | null;
  loadMore: () => void;
}

/** Under a paged list: `none` when nothing matched, the loading notice, and the button for the next page. */
export function PagedListFooter({ list, none, more }: { list: PagedListState; none: string; more: string }) {
  return (
    <>
      {!list.loading && list.rows.length === 0 && !list.problem && <p className="notice">{none}</p>}
      {list.loading && <p className="notice">{t("loading")}</p>}
      {list.next !== null && !list.loading && (
        <p>
          <button type="button" className="secondary" onClick={list.loadMore}>
            {more}
          </button>
        </p>
      )}
    </>
  );
}
