/**
 * Sample orders (service, ops): the list with filters and "load more" (keyset pages of the
 * staff API), the CSV export of the same filters, and at /sample-orders/<code> one order
 * with its address and samples, where staff mark it shipped or cancelled.
 * API: worker/shop-api/commerce/staff-sample-order-routes.ts.
 */
import { CONSOLE_PATHS } from "@domain/back-office/console-routes";
import { useState } from "react";
import type {
  FulfilmentState,
  SampleOrderDetail as Detail,
  SampleOrderListPage as ListPage,
  SampleOrderStatus as Status,
  SampleOrderSummary as Summary,
  StateFilter,
} from "@domain/back-office/sample-orders";
import { apiGet, apiPost } from "../api";
import { FilterForm, labelledOptions, shopOptions } from "../components/FilterForm";
import { problemText, queryString } from "../components/format";
import { formatTime } from "../intl";
import { useStaffRead } from "../components/staff-read";
import { PagedListFooter, usePagedList, type PageSource } from "../components/paged-list";
import { ProblemAlert } from "../components/ProblemAlert";
import { Link, usePath } from "../router";
import { t } from "../texts";
import "../components/back-office.css";

export const SAMPLE_ORDERS_PATH = CONSOLE_PATHS.sampleOrders;
const API = "/admin/api/sample-orders";

interface Filters {
  shop: string;
  state: string;
  from: string;
  to: string;
  q: string;
}

const DEFAULT_STATE: StateFilter = "ordered";
const NO_FILTERS: Filters = { shop: "", state: DEFAULT_STATE, from: "", to: "", q: "" };

const statusText = (status: Status): string => t(`sampleOrders.status.${status}`);

function StatusBadge({ status }: { status: Status }) {
  return <span className={`badge status-${status}`}>{statusText(status)}</span>;
}

/** Downloads the CSV of the filters through fetch, so a refusal (too many orders) shows as a message, not as a page of JSON. */
async function downloadCsv(filters: Filters): Promise<void> {
  const response = await fetch(`${API}/export.csv${queryString({ ...filters })}`, { credentials: "same-origin" });
  if (!response.ok) {
    let message = t("sampleOrders.exportFailed", { status: response.status });
    try {
      const body = (await response.json()) as { errors?: { message: string }[] };
      if (body.errors?.length) message = body.errors.map((error) => error.message).join(" ");
    } catch {
      // not the envelope: keep the general message
    }
    throw new Error(message);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "sample-orders.csv";
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const ORDER_PAGES: PageSource<Filters, ListPage, Summary, string> = {
  fetch: (filters, after) => apiGet<ListPage>(`${API}${queryString({ ...filters, after })}`),
  rows: (page) => page.orders,
  next: (page) => page.next,
};

function OrderList() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const list = usePagedList(ORDER_PAGES, filters);
  const { rows: orders, loading, setProblem } = list;
  const meta = { shops: list.page?.shops ?? [], states: list.page?.states ?? [DEFAULT_STATE] };
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    setProblem(null);
    try {
      await downloadCsv(filters);
    } catch (caught) {
      setProblem(problemText(caught));
    } finally {
      setExporting(false);
    }
  };

  return (
    <section aria-labelledby="sample-orders-title">
      <h1 id="sample-orders-title">{t("sampleOrders.title")}</h1>
      <FilterForm
        label={t("sampleOrders.filters")}
        applyLabel={t("sampleOrders.apply")}
        filters={filters}
        onApply={setFilters}
        fields={[
          { name: "shop", label: t("sampleOrders.shop"), kind: "select", all: t("sampleOrders.allShops"), options: shopOptions(meta.shops) },
          {
            name: "state",
            label: t("sampleOrders.state"),
            kind: "select",
            options: labelledOptions(meta.states, (state) => t(`sampleOrders.filter.${state}`)),
          },
          { name: "from", label: t("sampleOrders.from"), kind: "date" },
          { name: "to", label: t("sampleOrders.to"), kind: "date" },
          { name: "q", label: t("sampleOrders.search"), kind: "search", maxLength: 200, placeholder: t("sampleOrders.searchHint") },
        ]}
      />
      <p className="row">
        <button type="button" className="secondary" onClick={exportCsv} disabled={exporting}>
          {exporting ? t("sampleOrders.exporting") : t("sampleOrders.export")}
        </button>
      </p>
      <ProblemAlert problem={list.problem} />
      <table aria-busy={loading}>
        <caption className="notice">{t("sampleOrders.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("sampleOrders.reference")}</th>
            <th scope="col">{t("sampleOrders.shop")}</th>
            <th scope="col">{t("sampleOrders.status")}</th>
            <th scope="col">{t("sampleOrders.placed")}</th>
            <th scope="col">{t("sampleOrders.customer")}</th>
            <th scope="col">{t("sampleOrders.email")}</th>
            <th scope="col">{t("sampleOrders.items")}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.referenceCode}>
              <td>
                <Link to={`${SAMPLE_ORDERS_PATH}/${encodeURIComponent(order.referenceCode)}`}>{order.referenceCode}</Link>
              </td>
              <td>{order.shop}</td>
              <td>
                <StatusBadge status={order.status} />
              </td>
              <td>{formatTime(order.placedAt)}</td>
              <td>
                {order.name ?? "–"}
                {order.city ? `, ${order.city}` : ""}
              </td>
              <td>{order.email ?? "–"}</td>
              <td>{order.itemCount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <PagedListFooter list={list} none={t("sampleOrders.none")} more={t("sampleOrders.loadMore")} />
    </section>
  );
}

function OrderDetail({ code }: { code: string }) {
  const { data: order, setData: setOrder, problem, setProblem } = useStaffRead<Detail>(`${API}/${encodeURIComponent(code)}`);
  const [asking, setAsking] = useState<FulfilmentState | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const mark = async (state: FulfilmentState) => {
    setBusy(true);
    setProblem(null);
    try {
      const updated = await apiPost<Detail>(`${API}/${encodeURIComponent(code)}/fulfilment`, { state });
      setOrder(updated);
      setDone(t("sampleOrders.marked", { state: statusText(state) }));
    } catch (caught) {
      setProblem(problemText(caught));
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };

  const address = order?.address ?? null;
  return (
    <section aria-labelledby="sample-order-title">
      <p>
        <Link to={SAMPLE_ORDERS_PATH}>{t("sampleOrders.back")}</Link>
      </p>
      <h1 id="sample-order-title">{t("sampleOrders.detailTitle", { code })}</h1>
      <ProblemAlert problem={problem} />
      {done && (
        <p role="status" className="ok">
          {done}
        </p>
      )}
      {!order && !problem && <p className="notice">{t("loading")}</p>}
      {order && (
        <>
          <dl className="facts">
            <dt>{t("sampleOrders.status")}</dt>
            <dd data-testid="order-status">
              <StatusBadge status={order.status} />
              {order.fulfilment && ` ${t("sampleOrders.markedBy", { by: order.fulfilment.by ?? "–", at: formatTime(order.fulfilment.at) })}`}
            </dd>
            <dt>{t("sampleOrders.shop")}</dt>
            <dd>{order.shop}</dd>
            <dt>{t("sampleOrders.created")}</dt>
            <dd>{formatTime(order.createdAt)}</dd>
            <dt>{t("sampleOrders.finished")}</dt>
            <dd>{formatTime(order.finishedAt)}</dd>
            <dt>{t("sampleOrders.processed")}</dt>
            <dd>{formatTime(order.processedAt)}</dd>
            {order.state === "open" && (
              <>
                <dt>{t("sampleOrders.expires")}</dt>
                <dd>{formatTime(order.expiresAt)}</dd>
              </>
            )}
            <dt>{t("sampleOrders.email")}</dt>
            <dd>{order.email ? <a href={`mailto:${order.email}`}>{order.email}</a> : "–"}</dd>
            <dt>{t("sampleOrders.address")}</dt>
            <dd>
              {address ? (
                <address>
                  {[address.firstname, address.lastname].filter(Boolean).join(" ")}
                  {address.company && (
                    <>
                      <br />
                      {address.company}
                    </>
                  )}
                  <br />
                  {address.street}
                  <br />
                  {address.zip} {address.city}
                  <br />
                  {address.countryCode?.toUpperCase()}
                  {address.phone && (
                    <>
                      <br />
                      {address.phone}
                    </>
                  )}
                </address>
              ) : (
                "–"
              )}
            </dd>
          </dl>
          <h2>{t("sampleOrders.samples", { count: order.items.length, slots: order.slotCount })}</h2>
          <table>
            <thead>
              <tr>
                <th scope="col">{t("sampleOrders.sku")}</th>
                <th scope="col">{t("sampleOrders.product")}</th>
                <th scope="col">{t("sampleOrders.quantity")}</th>
                <th scope="col">{t("sampleOrders.recommended")}</th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item) => (
                <tr key={item.sku}>
                  <td>{item.sku}</td>
                  <td>{item.name}</td>
                  <td>{item.quantity}</td>
                  <td>{item.recommendation ? t("sampleOrders.yes") : t("sampleOrders.no")}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {order.allowedFulfilment.length > 0 && (
            <div className="row actions">
              {asking ? (
                <>
                  <p>{t("sampleOrders.confirm", { state: statusText(asking) })}</p>
                  <button type="button" disabled={busy} onClick={() => void mark(asking)}>
                    {t("sampleOrders.confirmYes", { state: statusText(asking) })}
                  </button>
                  <button type="button" className="secondary" disabled={busy} onClick={() => setAsking(null)}>
                    {t("sampleOrders.confirmNo")}
                  </button>
                </>
              ) : (
                order.allowedFulfilment.map((state) => (
                  <button key={state} type="button" className={state === "cancelled" ? "secondary" : undefined} onClick={() => setAsking(state)}>
                    {t(state === "shipped" ? "sampleOrders.markShipped" : "sampleOrders.markCancelled")}
                  </button>
                ))
              )}
            </div>
          )}
        </>
      )}
    </section>
  );
}

export function SampleOrders() {
  const path = usePath();
  const code = path.startsWith(`${SAMPLE_ORDERS_PATH}/`) ? decodeURIComponent(path.slice(SAMPLE_ORDERS_PATH.length + 1)) : "";
  return code ? <OrderDetail key={code} code={code} /> : <OrderList />;
}
