/**
 * Orders (service, ops): the list newest first with filters (shop, state, order number or
 * e-mail) and "load more" (keyset pages of the staff API), and at /orders/<number> one order:
 * its state and times, addresses, lines with shipped and delivered quantities, totals (OrderTotals.tsx),
 * delivery and payment, the history (the ERP's events and staff's changes, with who made them),
 * the change forms (ship, cancel the order or a line, change the delivery address, add a note,
 * refund with a reason; OrderActions.tsx), its payments and refunds from the payment ledger with
 * what is still refundable (OrderPayments.tsx), a failed refund's retry, and the confirmation
 * mail. A change is sent with the order's version and its own Idempotency-Key; a refusal shows in
 * the staff member's language (order-change-problem.ts).
 * API: worker/shop-api/orders/staff-orders.ts, staff-order-changes.ts and staff-refunds.ts.
 */
import type { StaffRefundRequest } from "@domain/api/payments";
import { CONSOLE_PATHS } from "@domain/back-office/console-routes";
import { useState } from "react";
import type {
  StaffOrderAddress as Address,
  StaffOrderAddressRequest,
  StaffOrderCancelRequest,
  StaffOrderDetail as Detail,
  StaffOrderHistoryEntry as HistoryEntry,
  StaffOrderListPage as ListPage,
  StaffOrderNoteRequest,
  StaffOrderShipmentRequest,
  StaffOrderState as State,
  StaffOrderSummary as Summary,
} from "@domain/back-office/orders";
import { apiChange, apiGet } from "../api";
import { FilterForm, labelledOptions, shopOptions } from "../components/FilterForm";
import { queryString } from "../components/format";
import { formatDay, formatMoneyValue, formatTime } from "../intl";
import { useStaffRead } from "../components/staff-read";
import { PagedListFooter, usePagedList, type PageSource } from "../components/paged-list";
import { ProblemAlert } from "../components/ProblemAlert";
import { Link, usePath } from "../router";
import { t } from "../texts";
import { MAIL_PATH } from "./MailOutbox";
import { AddressForm, CancelOrder, carrierText, Confirm, NoteForm, RefundForm, ShipForm } from "./OrderActions";
import { OrderPayments } from "./OrderPayments";
import { OrderTotals } from "./OrderTotals";
import { orderChangeProblem, refusalCodeOf } from "./order-change-problem";
import "../components/back-office.css";

export const ORDERS_PATH = CONSOLE_PATHS.orders;
const API = "/admin/api/orders";

interface Filters {
  shop: string;
  state: string;
  q: string;
}

const NO_FILTERS: Filters = { shop: "", state: "", q: "" };

const ORDER_PAGES: PageSource<Filters, ListPage, Summary, string> = {
  fetch: (filters, before) => apiGet<ListPage>(`${API}${queryString({ ...filters, before })}`),
  rows: (page) => page.orders,
  next: (page) => page.next,
};

const stateText = (state: State): string => t(`orders.state.${state}`);

function StateBadge({ state }: { state: State }) {
  return <span className={`badge order-${state}`}>{stateText(state)}</span>;
}

function OrderList() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const list = usePagedList(ORDER_PAGES, filters);
  const { rows: orders, loading } = list;
  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title">{t("orders.title")}</h1>
      <FilterForm
        label={t("orders.filters")}
        applyLabel={t("orders.apply")}
        filters={filters}
        onApply={setFilters}
        fields={[
          { name: "shop", label: t("orders.shop"), kind: "select", all: t("orders.allShops"), options: shopOptions(list.page?.shops) },
          { name: "state", label: t("orders.state"), kind: "select", all: t("orders.allStates"), options: labelledOptions(list.page?.states, stateText) },
          { name: "q", label: t("orders.search"), kind: "search", maxLength: 254, placeholder: t("orders.searchHint") },
        ]}
      />
      <ProblemAlert problem={list.problem} />
      <table aria-busy={loading}>
        <caption className="notice">{t("orders.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("orders.number")}</th>
            <th scope="col">{t("orders.shop")}</th>
            <th scope="col">{t("orders.state")}</th>
            <th scope="col">{t("orders.placed")}</th>
            <th scope="col">{t("orders.customer")}</th>
            <th scope="col">{t("orders.email")}</th>
            <th scope="col">{t("orders.shipsTo")}</th>
            <th scope="col">{t("orders.lines")}</th>
            <th scope="col">{t("orders.total")}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.orderNumber}>
              <td>
                <Link to={`${ORDERS_PATH}/${encodeURIComponent(order.orderNumber)}`}>{order.orderNumber}</Link>
              </td>
              <td>{order.shop}</td>
              <td>
                <StateBadge state={order.state} /> <span className="notice">{formatTime(order.stateAt)}</span>
              </td>
              <td>{formatTime(order.placedAt)}</td>
              <td>
                {order.name}
                {order.company ? `, ${order.company}` : ""}
              </td>
              <td>{order.email}</td>
              <td>
                {order.city} ({order.countryCode.toUpperCase()})
              </td>
              <td>{order.lineCount}</td>
              <td>{formatMoneyValue(order.grandTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <PagedListFooter list={list} none={t("orders.none")} more={t("orders.loadMore")} />
    </section>
  );
}

function AddressView({ address }: { address: Address | null }) {
  if (!address) return <>–</>;
  return (
    <address>
      {address.firstname} {address.lastname}
      {address.companyName && (
        <>
          <br />
          {address.companyName}
        </>
      )}
      {address.vatId && (
        <>
          <br />
          {t("orders.vatId", { id: address.vatId })}
        </>
      )}
      <br />
      {address.street}
      <br />
      {address.postcode} {address.city}
      <br />
      {address.countryCode.toUpperCase()}
    </address>
  );
}

/** What a history entry says besides its type: the shipment with its tracking link, the new address, the note, the refund (a failed one stands out, with its retry). */
function HistoryDetails({ entry, busy, onRetry }: { entry: HistoryEntry; busy: boolean; onRetry(eventId: string): void }) {
  return (
    <>
      {entry.lines.length > 0 && (
        <div>{entry.lines.map((line) => t("orders.historyLine", { line: line.line, sku: line.sku, quantity: line.quantity })).join(", ")}</div>
      )}
      {entry.shipment && (
        <div>
          {entry.shipment.trackingUrl ? (
            <a href={entry.shipment.trackingUrl} rel="noreferrer noopener" target="_blank">
              {t("orders.historyShipment", { carrier: carrierText(entry.shipment.carrier), number: entry.shipment.trackingNumber })}
            </a>
          ) : (
            t("orders.historyShipment", { carrier: carrierText(entry.shipment.carrier), number: entry.shipment.trackingNumber })
          )}
        </div>
      )}
      {entry.address && <AddressView address={entry.address} />}
      {entry.note && <div className="note">{entry.note}</div>}
      {entry.refund?.state === "refunded" && <div>{t("orders.historyRefund", { amount: formatMoneyValue(entry.refund.amount) })}</div>}
      {entry.refund?.state === "failed" && (
        <div role="alert" className="error">
          {t("orders.historyRefundFailed", { amount: formatMoneyValue(entry.refund.amount) })}{" "}
          {entry.eventId && (
            <button type="button" className="secondary" disabled={busy} onClick={() => onRetry(entry.eventId!)}>
              {t("orders.refund.retry")}
            </button>
          )}
        </div>
      )}
    </>
  );
}

/** A change and its request body (the wire contract's, without the version: send() adds the order's). */
type Change =
  | { kind: "cancel"; body: Omit<StaffOrderCancelRequest, "version"> }
  | { kind: "ship"; body: Omit<StaffOrderShipmentRequest, "version"> }
  | { kind: "change_address"; body: Omit<StaffOrderAddressRequest, "version"> }
  | { kind: "note"; body: Omit<StaffOrderNoteRequest, "version"> }
  | { kind: "refund"; body: RefundBody };

/** A refund's body without the version (each of the request's forms). */
type RefundBody = StaffRefundRequest extends infer Request ? (Request extends unknown ? Omit<Request, "version"> : never) : never;

const CHANGE_PATHS: Record<Change["kind"], { method: "POST" | "PUT"; path: string }> = {
  cancel: { method: "POST", path: "cancel" },
  ship: { method: "POST", path: "shipment" },
  change_address: { method: "PUT", path: "shipping-address" },
  note: { method: "POST", path: "notes" },
  refund: { method: "POST", path: "refund" },
};

function doneText(change: Change): string {
  if (change.kind === "cancel" && change.body.lines) return t("orders.done.cancel_lines", { line: change.body.lines.join(", ") });
  if (change.kind === "refund" && "retry" in change.body) return t("orders.done.refund_retry");
  return t(`orders.done.${change.kind}`);
}

function OrderDetail({ orderNumber }: { orderNumber: string }) {
  const path = `${API}/${encodeURIComponent(orderNumber)}`;
  const { data: order, setData: setOrder, problem, setProblem } = useStaffRead<Detail>(path);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [askingLine, setAskingLine] = useState<number | null>(null);
  // A new key empties the forms after a change went through.
  const [formKey, setFormKey] = useState(0);

  const send = async (change: Change) => {
    if (!order) return;
    setBusy(true);
    setProblem(null);
    setDone(null);
    const { method, path: action } = CHANGE_PATHS[change.kind];
    try {
      setOrder(await apiChange<Detail>(method, `${path}/${action}`, { version: order.version, ...change.body }, crypto.randomUUID()));
      setDone(doneText(change));
      setFormKey((key) => key + 1);
    } catch (caught) {
      setProblem(orderChangeProblem(caught));
      // Another change came first: show the order as it is now (the message stays).
      if (refusalCodeOf(caught) === "order_changed") setOrder(await apiGet<Detail>(path).catch(() => order));
    } finally {
      setBusy(false);
    }
  };

  const mail = order?.confirmationMail ?? null;
  return (
    <section aria-labelledby="order-title">
      <p>
        <Link to={ORDERS_PATH}>{t("orders.back")}</Link>
      </p>
      <h1 id="order-title">{t("orders.detailTitle", { number: orderNumber })}</h1>
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
            <dt>{t("orders.state")}</dt>
            <dd data-testid="order-state">
              <StateBadge state={order.state} /> {formatTime(order.stateAt)}
            </dd>
            <dt>{t("orders.shop")}</dt>
            <dd>{t("orders.shopLanguage", { shop: order.shop, language: order.language })}</dd>
            <dt>{t("orders.placed")}</dt>
            <dd>{formatTime(order.placedAt)}</dd>
            <dt>{t("orders.confirmed")}</dt>
            <dd>{formatTime(order.confirmedAt)}</dd>
            <dt>{t("orders.shipped")}</dt>
            <dd>{formatTime(order.shippedAt)}</dd>
            <dt>{t("orders.delivered")}</dt>
            <dd>{formatTime(order.deliveredAt)}</dd>
            {order.cancelledAt && (
              <>
                <dt>{t("orders.cancelled")}</dt>
                <dd>{formatTime(order.cancelledAt)}</dd>
              </>
            )}
            <dt>{t("orders.email")}</dt>
            <dd>
              <a href={`mailto:${order.email}`}>{order.email}</a>
            </dd>
            <dt>{t("orders.payment")}</dt>
            <dd>{order.paymentMethod}</dd>
            <dt>{t("orders.deliveryMode")}</dt>
            <dd>
              {order.deliveryMode}
              {order.desiredDate && ` · ${t("orders.desiredDate", { date: formatDay(order.desiredDate) })}`}
            </dd>
            <dt>{t("orders.deliveryDates")}</dt>
            <dd>
              {order.delivery.latestDate && order.delivery.latestDate !== order.delivery.date
                ? t("orders.between", { from: formatDay(order.delivery.date), to: formatDay(order.delivery.latestDate) })
                : formatDay(order.delivery.date)}
            </dd>
            <dt>{t("orders.billingAddress")}</dt>
            <dd data-testid="billing-address">
              <AddressView address={order.billingAddress} />
            </dd>
            <dt>{t("orders.shippingAddress")}</dt>
            <dd data-testid="shipping-address">
              <AddressView address={order.shippingAddress} />
            </dd>
          </dl>

          <h2>{t("orders.linesTitle", { count: order.lines.length })}</h2>
          <table>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t("orders.sku")}</th>
                <th scope="col">{t("orders.product")}</th>
                <th scope="col">{t("orders.ordered")}</th>
                <th scope="col">{t("orders.shippedQuantity")}</th>
                <th scope="col">{t("orders.deliveredQuantity")}</th>
                <th scope="col">{t("orders.packagePrice")}</th>
                <th scope="col">{t("orders.lineTotal")}</th>
                <th scope="col">{t("orders.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line) => (
                <tr key={line.line}>
                  <td>{line.line}</td>
                  <td>{line.sku}</td>
                  <td>
                    {line.name}
                    {line.kind === "sample" && ` (${t("orders.sample")})`}
                    {Object.entries(line.options).map(([name, value]) => (
                      <span key={name} className="notice">
                        {" "}
                        · {name}: {value}
                      </span>
                    ))}
                  </td>
                  <td>{t("orders.packages", { count: line.quantity, content: line.packageContent, unit: line.unit.label })}</td>
                  <td>
                    {line.shippedQuantity}
                    {line.shippedAt && <span className="notice"> · {formatTime(line.shippedAt)}</span>}
                  </td>
                  <td>
                    {line.deliveredQuantity}
                    {line.deliveredAt && <span className="notice"> · {formatTime(line.deliveredAt)}</span>}
                  </td>
                  <td>{formatMoneyValue(line.packagePrice)}</td>
                  <td>{formatMoneyValue(line.lineTotal)}</td>
                  <td>
                    {line.cancelledAt ? (
                      <span className="badge order-cancelled">{t("orders.lineCancelled", { at: formatTime(line.cancelledAt) })}</span>
                    ) : askingLine === line.line ? (
                      <Confirm
                        question={t("orders.cancel.confirmLine", { line: line.line, sku: line.sku })}
                        busy={busy}
                        onYes={() => {
                          setAskingLine(null);
                          void send({ kind: "cancel", body: { lines: [line.line] } });
                        }}
                        onNo={() => setAskingLine(null)}
                      />
                    ) : (
                      <button type="button" className="secondary" disabled={busy} onClick={() => setAskingLine(line.line)}>
                        {t("orders.cancelLine")}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>

          <section aria-labelledby="actions-title" data-testid="order-actions" key={formKey}>
            <h2 id="actions-title">{t("orders.actions")}</h2>
            <ShipForm
              carriers={order.carriers}
              busy={busy}
              onShip={(carrier, trackingNumber) => void send({ kind: "ship", body: { carrier, trackingNumber } })}
            />
            <CancelOrder orderNumber={order.orderNumber} busy={busy} onCancel={() => void send({ kind: "cancel", body: {} })} />
            <AddressForm
              address={order.shippingAddress}
              countries={order.deliveryCountries}
              busy={busy}
              onSave={(address) => void send({ kind: "change_address", body: { address } })}
            />
            <NoteForm busy={busy} onAdd={(note) => void send({ kind: "note", body: { note } })} />
            {order.payments.refundable.amount > 0 && (
              <RefundForm
                refundable={order.payments.refundable}
                online={order.payments.online}
                busy={busy}
                onRefund={(amount, reason) => void send({ kind: "refund", body: { amount, reason } })}
              />
            )}
          </section>

          <OrderTotals totals={order.totals} />

          <OrderPayments payments={order.payments} />

          <h2>{t("orders.history")}</h2>
          <table data-testid="order-history">
            <thead>
              <tr>
                <th scope="col">{t("orders.when")}</th>
                <th scope="col">{t("orders.what")}</th>
                <th scope="col">{t("orders.historyLines")}</th>
                <th scope="col">{t("orders.by")}</th>
                <th scope="col">{t("orders.recorded")}</th>
                <th scope="col">{t("orders.eventId")}</th>
              </tr>
            </thead>
            <tbody>
              {order.history.map((entry, index) => (
                <tr key={entry.eventId ?? `placed-${index}`}>
                  <td>{formatTime(entry.at)}</td>
                  <td>{t(`orders.historyType.${entry.type}`)}</td>
                  <td>
                    <HistoryDetails entry={entry} busy={busy} onRetry={(retry) => void send({ kind: "refund", body: { retry } })} />
                  </td>
                  <td>{entry.by ? entry.by.name : entry.eventId ? t("orders.byErp") : "–"}</td>
                  <td>{formatTime(entry.recordedAt)}</td>
                  <td>{entry.eventId ?? "–"}</td>
                </tr>
              ))}
            </tbody>
          </table>

          <h2>{t("orders.confirmationMail")}</h2>
          {mail ? (
            <dl className="facts" data-testid="confirmation-mail">
              <dt>{t("orders.mailStatus")}</dt>
              <dd>
                <span className={`badge mail-${mail.status}`}>{mail.status}</span>{" "}
                <Link to={`${MAIL_PATH}/${mail.key}`}>{t("orders.openMail", { id: mail.id })}</Link>
              </dd>
              <dt>{t("orders.mailRecipient")}</dt>
              <dd>{mail.recipient}</dd>
              <dt>{t("orders.mailCreated")}</dt>
              <dd>{formatTime(mail.createdAt)}</dd>
              <dt>{t("orders.mailSent")}</dt>
              <dd>{formatTime(mail.sentAt)}</dd>
              <dt>{t("orders.mailAttempts")}</dt>
              <dd>
                {mail.attempts}
                {mail.nextAttemptAt && ` · ${t("orders.mailNextAttempt", { at: formatTime(mail.nextAttemptAt) })}`}
              </dd>
              {mail.lastError && (
                <>
                  <dt>{t("orders.mailLastError")}</dt>
                  <dd>{mail.lastError}</dd>
                </>
              )}
            </dl>
          ) : (
            <p className="notice">{t("orders.noMail")}</p>
          )}
        </>
      )}
    </section>
  );
}

/** The order number of a path /orders/<number>, or "" for the list (a path that does not decode shows as "not found" by the API). */
function orderNumberOf(path: string): string {
  if (!path.startsWith(`${ORDERS_PATH}/`)) return "";
  const raw = path.slice(ORDERS_PATH.length + 1);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function Orders() {
  const orderNumber = orderNumberOf(usePath());
  return orderNumber ? <OrderDetail key={orderNumber} orderNumber={orderNumber} /> : <OrderList />;
}
