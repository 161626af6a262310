import React from "react";
import { Link } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { pageWindow } from "../lib/listing";

/** Crawlable pagination: plain links to the static pages of the list. */
export function Pagination({ page, pageLinks }: { page: number; pageLinks: string[] }) {
  const { t } = useTranslation();
  if (pageLinks.length < 2) return null;
  return (
    <nav className="pagination" aria-label={t("pagination.label")}>
      <ul>
        {page > 1 ? (
          <li>
            <Link to={pageLinks[page - 2]!} rel="prev">
              {t("pagination.previous")}
            </Link>
          </li>
        ) : null}
        {pageWindow(page, pageLinks.length).map((number, index) =>
          number === null ? (
            <li key={`gap-${index}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={number}>
              {number === page ? (
                <span aria-current="page" className="current">
                  {number}
                </span>
              ) : (
                <Link to={pageLinks[number - 1]!} aria-label={t("pagination.goTo", { page: number })}>
                  {number}
                </Link>
              )}
            </li>
          ),
        )}
        {page < pageLinks.length ? (
          <li>
            <Link to={pageLinks[page]!} rel="next">
              {t("pagination.next")}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
