/**
 * A list of the API's product results with its pages (a category's filtered or sorted list,
 * the search results page's): the products, the pagination once the answer is current, a
 * message when the call failed, and when nothing matches a hint with a button that resets
 * every filter.
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { Pagination } from "@site/components/Pagination";
import { ProductItem } from "./ProductItem";
import type { ProductResult } from "./types";

export interface ResultListProps {
  products: ProductResult[];
  /** the page shown and a link per page; null while the answer is not current */
  pages: { page: number; links: string[] } | null;
  failed: boolean;
  /** nothing matches (the answer is current and empty): the hint shown */
  noMatch: string | null;
  onResetFilters: () => void;
  testId: string;
  busy: boolean;
}

export function ResultList({ products, pages, failed, noMatch, onResetFilters, testId, busy }: ResultListProps) {
  const { t } = useTranslation();
  return (
    <div className="category-list" aria-busy={busy} aria-live="polite" data-testid={testId}>
      {failed ? (
        <p role="alert">{t("category.filterFailed")}</p>
      ) : noMatch !== null ? (
        <div role="status">
          <p>{noMatch}</p>
          <button type="button" className="button" onClick={onResetFilters}>
            {t("search.filters.resetAll")}
          </button>
        </div>
      ) : (
        <>
          <ul className="search-products">
            {products.map((item) => (
              <ProductItem key={item.sku} item={item} />
            ))}
          </ul>
          {pages ? <Pagination page={pages.page} pageLinks={pages.links} /> : null}
        </>
      )}
    </div>
  );
}
