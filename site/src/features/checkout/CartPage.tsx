/**
 * The cart page (/checkout/cart/, /{lang}/checkout/cart/ on CH): the lines and
 * samples of the visitor's cart, the delivery country, postcode and mode, shipping and
 * totals from the checkout quote, the voucher field (VoucherField.tsx), and the way to the
 * checkout. Everything comes from the
 * live API (useQuote.ts); the static page holds only the frame. The chosen mode and date
 * are kept for the checkout page (delivery-choice.ts).
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { DeliveryModeCode, QuoteLine, QuoteSample } from "@domain/checkout";
import { checkoutPath, homePath, type ShopRouting } from "@domain/routes";
import { Alerts, useAlerts } from "../commerce/alerts";
import { CartLine, SampleLines } from "./CartLines";
import { CartSummary } from "./CartSummary";
import { DeliveryOptions } from "./DeliveryOptions";
import { EmptyCart } from "./EmptyCart";
import { VoucherField, type VoucherActions } from "./VoucherField";
import { changeErrorText } from "./cart-texts";
import { DEFAULT_DELIVERY_CHOICE, readDeliveryChoice, saveDeliveryChoice, type DeliveryChoice } from "./delivery-choice";
import { applyVoucher, changeDeliveryCountry, changeLineQuantity, removeLine, removeVoucher, useQuote, type QuoteRequest } from "./useQuote";
import "./checkout.css";
import { trackEcommerce } from "@site/lib/tracking/data-layer";
import { quoteItems, valueEvent } from "@site/lib/tracking/ecommerce";

export function CartPage({ shop, language, worlds }: { shop: ShopRouting; language: string; worlds: { name: string; path: string }[] }) {
  const { t } = useTranslation("checkout");
  const [choice, setChoice] = React.useState<DeliveryChoice>(DEFAULT_DELIVERY_CHOICE);
  const [postcode, setPostcode] = React.useState("");
  const [busy, setBusy] = React.useState(false);
  const { alerts, show, dismiss } = useAlerts();
  // The choice kept in this tab (after hydration: the static page knows no sessionStorage).
  React.useEffect(() => setChoice(readDeliveryChoice()), []);
  const request: QuoteRequest = { mode: choice.mode, desiredDate: choice.desiredDate, postcode };
  const { data: quote, error, isLoading, mutate } = useQuote(request);
  // The voucher calls answer the quote of this very request.
  const requestRef = React.useRef(request);
  requestRef.current = request;
  const voucherActions = React.useMemo<VoucherActions>(
    () => ({ apply: (code) => applyVoucher(code, requestRef.current), remove: () => removeVoucher(requestRef.current) }),
    [],
  );

  const choose = React.useCallback((next: DeliveryChoice) => setChoice(saveDeliveryChoice(next)), []);
  // A kept mode the cart can no longer have (express after adding a bulky item): the quote priced standard, so does the page.
  React.useEffect(() => {
    if (quote && quote.lines.length > 0 && quote.mode !== choice.mode && !quote.modes.find((mode) => mode.mode === choice.mode)?.available)
      choose(DEFAULT_DELIVERY_CHOICE);
  }, [quote, choice.mode, choose]);

  const onQuantity = React.useCallback(
    async (line: QuoteLine, quantity: number) => {
      const result = await changeLineQuantity(line.itemId, quantity);
      if (!result.ok) show("error", changeErrorText(t, result));
      return result.ok;
    },
    [show, t],
  );
  const onRemove = React.useCallback(
    async (line: QuoteLine | QuoteSample) => {
      setBusy(true);
      const result = await removeLine(line.itemId);
      setBusy(false);
      // Tag manager: GA4 remove_from_cart of a product line (samples have no price).
      if (result.ok && "packagePrice" in line) trackEcommerce(valueEvent("remove_from_cart", line.packagePrice.currency, quoteItems([line])));
      show(result.ok ? "success" : "error", result.ok ? t("cart.removed", { name: line.name }) : changeErrorText(t, result));
    },
    [show, t],
  );
  const onCountry = React.useCallback(
    async (code: string) => {
      setBusy(true);
      const ok = await changeDeliveryCountry(code);
      setBusy(false);
      if (!ok) show("error", t("cart.changeFailed"));
    },
    [show, t],
  );
  // The header's delivery-country chooser sends the update itself and fetches every quote again (commerce/hooks.ts changeShippingCountry).

  return (
    <div className="cart-page" data-testid="cart-page" aria-busy={isLoading || busy}>
      <h1>{t("cart.title")}</h1>
      {!quote && error ? (
        <div className="cart-failed" role="alert">
          <p>{t("cart.loadFailed")}</p>
          <button type="button" className="button secondary" onClick={() => void mutate()}>
            {t("cart.retry")}
          </button>
        </div>
      ) : !quote ? (
        <p className="cart-loading" data-testid="cart-loading">
          {t("cart.loading")}
        </p>
      ) : quote.lines.length === 0 && quote.samples.length === 0 ? (
        <EmptyCart homeHref={homePath(shop, language)} worlds={worlds} />
      ) : (
        <div className="cart-layout">
          <div className="cart-main">
            {quote.lines.length > 0 ? (
              <section aria-labelledby="cart-lines-title">
                <h2 id="cart-lines-title" className="visually-hidden">
                  {t("cart.lines")}
                </h2>
                <ul className="cart-lines" data-testid="cart-lines">
                  {quote.lines.map((line) => (
                    <CartLine key={line.itemId} line={line} language={language} busy={busy} onQuantity={onQuantity} onRemove={onRemove} />
                  ))}
                </ul>
              </section>
            ) : null}
            <SampleLines samples={quote.samples} busy={busy} onRemove={onRemove} />
            {quote.lines.length > 0 ? (
              <DeliveryOptions
                quote={quote}
                language={language}
                chosen={choice.mode}
                desiredDate={choice.desiredDate}
                postcode={postcode}
                busy={busy}
                onCountry={(code) => void onCountry(code)}
                onPostcode={setPostcode}
                onMode={(mode: DeliveryModeCode) => choose({ mode, desiredDate: mode === "requested_date" ? choice.desiredDate : null })}
                onDesiredDate={(desiredDate) => choose({ mode: "requested_date", desiredDate })}
              />
            ) : null}
          </div>
          <aside className="cart-aside">
            {quote.lines.length > 0 || quote.voucher || quote.notices.length > 0 ? (
              <VoucherField quote={quote} language={language} busy={busy} actions={voucherActions} />
            ) : null}
            <CartSummary quote={quote} language={language} checkoutHref={checkoutPath(shop, language)} busy={busy} />
          </aside>
        </div>
      )}
      <Alerts alerts={alerts} onDismiss={dismiss} />
    </div>
  );
}
