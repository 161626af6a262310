/**
 * The search overlay, loaded on demand when the header search is used:
 * input with suggestions after the minimum characters, last searches, tabs, filters.
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { LastSearches } from "./LastSearches";
import { SearchResults } from "./SearchResults";
import { useSearch } from "./useSearch";
import "./search.css";

export interface SearchOverlayProps {
  /** the search page of the current language, e.g. /search/ or /fr/search/ */
  action: string;
  initialValue: string;
  onClose: () => void;
}

/** The chat page (the no-results hint) in the language of the search page. */
export function chatPathFor(searchPagePath: string): string {
  return `${searchPagePath.replace(/search\/?$/, "")}chat.html`;
}

export default function SearchOverlay({ action, initialValue, onClose }: SearchOverlayProps) {
  const { t } = useTranslation("search");
  const search = useSearch("overlay", initialValue);
  const { state, dispatch } = search;
  const input = React.useRef<HTMLInputElement>(null);

  React.useLayoutEffect(() => {
    dispatch({ type: "open" });
    input.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
    };
  }, [dispatch, onClose]);

  const belowMinimum = [...state.searchString.trim()].length < state.minimumChars;
  return (
    <div className="search-overlay" role="dialog" aria-modal="true" aria-label={t("search.title")} data-testid="search-overlay">
      <div className="search-overlay-inner">
        <form
          role="search"
          className="search-overlay-form"
          action={action}
          method="get"
          onSubmit={(event) => {
            event.preventDefault();
            if (!belowMinimum) dispatch({ type: "setActiveTab", tab: "products" });
          }}
        >
          <label className="visually-hidden" htmlFor="search-overlay-input">
            {t("search.label")}
          </label>
          <input
            id="search-overlay-input"
            ref={input}
            type="search"
            name="q"
            autoComplete="off"
            placeholder={t("search.placeholder")}
            value={state.searchString}
            data-testid="search-input"
            onFocus={() => belowMinimum && dispatch({ type: "showLastSearches", visible: true })}
            onChange={(event) => {
              dispatch({ type: "setSearchString", value: event.target.value });
              dispatch({ type: "showLastSearches", visible: [...event.target.value.trim()].length < state.minimumChars });
            }}
          />
          {state.searchString && (
            <button type="button" className="button link" onClick={() => dispatch({ type: "clear" })} data-testid="search-clear">
              {t("search.clear")}
            </button>
          )}
          <button type="button" className="icon-button search-close" aria-label={t("search.close")} onClick={onClose} data-testid="search-close">
            ×
          </button>
        </form>
        {state.lastSearchVisible && (
          <LastSearches
            list={search.lastSearches}
            onPick={(value) => dispatch({ type: "setSearchString", value })}
            onForget={() => search.setLastSearches([])}
          />
        )}
        <SearchResults search={search} mode="overlay" chatPath={chatPathFor(action)} searchPagePath={action} />
      </div>
      <button type="button" className="search-overlay-backdrop" aria-hidden="true" tabIndex={-1} onClick={onClose} />
    </div>
  );
}
