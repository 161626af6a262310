import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { OrderListItem } from "@domain/api/orders";
import { AccountLayout, RequireCustomer } from "./AccountNav";
import { useAccountSettings } from "./context";
import { useCustomerOrders } from "./hooks";
import { codeText, formatDay, Loading } from "./ui";

/** My orders: newest first, each with its number, date, state, total and, when goods are stored, until when. */
export function OrderOverview() {
  return (
    <RequireCustomer>
      {(customer) => (
        <AccountLayout current="orders" customer={customer}>
          {<OrderList />}
        </AccountLayout>
      )}
    </RequireCustomer>
  );
}

/** Pages of 20: the next page starts after the last order shown (the answer's `next`). */
function OrderList() {
  const { t } = useTranslation("account");
  const [cursors, setCursors] = React.useState<(string | null)[]>([null]);
  return (
    <section aria-labelledby="orders-title" data-testid="order-overview">
      <h1 id="orders-title">{t("account.orders.title")}</h1>
      {cursors.map((before, index) => (
        <OrderPage key={before ?? "first"} before={before} last={index === cursors.length - 1} onMore={(next) => setCursors((list) => [...list, next])} />
      ))}
    </section>
  );
}

function OrderPage({ before, last, onMore }: { before: string | null; last: boolean; onMore: (before: string) => void }) {
  const { t } = useTranslation("account");
  const { data, error, mutate } = useCustomerOrders(before);
  if (error)
    return (
      <div className="notice" role="alert">
        <p>{t("account.errors.general")}</p>
        <button type="button" className="button secondary" onClick={() => void mutate()}>
          {t("account.retry")}
        </button>
      </div>
    );
  if (!data) return <Loading />;
  if (data.orders.length === 0 && before === null) return <p data-testid="orders-empty">{t("account.orders.empty")}</p>;
  const next = data.next;
  return (
    <>
      <ul className="order-list">
        {data.orders.map((order) => (
          <OrderRow key={order.number} order={order} />
        ))}
      </ul>
      {last && next ? (
        <button type="button" className="button secondary" onClick={() => onMore(next)}>
          {t("account.orders.more")}
        </button>
      ) : null}
    </>
  );
}

export function OrderRow({ order }: { order: OrderListItem }) {
  const { t } = useTranslation("account");
  const { paths, language } = useAccountSettings();
  return (
    <li className="order-row" data-testid="order-row" data-number={order.number}>
      <a className="order-number" href={paths.order(order.number)}>
        {t("account.orders.number", { number: order.number })}
      </a>
      <span className="order-date">{t("account.orders.placedAt", { date: formatDay(order.placedAt, language) })}</span>
      <span className={`order-state state-${order.state}`} data-testid="order-state">
        {codeText(t, "states", order.state)}
      </span>
      <span className="order-total">{order.grandTotal.formattedWithCurrency}</span>
      <span className="muted small">{t("account.orders.items", { count: order.itemCount })}</span>
      {order.storage ? (
        <span className="badge-storage" data-testid="storage-badge">
          {t("account.orders.stored", { date: formatDay(order.storage.until, language) })} · {codeText(t, "storageStates", order.storage.state)}
        </span>
      ) : null}
    </li>
  );
}
