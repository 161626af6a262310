import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { forgetSearches } from "./last-searches";

/** The visitor's last searches (stored locally), shown while nothing is typed yet. */
export function LastSearches({ list, onPick, onForget }: { list: string[]; onPick: (value: string) => void; onForget: () => void }) {
  const { t } = useTranslation("search");
  if (list.length === 0) return null;
  return (
    <div className="search-last" data-testid="search-last-searches">
      <strong>{t("search.lastSearches")}</strong>
      <ul>
        {list.map((item) => (
          <li key={item}>
            <button type="button" className="button link" onClick={() => onPick(item)}>
              {item}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button link"
        onClick={() => {
          forgetSearches();
          onForget();
        }}
      >
        {t("search.forgetLastSearches")}
      </button>
    </div>
  );
}
