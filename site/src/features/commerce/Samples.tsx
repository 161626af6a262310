import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { ProductData } from "@site/lib/page-data";
import { PATHS } from "@site/api/client";
import { Alerts, useAlerts } from "./alerts";
import { sampleAddRefusal, sampleCall, useRelated, useSampleCart, useSamplesToday } from "./hooks";
import { openSampleCart } from "./sample-cart-store";
import { SampleItems } from "./SampleItems";
import { timeLeft } from "./time-left";

const SampleCheckoutModal = React.lazy(() => import("./SampleCheckout"));

/**
 * Free sample button of the product page: adds the sample, then opens the sample cart
 * panel (the header's sample cart entry shows it). Its alert says the sample is in the
 * sample cart (not the cart) and opens the sample cart again; a full sample cart says so
 * and opens it too. A product whose samples are no longer offered gives the notice that the sample
 * availability has changed. Failure: 'Es ist ein Fehler aufgetreten'. Shown where the product offers
 * samples (SampleButtonSlot); one element, as a part that loads when idle (lib/lazy.ts).
 */
export function SampleButton({ sku }: { sku: string; product: ProductData; language: string }) {
  const { t } = useTranslation("commerce");
  const [hydrated, setHydrated] = React.useState(false);
  const [pending, setPending] = React.useState(false);
  // The shop no longer sends samples of this product (since the page was built): the button stays off.
  const [withdrawn, setWithdrawn] = React.useState(false);
  const { alerts, show, dismiss } = useAlerts();
  React.useEffect(() => setHydrated(true), []);
  const openCart = { label: t("samples.openSampleCart"), onClick: () => openSampleCart(sku) };
  const add = async () => {
    setPending(true);
    const result = await sampleCall(PATHS.sampleAdd, { sku, quantity: 1, recommendation: false });
    setPending(false);
    if (result.ok) {
      show("success", t("samples.added"), openCart);
      openSampleCart(sku);
      return;
    }
    const refusal = sampleAddRefusal(result.errors);
    if (refusal === "samples.full") show("error", t(refusal), openCart);
    else if (refusal === "samples.availabilityChanged") {
      show("warning", t(refusal));
      setWithdrawn(true);
    } else show("error", t(refusal));
  };
  return (
    <div className="sample-box">
      <button
        type="button"
        className="button secondary"
        disabled={!hydrated || pending || withdrawn}
        onClick={() => void add()}
        data-slot="sample-button"
        data-testid="sample-button"
      >
        {t("samples.button")}
      </button>
      <Alerts alerts={alerts} onDismiss={dismiss} />
    </div>
  );
}

/** The sample cart: items, how many more fit, time left, a suggestion, keep searching, order; after the order its thank-you (`thanks`, the order's code). */
export function SampleCartPanel({
  productSku,
  thanks,
  onThanks,
  onClose,
  onAdd,
}: {
  productSku: string | null;
  thanks: string | null;
  onThanks: (code: string) => void;
  onClose: () => void;
  onAdd: (sku: string) => Promise<void>;
}) {
  const { t } = useTranslation("commerce");
  const { data } = useSampleCart();
  const [checkout, setCheckout] = React.useState(false);
  const [now, setNow] = React.useState(() => Date.now());
  React.useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const cart = data?.cart ?? null;
  const { data: related } = useRelated(productSku ?? cart?.items[0]?.sku ?? null);
  const inCart = new Set(cart?.items.map((item) => item.sku) ?? []);
  const suggestion = related?.find((product) => !inCart.has(product.sku));
  const left = cart ? timeLeft(cart.expirationDate, now) : null;
  // Keyboard: the panel takes the focus before it is painted (a key pressed as soon as it shows reaches it) and closes on Escape.
  const panel = React.useRef<HTMLElement>(null);
  React.useLayoutEffect(() => {
    panel.current?.focus();
  }, []);
  const closeOnEscape = (event: React.KeyboardEvent) => {
    if (event.key === "Escape" && !checkout) onClose();
  };

  return (
    <aside
      ref={panel}
      tabIndex={-1}
      onKeyDown={closeOnEscape}
      className="sample-panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby="sample-panel-title"
      data-testid="sample-panel"
    >
      <div className="sample-panel-head">
        <h2 id="sample-panel-title">{t("samples.panelTitle")}</h2>
        <button type="button" className="icon-button" aria-label={t("alerts.dismiss")} onClick={onClose}>
          ×
        </button>
      </div>
      {thanks ? (
        <div className="sample-thanks" role="status" data-testid="sample-thanks">
          <p>{t("samples.thanks", { code: thanks })}</p>
          <button type="button" className="button" onClick={onClose}>
            {t("samples.close")}
          </button>
        </div>
      ) : cart && cart.itemCount > 0 ? (
        <>
          <SampleItems items={cart.items} />
          <p data-testid="sample-remaining">
            {data!.options.isSampleCartFull ? t("samples.cartFull") : t("samples.remaining", { count: cart.numberOfRemainingSamples })}
          </p>
          {left ? <p className="muted small">{t("samples.timeLeft", { hours: left.hours, minutes: left.minutes })}</p> : null}
          {suggestion && !data!.options.isSampleCartFull ? (
            <p className="sample-suggestion">
              {t("samples.suggestion", { name: suggestion.name })}{" "}
              <button type="button" className="button link" onClick={() => void onAdd(suggestion.sku)}>
                {t("samples.addSuggestion")}
              </button>
            </p>
          ) : null}
          <div className="modal-actions">
            <button type="button" className="button" onClick={() => setCheckout(true)} data-testid="sample-checkout">
              {t("samples.order")}
            </button>
            <button type="button" className="button link" onClick={onClose}>
              {t("samples.keepSearching")}
            </button>
          </div>
        </>
      ) : (
        <p>{t("samples.empty")}</p>
      )}
      {checkout && cart ? (
        <React.Suspense fallback={<p role="status">…</p>}>
          <SampleCheckoutModal
            cart={data!}
            onClose={() => setCheckout(false)}
            onFinished={(code) => {
              setCheckout(false);
              onThanks(code);
            }}
          />
        </React.Suspense>
      ) : null}
    </aside>
  );
}

/**
 * Samples ordered today (home): the live daily counter. A day without samples ordered yet
 * (or a count that is not a whole number) shows the invitation of the fallback instead of
 * "0 Muster bestellt": a zero counter tells the shopper nothing true that is worth reading.
 */
export function SamplesCounter() {
  const { t } = useTranslation("commerce");
  const { data } = useSamplesToday();
  if (data === undefined)
    return (
      <p className="samples-counter" data-slot="samples-counter">
        {t("samples.counterFallback")}
      </p>
    );
  return (
    <p className="samples-counter" data-slot="samples-counter" data-testid="samples-today" data-count={data}>
      {isOrderedToday(data) ? t("samples.counter", { count: data }) : t("samples.counterFallback")}
    </p>
  );
}

/** Whether the daily counter has samples to tell of: a whole number above 0. */
export function isOrderedToday(count: unknown): count is number {
  return typeof count === "number" && Number.isInteger(count) && count > 0;
}
