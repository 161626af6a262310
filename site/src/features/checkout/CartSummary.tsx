import React from "react";
import { Link } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { TFunction } from "i18next";
import type { CheckoutQuote } from "@domain/checkout";
import { formatMoney } from "@domain/money";
import { blockedReasons } from "./cart-texts";

/** The shipping words under the totals: free from, or why it never is here; island and freight notes. */
function shippingNotes(t: TFunction, quote: CheckoutQuote, language: string): { key: string; text: string }[] {
  const shipping = quote.shipping;
  if (!shipping) return [];
  const notes: { key: string; text: string }[] = [];
  notes.push({ key: "group", text: t(`cart.shipping.groups.${shipping.group}`) });
  if (shipping.freeFrom && !shipping.isFree) {
    const missing = shipping.freeFrom.amount - quote.totals.goods.amount;
    notes.push({
      key: "freeFrom",
      text:
        missing > 0
          ? t("cart.shipping.freeFromMissing", {
              value: shipping.freeFrom.formattedWithCurrency,
              country: quote.country.name,
              missing: formatMoney(missing, quote.currency, language),
            })
          : t("cart.shipping.freeFrom", { value: shipping.freeFrom.formattedWithCurrency, country: quote.country.name }),
    });
  }
  if (shipping.noFreeShipping) notes.push({ key: shipping.noFreeShipping, text: t(`cart.shipping.notFree.${shipping.noFreeShipping}`) });
  return notes;
}

/**
 * Shipping for the chosen country and mode, the totals with the tax text in the shop's
 * currency (the voucher applied as a line of its own), what prepayment saves, and the way to the checkout: a link when the quote
 * allows it, else a disabled button with what stands in the way.
 */
export function CartSummary({ quote, language, checkoutHref, busy }: { quote: CheckoutQuote; language: string; checkoutHref: string; busy: boolean }) {
  const { t } = useTranslation("checkout");
  const { totals, shipping } = quote;
  const blocked = quote.canCheckout ? [] : blockedReasons(t, quote, language);
  return (
    <section className="cart-summary" aria-labelledby="cart-summary-title" data-testid="cart-summary">
      <h2 id="cart-summary-title">{t("cart.totals.title")}</h2>
      <dl className="cart-totals">
        <div>
          <dt>{t("cart.totals.goods")}</dt>
          <dd data-testid="total-goods">{totals.goods.formattedWithCurrency}</dd>
        </div>
        <div>
          <dt>{t(quote.mode === "express" ? "cart.totals.shippingExpress" : "cart.totals.shipping")}</dt>
          <dd data-testid="total-shipping">{!shipping ? "–" : shipping.isFree ? t("cart.shipping.free") : shipping.cost.formattedWithCurrency}</dd>
        </div>
        {shipping?.surcharges.map((surcharge) => (
          <div key={surcharge.type} className="cart-surcharge small">
            <dt>{t(`cart.shipping.surcharges.${surcharge.type}`)}</dt>
            <dd>{t("cart.shipping.included", { amount: surcharge.amount.formattedWithCurrency })}</dd>
          </div>
        ))}
        {totals.discount.amount > 0 ? (
          <div>
            <dt>{t("cart.totals.discount")}</dt>
            <dd>−{totals.discount.formattedWithCurrency}</dd>
          </div>
        ) : null}
        {quote.voucher && totals.voucher ? (
          <div className="cart-voucher-line">
            <dt>{t("cart.totals.voucher", { code: quote.voucher.code })}</dt>
            <dd data-testid="total-voucher">−{totals.voucher.formattedWithCurrency}</dd>
          </div>
        ) : null}
        <div className="cart-grand">
          <dt>{t("cart.totals.grand")}</dt>
          <dd data-testid="total-grand">{totals.grand.formattedWithCurrency}</dd>
        </div>
        <div className="cart-tax small">
          <dt>{totals.taxLabel}</dt>
          <dd data-testid="total-tax">{totals.tax.formattedWithCurrency}</dd>
        </div>
      </dl>
      {quote.prepayment.saving.amount > 0 ? (
        <p className="cart-prepayment" data-testid="prepayment-saving">
          {t("cart.totals.prepayment", { amount: quote.prepayment.saving.formattedWithCurrency, percent: quote.prepayment.percent })}
        </p>
      ) : null}
      <ul className="cart-shipping-notes muted small">
        {shippingNotes(t, quote, language).map((note) => (
          <li key={note.key} data-testid={`shipping-${note.key}`}>
            {note.text}
          </li>
        ))}
      </ul>
      {quote.canCheckout ? (
        <Link to={checkoutHref} className="button primary cart-checkout" data-testid="to-checkout" aria-disabled={busy ? true : undefined}>
          {t("cart.checkout")}
        </Link>
      ) : (
        <>
          <button type="button" className="button primary cart-checkout" disabled aria-describedby="cart-blocked" data-testid="to-checkout">
            {t("cart.checkout")}
          </button>
          <ul id="cart-blocked" className="cart-blocked" data-testid="checkout-blocked">
            {blocked.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
