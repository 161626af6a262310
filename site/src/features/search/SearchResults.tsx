/**
 * Tabs and result lists shared by the overlay and the search page: all,
 * products, filter, advises, videos, infos and the shop's own brand tab; the all tab shows
 * 20 of the first group and 10 of each other; tabs show 12 per page (the info tab minus
 * its static blocks) with "load more"; the no-results hint points to the support chat.
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { FilterPanel } from "./FilterPanel";
import { ProductItem } from "./ProductItem";
import { allTabGroups, hasMinimumChars, itemsPerPageOf, type GroupState } from "./state";
import type { UseSearch } from "./useSearch";
import type { ContentResult, GroupType, ProductResult, TabKey } from "./types";

export interface SearchResultsProps {
  search: UseSearch;
  mode: "overlay" | "page";
  chatPath: string;
  searchPagePath: string;
}

const RESULT_TABS: GroupType[] = ["products", "advises", "videos", "infos", "brand"];

export function SearchResults({ search, mode, chatPath, searchPagePath }: SearchResultsProps) {
  const { t } = useTranslation("search");
  const { state, dispatch, query, ready, loadMore, corrected } = search;
  const useSuggestions = mode === "overlay" && state.activeTab === "all" && state.filters.activeFilters.length === 0;
  const groups = useSuggestions ? state.searchSuggestions : state.searchResult;
  const loading = useSuggestions ? state.loadingSuggestions : state.loadingData;
  const typed = state.searchString.trim();

  if (!hasMinimumChars(state)) {
    if (typed.length === 0) return null;
    return (
      <p className="search-hint" data-testid="search-min-chars" role="status">
        {t("search.minimumChars", { minimumChars: state.minimumChars })}{" "}
        <span className="search-count">{t("search.characterCount", { count: [...typed].length, minimumChars: state.minimumChars })}</span>
      </p>
    );
  }

  const byType = new Map(groups.map((group) => [group.type, group]));
  const brand = byType.get("brand");
  const tabs: TabKey[] = ["all", "products", "filter", "advises", "videos", "infos", ...(brand ? (["brand"] as const) : [])];
  const count = (tab: TabKey) => (tab === "all" || tab === "filter" ? null : (byType.get(tab)?.itemsLength ?? 0));
  const label = (tab: TabKey) => (tab === "brand" ? (brand?.name ?? t("search.tabs.brand")) : t(`search.tabs.${tab}`));
  const products = byType.get("products");
  const empty = !loading && ready && query === typed && groups.every((group) => group.itemsLength === 0);

  return (
    <div className={`search-results search-results-${mode}`} aria-busy={loading || state.loadingMoreData}>
      <div className="search-tabs" role="tablist" aria-label={t("search.tabsLabel")}>
        {tabs.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={state.activeTab === tab}
            className={state.activeTab === tab ? "search-tab active" : "search-tab"}
            data-testid={`search-tab-${tab}`}
            onClick={() => dispatch({ type: "setActiveTab", tab })}
          >
            {label(tab)}
            {count(tab) !== null && <span className="search-tab-count"> ({count(tab)})</span>}
            {tab === "filter" && state.filters.activeFilters.length > 0 && <span className="search-tab-count"> ({state.filters.activeFilters.length})</span>}
          </button>
        ))}
      </div>
      {loading && (
        <p className="search-loading" data-testid="search-loading" role="status">
          {t("search.loading")}
        </p>
      )}
      {state.failed && !loading && (
        <p className="search-error" role="alert">
          {t("search.failed")}
        </p>
      )}
      {corrected && !loading && state.activeTab !== "all" && <p className="search-hint">{t("search.corrected", { query })}</p>}
      {empty && state.activeTab !== "filter" ? (
        <NoResults query={query} chatPath={chatPath} />
      ) : (
        <div role="tabpanel" className="search-panel">
          {state.activeTab === "all" && (
            <AllTab
              groups={groups}
              onShowAll={(type) => dispatch({ type: "setActiveTab", tab: type })}
              searchPagePath={searchPagePath}
              query={query}
              mode={mode}
            />
          )}
          {state.activeTab === "filter" && <FilterPanel {...search.state.filters} total={products?.itemsLength ?? 0} onAction={search.dispatch} />}
          {RESULT_TABS.includes(state.activeTab as GroupType) && (
            <TabList
              group={byType.get(state.activeTab as GroupType)}
              perPage={itemsPerPageOf(state, state.activeTab)}
              staticBlocks={state.activeTab === "infos" ? state.staticBlocksCount : 0}
              chatPath={chatPath}
              loadingMore={state.loadingMoreData}
              onLoadMore={() => loadMore(state.activeTab as GroupType)}
            />
          )}
        </div>
      )}
    </div>
  );
}

function AllTab({
  groups,
  onShowAll,
  searchPagePath,
  query,
  mode,
}: {
  groups: GroupState[];
  onShowAll: (type: GroupType) => void;
  searchPagePath: string;
  query: string;
  mode: "overlay" | "page";
}) {
  const { t } = useTranslation("search");
  return (
    <>
      {allTabGroups(groups).map((group) => (
        <section key={group.type} className="search-group" data-testid={`search-group-${group.type}`}>
          <h3>
            {group.type === "brand" ? group.name : t(`search.tabs.${group.type}`)} <span className="search-tab-count">({group.itemsLength})</span>
          </h3>
          <Items group={group} />
          {group.itemsLength > group.items.length && (
            <button type="button" className="button link" data-testid={`search-show-all-${group.type}`} onClick={() => onShowAll(group.type)}>
              {t("search.showAll", { count: group.itemsLength })}
            </button>
          )}
        </section>
      ))}
      {mode === "overlay" && newSearchEnabled() && groups.some((group) => group.itemsLength > 0) && (
        <a className="button secondary search-page-link" href={`${searchPagePath}?q=${encodeURIComponent(query)}`} data-testid="search-page-link">
          {t("search.allResults")}
        </a>
      )}
    </>
  );
}

/** The search page is served only with this cookie; without it the overlay is the search. */
export function newSearchEnabled(cookie = typeof document === "undefined" ? "" : document.cookie): boolean {
  return cookie.split(";").some((part) => part.trim().startsWith("new_search_enabled="));
}

function TabList({
  group,
  perPage,
  staticBlocks,
  chatPath,
  loadingMore,
  onLoadMore,
}: {
  group: GroupState | undefined;
  perPage: number;
  staticBlocks: number;
  chatPath: string;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const { t } = useTranslation("search");
  if (!group) return null;
  const shown = { ...group, items: group.items.slice(0, perPage * group.page) };
  return (
    <section className="search-group" data-testid={`search-list-${group.type}`}>
      {staticBlocks > 0 && <StaticInfoBlock chatPath={chatPath} />}
      {group.itemsLength === 0 ? <p className="search-hint">{t("search.noneInTab")}</p> : <Items group={shown} />}
      {shown.items.length < group.itemsLength && (
        <button type="button" className="button secondary search-load-more" data-testid="search-load-more" disabled={loadingMore} onClick={onLoadMore}>
          {loadingMore ? t("search.loading") : t("search.loadMore", { shown: shown.items.length, total: group.itemsLength })}
        </button>
      )}
    </section>
  );
}

function Items({ group }: { group: GroupState }) {
  if (group.layout === "grid") {
    return (
      <ul className="search-products">
        {(group.items as ProductResult[]).map((item) => (
          <ProductItem key={item.identifier} item={item} />
        ))}
      </ul>
    );
  }
  return (
    <ul className="search-content">
      {(group.items as ContentResult[]).map((item) => (
        <li key={item.identifier} className="search-content-item">
          {item.link || item.url ? <a href={item.url ?? item.link ?? undefined}>{item.title}</a> : <strong>{item.title}</strong>}
          {item.text && <p>{item.text}</p>}
        </li>
      ))}
    </ul>
  );
}

function StaticInfoBlock({ chatPath }: { chatPath: string }) {
  const { t } = useTranslation("search");
  return (
    <div className="search-static-block">
      <strong>{t("search.infoBlock.title")}</strong>
      <p>{t("search.infoBlock.text")}</p>
      <a href={chatPath}>{t("search.chatLink")}</a>
    </div>
  );
}

export function NoResults({ query, chatPath }: { query: string; chatPath: string }) {
  const { t } = useTranslation("search");
  return (
    <div className="search-no-results" data-testid="search-no-results" role="status">
      <p>{t("search.noResults", { query })}</p>
      <p>
        {t("search.noResultsChat")} <a href={chatPath}>{t("search.chatLink")}</a>
      </p>
    </div>
  );
}
