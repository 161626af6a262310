/**
 * The search report (merchandiser, ops): per shop over the last days, the searches and the
 * searches without result per day, the leading queries over time, and the top queries and
 * queries without result as bars; every chart with its figures as a table.
 * API: GET /admin/api/search-report?shop=&days= (worker/shop-api/search/staff-search-report.ts).
 */
import { useState } from "react";
import type { StaffSearchReport } from "@domain/api/search";
import { BarChart, LineChart } from "../components/Chart";
import { queryString } from "../components/format";
import { useStaffRead } from "../components/staff-read";
import { ProblemAlert } from "../components/ProblemAlert";
import { formatDay } from "../intl";
import { t } from "../texts";
import "../components/back-office.css";

const DAY_CHOICES = [7, 14, 30, 90, 365];

/** `18 Nov` for a day `2026-11-18`. */

export function SearchReport() {
  const [shop, setShop] = useState("DE");
  const [days, setDays] = useState(30);
  const { data: report, problem, loading } = useStaffRead<StaffSearchReport>(`/admin/api/search-report${queryString({ shop, days })}`);

  const labels = report?.daily.map((entry) => formatDay(entry.day, { short: true })) ?? [];
  const range = report ? t("searchReport.range", { from: report.from, to: report.to, shop: report.shop }) : "";
  const total = report?.daily.reduce((sum, entry) => sum + entry.searches, 0) ?? 0;
  const empty = report?.daily.reduce((sum, entry) => sum + entry.noResults, 0) ?? 0;

  return (
    <section aria-labelledby="search-report-title">
      <h1 id="search-report-title">{t("searchReport.title")}</h1>
      <form className="row" aria-label={t("searchReport.choose")} onSubmit={(event) => event.preventDefault()}>
        <label>
          {t("searchReport.shop")}
          <select name="shop" value={shop} onChange={(event) => setShop(event.target.value)}>
            {(report?.shops ?? [{ id: shop, name: shop }]).map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.id} – {entry.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("searchReport.days")}
          <select name="days" value={days} onChange={(event) => setDays(Number(event.target.value))}>
            {DAY_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {t("searchReport.lastDays", { days: choice })}
              </option>
            ))}
          </select>
        </label>
      </form>
      <ProblemAlert problem={problem} />
      {loading && <p className="notice">{t("loading")}</p>}
      {report && (
        <div aria-busy={loading}>
          <p className="notice" data-testid="search-totals">
            {range} {t("searchReport.totals", { searches: total, noResults: empty })}
          </p>
          <LineChart
            title={t("searchReport.perDay")}
            description={t("searchReport.perDayDescription", { range })}
            xAxisLabel={t("searchReport.day")}
            yAxisLabel={t("searchReport.searches")}
            xLabels={labels}
            series={[
              { name: t("searchReport.allSearches"), values: report.daily.map((entry) => entry.searches) },
              { name: t("searchReport.withoutResult"), values: report.daily.map((entry) => entry.noResults) },
            ]}
          />
          {report.topTrends.length > 0 && (
            <LineChart
              title={t("searchReport.topOverTime")}
              description={t("searchReport.topOverTimeDescription", { range })}
              xAxisLabel={t("searchReport.day")}
              yAxisLabel={t("searchReport.searches")}
              xLabels={labels}
              series={report.topTrends.map((trend) => ({ name: trend.query, values: trend.counts }))}
            />
          )}
          {report.noResultTrends.length > 0 && (
            <LineChart
              title={t("searchReport.noResultOverTime")}
              description={t("searchReport.noResultOverTimeDescription", { range })}
              xAxisLabel={t("searchReport.day")}
              yAxisLabel={t("searchReport.withoutResult")}
              xLabels={labels}
              series={report.noResultTrends.map((trend) => ({ name: trend.query, values: trend.counts }))}
            />
          )}
          <BarChart
            title={t("searchReport.topQueries")}
            description={t("searchReport.topQueriesDescription", { range })}
            xAxisLabel={t("searchReport.searches")}
            yAxisLabel={t("searchReport.query")}
            bars={report.topQueries.slice(0, 20).map((entry) => ({ label: entry.query, value: entry.searches }))}
          />
          <BarChart
            title={t("searchReport.noResultQueries")}
            description={t("searchReport.noResultQueriesDescription", { range })}
            xAxisLabel={t("searchReport.withoutResult")}
            yAxisLabel={t("searchReport.query")}
            bars={report.noResultQueries.slice(0, 20).map((entry) => ({ label: entry.query, value: entry.searches }))}
          />
        </div>
      )}
    </section>
  );
}
