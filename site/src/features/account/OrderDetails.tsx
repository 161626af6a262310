import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { countryName } from "@domain/countries";
import type { CustomerOrderView, OrderAddress } from "@domain/api/orders";
import { apiUrl } from "../../api/client";
import { AccountLayout, RequireCustomer } from "./AccountNav";
import { useAccountSettings } from "./context";
import { useCustomerOrder } from "./hooks";
import { safeReturnPath } from "./return-path";
import { StorageBox } from "./StorageBox";
import { codeText, formatDay, Loading } from "./ui";

/** The order number of the address (`?number=DE-100001`), or null for anything that is not one. */
export function orderNumberFrom(search: string): string | null {
  const number = new URLSearchParams(search).get("number");
  return number && /^[A-Z]{2,5}-[0-9]{1,12}$/.test(number) ? number : null;
}

/**
 * Order details: lines with shipped and delivered quantities, states, addresses, delivery,
 * payment, totals, the storage box, and the way to start a return while the order is
 * returnable (the returns page).
 */
export function OrderDetails() {
  const [number, setNumber] = React.useState<string | null | undefined>(undefined);
  React.useEffect(() => setNumber(orderNumberFrom(window.location.search)), []);
  return (
    <RequireCustomer>
      {(customer) => (
        <AccountLayout current="orders" customer={customer}>
          {number === undefined ? <Loading /> : <OrderView number={number} />}
        </AccountLayout>
      )}
    </RequireCustomer>
  );
}

function OrderView({ number }: { number: string | null }) {
  const { t } = useTranslation("account");
  const { paths } = useAccountSettings();
  const { data, error, mutate } = useCustomerOrder(number);
  const status = (error as { status?: number } | undefined)?.status;
  if (!number || status === 404)
    return (
      <div data-testid="order-not-found">
        <h1>{t("account.order.notFoundTitle")}</h1>
        <p>{t("account.order.notFound")}</p>
        <a href={paths.orders}>{t("account.order.back")}</a>
      </div>
    );
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
  return <OrderBody order={data.order} onChange={(order) => void mutate({ order }, { revalidate: false })} />;
}

export function OrderBody({ order, onChange }: { order: CustomerOrderView; onChange: (order: CustomerOrderView) => void }) {
  const { t } = useTranslation("account");
  const { paths, language } = useAccountSettings();
  return (
    <article className="order-details" data-testid="order-details" data-number={order.orderNumber}>
      <p>
        <a href={paths.orders}>{t("account.order.back")}</a>
      </p>
      <h1>{t("account.order.title", { number: order.orderNumber })}</h1>
      <p>
        {t("account.orders.placedAt", { date: formatDay(order.placedAt, language) })} ·{" "}
        <span className={`order-state state-${order.state}`} data-testid="order-state">
          {codeText(t, "states", order.state)}
        </span>
      </p>
      <StateHistory order={order} />

      <h2>{t("account.order.lines")}</h2>
      <div className="table-scroll">
        <table className="order-lines">
          <thead>
            <tr>
              <th scope="col">{t("account.order.product")}</th>
              <th scope="col">{t("account.order.quantity")}</th>
              <th scope="col">{t("account.order.shipped")}</th>
              <th scope="col">{t("account.order.delivered")}</th>
              <th scope="col">{t("account.order.packagePrice")}</th>
              <th scope="col">{t("account.order.lineTotal")}</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.line} data-testid="order-line" data-sku={line.sku}>
                <td>
                  {line.name}
                  <br />
                  <span className="muted small">{t("account.order.sku", { sku: line.sku })}</span>
                </td>
                <td>{t("account.order.packages", { count: line.quantity })}</td>
                <td>
                  {line.shippedQuantity}
                  {line.shippedAt ? <span className="muted small"> ({formatDay(line.shippedAt, language)})</span> : null}
                </td>
                <td>
                  {line.deliveredQuantity}
                  {line.deliveredAt ? <span className="muted small"> ({formatDay(line.deliveredAt, language)})</span> : null}
                </td>
                <td>{line.packagePrice.formattedWithCurrency}</td>
                <td>{line.lineTotal.formattedWithCurrency}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <dl className="order-totals">
        <dt>{t("account.order.goods")}</dt>
        <dd>{order.totals.goods.formattedWithCurrency}</dd>
        {order.totals.prepaymentDiscount.amount > 0 ? (
          <>
            <dt>{t("account.order.discount")}</dt>
            <dd>-{order.totals.prepaymentDiscount.formattedWithCurrency}</dd>
          </>
        ) : null}
        {order.totals.voucher ? (
          <>
            <dt>{t("account.order.voucher", { code: order.totals.voucher.code })}</dt>
            <dd data-testid="order-voucher">-{order.totals.voucher.amount.formattedWithCurrency}</dd>
          </>
        ) : null}
        <dt>{t("account.order.shipping")}</dt>
        <dd>{order.totals.shipping.formattedWithCurrency}</dd>
        <dt>{t("account.order.total")}</dt>
        <dd className="strong">{order.totals.grandTotal.formattedWithCurrency}</dd>
        <dt className="muted small">{order.totals.tax.label}</dt>
        <dd className="muted small">{order.totals.tax.amount.formattedWithCurrency}</dd>
      </dl>

      <div className="order-facts">
        <section>
          <h2>{t("account.order.billingAddress")}</h2>
          <Address address={order.billingAddress} />
        </section>
        <section>
          <h2>{t("account.order.shippingAddress")}</h2>
          {order.shippingAddress ? <Address address={order.shippingAddress} /> : <p>{t("account.order.sameAddress")}</p>}
        </section>
        <section>
          <h2>{t("account.order.delivery")}</h2>
          <p data-testid="order-delivery-mode">{codeText(t, "modes", order.deliveryMode)}</p>
          {order.desiredDate ? <p>{t("account.order.desiredDate", { date: formatDay(order.desiredDate, language) })}</p> : null}
        </section>
        <section>
          <h2>{t("account.order.payment")}</h2>
          <p>{codeText(t, "payments", order.paymentMethod)}</p>
        </section>
      </div>

      <OrderDocuments order={order} />

      {order.storage ? <StorageBox order={order} onChange={onChange} /> : null}
      {order.returnable || order.state !== "cancelled" ? (
        <p className="order-return">
          {order.returnable ? (
            <a className="button secondary" href={safeReturnPath(order.returnsLink) ?? paths.startReturn(order.orderNumber)} data-testid="start-return">
              {t("account.order.startReturn")}
            </a>
          ) : null}{" "}
          {order.state !== "cancelled" ? (
            <a className="button link" href={paths.withdraw(order.orderNumber)} data-testid="withdraw-link">
              {t("account.order.withdraw")}
            </a>
          ) : null}
        </p>
      ) : null}
    </article>
  );
}

/** The order's invoice and credit notes: the PDF, and a business customer's XRechnung. */
function OrderDocuments({ order }: { order: CustomerOrderView }) {
  const { t } = useTranslation("account");
  const { language } = useAccountSettings();
  if (order.documents.length === 0) return null;
  return (
    <section className="order-documents" data-testid="order-documents">
      <h2>{t("account.order.documents")}</h2>
      <ul>
        {order.documents.map((document) => (
          <li key={document.number} data-testid="order-document" data-number={document.number}>
            <a href={apiUrl(document.pdfUrl)} download={`${document.number}.pdf`} data-testid="order-document-pdf">
              {t("account.order.documentPdf", { kind: t(`account.order.documentKinds.${document.kind}`), number: document.number })}
            </a>{" "}
            <span className="muted small">
              {t("account.order.documentIssued", { date: formatDay(document.issuedAt, language), total: document.grossTotal.formattedWithCurrency })}
            </span>
            {document.xrechnungUrl ? (
              <>
                {" · "}
                <a href={apiUrl(document.xrechnungUrl)} download={`${document.number}.xml`} data-testid="order-document-xrechnung">
                  {t("account.order.documentXRechnung")}
                </a>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function StateHistory({ order }: { order: CustomerOrderView }) {
  const { t } = useTranslation("account");
  const { language } = useAccountSettings();
  const entries = order.history;
  if (entries.length === 0) return null;
  return (
    <ol className="state-history" aria-label={t("account.order.history")}>
      {entries.map((entry) => (
        <li key={`${entry.state}-${entry.at}`}>
          {codeText(t, "states", entry.state)}: {formatDay(entry.at, language)}
        </li>
      ))}
    </ol>
  );
}

function Address({ address }: { address: OrderAddress | null }) {
  const { language } = useAccountSettings();
  if (!address) return null;
  const lines = [
    address.companyName,
    [address.firstname, address.lastname].filter(Boolean).join(" "),
    address.street,
    [address.postcode, address.city].filter(Boolean).join(" "),
    address.countryCode ? countryName(address.countryCode, language) : null,
    address.vatId,
  ].filter((line): line is string => Boolean(line));
  return (
    <address>
      {lines.map((line, index) => (
        <React.Fragment key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </React.Fragment>
      ))}
    </address>
  );
}
