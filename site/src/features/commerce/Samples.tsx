import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { ProductData } from "../../lib/page-data";
import { PATHS } from "./api";
import { Alerts, useAlerts } from "./alerts";
import { sampleCall, useRelated, useSampleCart, useSamplesToday } from "./hooks";
import { timeLeft } from "./time-left";
import { useVisibilityTracking } from "../../lib/tracking/use-track";

const SampleCheckoutModal = React.lazy(() => import("./SampleCheckout"));

/**
 * Free sample button of the product page: adds the sample, then opens the sample cart
 * panel. Success 'Artikel wurde zum Warenkorb hinzugefügt', failure 'Es ist ein Fehler
 * aufgetreten' (SPEC 8).
 */
export function SampleButton({ sku, product }: { sku: string; product: ProductData; language: string }) {
  const { t } = useTranslation("commerce");
  const [hydrated, setHydrated] = React.useState(false);
  const [pending, setPending] = React.useState(false);
  const [panelOpen, setPanelOpen] = React.useState(false);
  // The sample order's code once it is placed; its thank-you shows in the panel until the panel closes.
  const [thanks, setThanks] = React.useState<string | null>(null);
  useVisibilityTracking("sampleThankYou", panelOpen && thanks !== null);
  useVisibilityTracking("sampleCart", panelOpen);
  const { alerts, show, dismiss } = useAlerts();
  React.useEffect(() => setHydrated(true), []);
  if (!product.samples.active) return null;
  const add = async (addSku: string) => {
    setPending(true);
    const result = await sampleCall(PATHS.sampleAdd, { sku: addSku, quantity: 1, recommendation: addSku !== sku });
    setPending(false);
    if (result.ok) {
      show("success", t("samples.added"));
      setPanelOpen(true);
    } else show("error", result.errors.some((e) => e.code === "sample_cart_full") ? t("samples.full") : t("samples.failed"));
  };
  return (
    <>
      <button
        type="button"
        className="button secondary"
        disabled={!hydrated || pending}
        onClick={() => void add(sku)}
        data-slot="sample-button"
        data-testid="sample-button"
      >
        {t("samples.button")}
      </button>
      <Alerts alerts={alerts} onDismiss={dismiss} />
      {panelOpen ? (
        <SampleCartPanel
          productSku={sku}
          thanks={thanks}
          onThanks={setThanks}
          onClose={() => {
            setPanelOpen(false);
            setThanks(null);
          }}
          onAdd={add}
        />
      ) : null}
    </>
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
  productSku: string;
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
  const { data: related } = useRelated(productSku);
  const cart = data?.cart ?? null;
  const inCart = new Set(cart?.items.map((item) => item.sku) ?? []);
  const suggestion = related?.find((product) => !inCart.has(product.sku));
  const left = cart ? timeLeft(cart.expirationDate, now) : null;

  return (
    <aside className="sample-panel" role="dialog" aria-modal="false" aria-labelledby="sample-panel-title" data-testid="sample-panel">
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
          <ul className="sample-items">
            {cart.items.map((item) => (
              <li key={item.sku}>{item.name}</li>
            ))}
          </ul>
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

/** Samples ordered today (home): the live daily counter. */
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
      {t("samples.counter", { count: data })}
    </p>
  );
}
