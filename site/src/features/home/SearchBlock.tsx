import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import "./home.css";

const loadOverlay = () => import("../search/SearchOverlay");
const SearchOverlay = React.lazy(loadOverlay);

/**
 * Home block Search: a search field on the home page with the shop's popular topics.
 * Without JavaScript it is the header's GET form to the search results page; with JavaScript it opens
 * the same search overlay as the header (its code loads on demand), with what was typed.
 */
export function SearchBlock({ action, resultsAction, topics }: { action: string; resultsAction: string; topics: readonly { label: string; url: string }[] }) {
  const { t } = useTranslation("home-blocks");
  const { t: common } = useTranslation();
  const [open, setOpen] = React.useState<string | null>(null);
  const close = React.useCallback(() => setOpen(null), []);
  return (
    <section aria-labelledby="home-search" className="section home-search" data-testid="home-search">
      <h2 id="home-search">{t("search.title")}</h2>
      <form
        role="search"
        aria-labelledby="home-search"
        method="get"
        action={resultsAction}
        className="home-search-form"
        onSubmit={(event) => {
          event.preventDefault();
          const value = new FormData(event.currentTarget).get("q");
          setOpen(typeof value === "string" ? value : "");
        }}
      >
        <label htmlFor="home-search-field">{t("search.label")}</label>
        <div className="home-search-row">
          <input
            id="home-search-field"
            type="search"
            name="q"
            minLength={3}
            autoComplete="off"
            placeholder={common("header.searchPlaceholder")}
            onPointerEnter={() => void loadOverlay()}
          />
          <button type="submit" className="button">
            {t("search.submit")}
          </button>
        </div>
      </form>
      {topics.length > 0 ? (
        <p className="home-search-topics">
          <span>{t("search.topics")}</span>{" "}
          {topics.map((topic) => (
            <a key={topic.url} href={topic.url} className="chip">
              {topic.label}
            </a>
          ))}
        </p>
      ) : null}
      {open !== null && (
        <React.Suspense fallback={null}>
          <SearchOverlay action={action} initialValue={open} onClose={close} />
        </React.Suspense>
      )}
    </section>
  );
}
