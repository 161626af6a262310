import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { TFunction } from "i18next";
import type { ProductData } from "@site/lib/page-data";
import type { ApiResult, Cart } from "@site/api/client";
import { Alerts, useAlerts, type AlertType } from "./alerts";
import { addToCart, useCart } from "./hooks";
import { clampQuantity, QuantityCounter } from "./QuantityCounter";
import { miniCart, MiniCartPanel } from "./MiniCartPanel";
import { trackEcommerce } from "@site/lib/tracking/data-layer";
import { cartLineItem, valueEvent } from "@site/lib/tracking/ecommerce";
import { useInterfaceToggle } from "@site/lib/interface-toggle";

/** What add-to-cart needs of a product (the product page passes its ProductData, list cards their card fields). */
export type AddToCartProduct = Pick<ProductData, "isSalable"> & { content: Pick<ProductData["content"], "title"> };

/** Add-to-cart of a list card: through the small cart modal. */
export function ListAddToCart({ sku, title, salable, language }: { sku: string; title: string; salable: boolean; language: string }) {
  const product = React.useMemo(() => ({ isSalable: salable, content: { title } }), [salable, title]);
  return <AddToCart sku={sku} product={product} language={language} mode="modal" />;
}

/** Announces the quantity chosen for a product: `{ sku, quantity }`. */
export const CART_QUANTITY_EVENT = "bh:cart-quantity";

/** Error codes of the cart API the storefront has its own texts for (commerce.json cart.errors). */
export const CART_ERROR_CODES = [
  "out_of_stock",
  "end_of_life",
  "minimum_order_quantity",
  "quantity_unavailable",
  "configuration_unavailable",
  "unknown_product",
] as const;

/** The alert an add-to-cart answer shows: success, the server's reason (translated), or the generic failure. */
export function addToCartAlert(result: ApiResult<Cart>, t: TFunction): { type: AlertType; message: string } {
  if (result.ok) return { type: "success", message: t("cart.added") };
  const reason = result.errors.find((error) => error.code && (CART_ERROR_CODES as readonly string[]).includes(error.code));
  if (reason) return { type: "error", message: t(`cart.errors.${reason.code}`, { ...(reason.params ?? {}) }) };
  return { type: "error", message: t("cart.failed") };
}

/**
 * Add-to-cart: quantity counter and button, inline on the product page or in a
 * small cart modal on list pages. Success: success alert, the button is enabled again,
 * the modal closes; failure: error alert, the modal closes. The header's mini-cart
 * counter reads the same swr cart and updates with the answer.
 */
export function AddToCart({
  sku,
  product,
  quantity,
  mode = "inline",
  beforeAdd,
}: {
  sku: string;
  product: AddToCartProduct;
  language: string;
  quantity?: number;
  mode?: "inline" | "modal";
  /** Asked at the click before anything is sent: false when the page knows the cart would refuse the add (it says why itself). */
  beforeAdd?: () => boolean;
}) {
  const { t } = useTranslation("commerce");
  const [value, setValue] = React.useState(clampQuantity(quantity ?? 1));
  const [pending, setPending] = React.useState(false);
  const [modalOpen, setModalOpen] = React.useState(false);
  const [hydrated, setHydrated] = React.useState(false);
  const { alerts, show, dismiss } = useAlerts();
  // The button the mini-cart gives the focus back to: add-to-cart, or on a list card the one that opened the cart modal.
  const opener = React.useRef<HTMLButtonElement>(null);
  useInterfaceToggle("cartModal", modalOpen, { locksScroll: true });
  React.useEffect(() => setHydrated(true), []);
  React.useEffect(() => {
    if (quantity !== undefined && quantity >= 1) setValue(clampQuantity(quantity));
  }, [quantity]);

  // The delivery box of the same product follows the chosen quantity.
  React.useEffect(() => {
    window.dispatchEvent(new CustomEvent(CART_QUANTITY_EVENT, { detail: { sku, quantity: value } }));
  }, [sku, value]);

  const submit = async () => {
    if (beforeAdd && !beforeAdd()) {
      setModalOpen(false);
      return;
    }
    setPending(true);
    const result = await addToCart(sku, value);
    const alert = addToCartAlert(result, t);
    // Tag manager: GA4 add_to_cart with the line's price as the cart now states it.
    if (result.ok && result.data) trackEcommerce(valueEvent("add_to_cart", result.data.totals.currency, [cartLineItem(result.data.items, sku, value)]));
    show(alert.type, alert.message);
    setPending(false);
    setModalOpen(false);
    // The header's mini-cart confirms it with the line as the cart now holds it.
    if (result.ok && result.data) miniCart.open({ sku, returnFocus: opener.current });
  };
  const disabled = !hydrated || pending || !product.isSalable;
  const button = (
    <button
      ref={mode === "inline" ? opener : undefined}
      type="button"
      className="button add-to-cart"
      disabled={disabled}
      onClick={() => void submit()}
      data-testid="add-to-cart"
    >
      {pending ? t("cart.adding") : t("cart.add")}
    </button>
  );

  return (
    <div className="add-to-cart-box" data-sku={sku}>
      {mode === "inline" ? (
        <div className="add-to-cart-row">
          <QuantityCounter value={value} onChange={setValue} disabled={!product.isSalable} id={`quantity-${sku}`} />
          {button}
        </div>
      ) : (
        <button
          ref={opener}
          type="button"
          className="button add-to-cart"
          disabled={!hydrated || !product.isSalable}
          onClick={() => setModalOpen(true)}
          data-testid="open-cart-modal"
        >
          {t("cart.add")}
        </button>
      )}
      {modalOpen ? (
        <div className="commerce-modal-backdrop">
          <div className="modal commerce-modal" role="dialog" aria-modal="true" aria-labelledby={`cart-modal-${sku}`} data-testid="cart-modal">
            <h2 id={`cart-modal-${sku}`}>{t("cart.modalTitle")}</h2>
            <p>{product.content.title}</p>
            <QuantityCounter value={value} onChange={setValue} id={`modal-quantity-${sku}`} />
            <div className="modal-actions">
              {button}
              <button type="button" className="button link" onClick={() => setModalOpen(false)}>
                {t("cart.cancel")}
              </button>
            </div>
          </div>
        </div>
      ) : null}
      <Alerts alerts={alerts} onDismiss={dismiss} />
    </div>
  );
}

/**
 * Mini-cart counter in the header: the live item count of the cart, linking to the cart page
 * (`href` until the cart answers with its link); below it the mini-cart after an add-to-cart.
 */
export function MiniCartCounter({ href = "/checkout/cart/" }: { href?: string }) {
  const { t } = useTranslation();
  const { data } = useCart();
  const added = miniCart.usePanel();
  const count = data?.miniCart.itemCount ?? 0;
  // Leaving the page (a client-side navigation unmounts the header) closes the mini-cart.
  React.useEffect(() => () => miniCart.close(), []);
  return (
    <div className="mini-cart">
      <a className="header-counter" href={data?.miniCart.linkToCart ?? href} data-slot="mini-cart" rel="nofollow">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM5.2 4l.4 2H21l-2 8H7.4l-.3-1.5L4.4 2H1v2h4.2Z" fill="currentColor" />
        </svg>
        <span className="counter-label">{t("header.cart")}</span>
        <span className="badge" aria-hidden="true" data-testid="mini-cart-count">
          {count}
        </span>
        <span className="visually-hidden">{t("header.cartCount", { count })}</span>
      </a>
      {added && data ? <MiniCartPanel cart={data} sku={added.sku} returnFocus={added.returnFocus} onClose={miniCart.close} /> : null}
    </div>
  );
}
