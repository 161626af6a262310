/**
 * The filter sidebar: range sliders (whole numbers unless the unit
 * is mm), collections with counts, the category tree; active filters can be reset one by
 * one (which re-runs the search and shows the products tab) or all at once. The search
 * and the category pages use it with their own state (`onAction`: state.ts FilterAction).
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { currencyOf, describeFilter, formatBound } from "./filter-labels";
import type { FilterAction } from "./state";
import type { ActiveFilter, FilterOption, FilterValue } from "./types";

const BUILT_IN = new Set(["price", "category", "manufacturer"]);

export interface FilterPanelProps {
  filters: FilterOption[];
  activeFilters: ActiveFilter[];
  total: number;
  onAction: (action: FilterAction) => void;
}

export function FilterPanel({ filters, activeFilters, total, onAction: dispatch }: FilterPanelProps) {
  const { t, i18n } = useTranslation("search");
  const language = i18n.language;
  const nameOf = (option: Pick<FilterOption, "key" | "name">) => (BUILT_IN.has(option.key) ? t(`search.filters.${option.key}`) : option.name);
  const active = new Map(activeFilters.map((filter) => [filter.key, filter]));
  return (
    <aside className="search-filters" data-testid="search-filters" aria-label={t("search.filters.title")}>
      <p className="search-filter-total">{t("search.filters.total", { count: total })}</p>
      {activeFilters.length > 0 && (
        <div className="search-active-filters">
          {activeFilters.map((filter) => (
            <span key={filter.key} className="search-chip">
              {nameOf({ key: filter.key, name: filters.find((f) => f.key === filter.key)?.name ?? filter.key })}: {describeFilter(filter, filters, language)}
              <button
                type="button"
                className="icon-button"
                aria-label={t("search.filters.reset")}
                data-testid={`search-reset-${filter.key}`}
                onClick={() => dispatch({ type: "resetFilter", key: filter.key })}
              >
                ×
              </button>
            </span>
          ))}
          <button type="button" className="button link" onClick={() => dispatch({ type: "resetFilters" })}>
            {t("search.filters.resetAll")}
          </button>
        </div>
      )}
      {filters.map((option) => (
        <fieldset key={option.key} className={`search-filter search-filter-${option.type}`} data-testid={`search-filter-${option.key}`}>
          <legend>
            {nameOf(option)}
            {option.unit ? ` (${option.unit})` : ""}
          </legend>
          {option.type === "range" && (
            <RangeFilter
              option={option}
              format={(value) => formatBound(value, option, currencyOf(filters), language)}
              onChange={(min, max) => dispatch({ type: "setRange", key: option.key, min, max, unit: option.unit })}
            />
          )}
          {option.type === "collection" && <ValueList values={option.values} filterKey={option.key} active={active.get(option.key)} onAction={dispatch} />}
          {option.type === "tree" && <ValueList values={option.values} filterKey={option.key} active={active.get(option.key)} onAction={dispatch} />}
        </fieldset>
      ))}
    </aside>
  );
}

function ValueList({
  values,
  filterKey,
  active,
  onAction,
}: {
  values: FilterValue[];
  filterKey: string;
  active: ActiveFilter | undefined;
  onAction: (action: FilterAction) => void;
}) {
  const chosen = new Set(active && "values" in active ? active.values : []);
  return (
    <ul className="search-filter-values">
      {values.map((value) => (
        <li key={value.key}>
          <label>
            <input
              type="checkbox"
              checked={chosen.has(value.key)}
              data-testid={`search-filter-value-${filterKey}-${value.key}`}
              onChange={(event) =>
                onAction(
                  event.target.checked
                    ? { type: "addFilter", key: filterKey, values: [value.key] }
                    : { type: "deleteFilterValue", key: filterKey, value: value.key },
                )
              }
            />{" "}
            {value.name} <span className="search-tab-count">({value.count})</span>
          </label>
          {value.children && value.children.length > 0 && <ValueList values={value.children} filterKey={filterKey} active={active} onAction={onAction} />}
        </li>
      ))}
    </ul>
  );
}

function RangeFilter({
  option,
  format,
  onChange,
}: {
  option: FilterOption;
  format: (value: number) => string;
  onChange: (min: number | null, max: number | null) => void;
}) {
  const { t } = useTranslation("search");
  const min = option.min ?? 0;
  const max = option.max ?? 0;
  const step = option.unit === "mm" ? 0.5 : 1;
  const [low, setLow] = React.useState(option.minValue ?? min);
  const [high, setHigh] = React.useState(option.maxValue ?? max);
  React.useEffect(() => {
    setLow(option.minValue ?? min);
    setHigh(option.maxValue ?? max);
  }, [option.minValue, option.maxValue, min, max]);
  const commit = () => onChange(low <= min ? null : low, high >= max ? null : high);
  return (
    <div className="search-range">
      <label>
        <span className="visually-hidden">{t("search.filters.min")}</span>
        <input
          type="range"
          min={min}
          max={max}
          step={step}
          value={low}
          onChange={(e) => setLow(Math.min(Number(e.target.value), high))}
          onPointerUp={commit}
          onKeyUp={commit}
          data-testid={`search-range-min-${option.key}`}
        />
      </label>
      <label>
        <span className="visually-hidden">{t("search.filters.max")}</span>
        <input
          type="range"
          min={min}
          max={max}
          step={step}
          value={high}
          onChange={(e) => setHigh(Math.max(Number(e.target.value), low))}
          onPointerUp={commit}
          onKeyUp={commit}
          data-testid={`search-range-max-${option.key}`}
        />
      </label>
      <output className="search-range-values">
        {format(low)} – {format(high)}
      </output>
    </div>
  );
}
