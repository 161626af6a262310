import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { panelStore } from "@site/lib/panel-store";
import type { Cart, CartItem } from "@site/api/client";

/** What the mini-cart shows of the cart's answer: the added line, the count and the goods value. */
export interface MiniCartView {
  items: Pick<CartItem, "sku" | "name" | "quantity" | "rowTotal">[];
  miniCart: Cart["miniCart"];
  totals: Pick<Cart["totals"], "currency" | "goodsValue">;
}

/** The mini-cart below the header's cart entry, opened by a successful add-to-cart with the SKU it added and the button to give the focus back to. */
export const miniCart = panelStore<{ sku: string; returnFocus: HTMLElement | null }>();

/**
 * The mini-cart (desktop and phones): confirms an add-to-cart with the line as the cart now
 * holds it, the cart's item count and goods value, the way to the cart and back to shopping.
 * A non-modal dialog: it takes the focus when it opens and gives it back to `returnFocus`
 * (the add-to-cart button) when it closes (Escape, "continue shopping", a click outside).
 */
export function MiniCartPanel({ cart, sku, returnFocus, onClose }: { cart: MiniCartView; sku: string; returnFocus: HTMLElement | null; onClose: () => void }) {
  const { t } = useTranslation("commerce");
  const { t: tHeader } = useTranslation();
  const panel = React.useRef<HTMLDivElement>(null);
  const line = [...cart.items].reverse().find((item) => item.sku === sku) ?? null;
  React.useLayoutEffect(() => {
    const element = panel.current;
    element?.focus();
    const outside = (event: PointerEvent) => {
      if (element && event.target instanceof Node && !element.contains(event.target)) onClose();
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [onClose]);
  // Closed from inside (Escape, "continue shopping"): the focus goes back to where the shopper was.
  const closeFromInside = () => {
    onClose();
    returnFocus?.focus();
  };
  return (
    <div
      ref={panel}
      tabIndex={-1}
      className="mini-cart-panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby="mini-cart-title"
      data-testid="mini-cart-panel"
      onKeyDown={(event) => {
        if (event.key === "Escape") closeFromInside();
      }}
    >
      <h2 id="mini-cart-title">{t("cart.miniCart.title")}</h2>
      {line ? (
        <p className="mini-cart-line" data-testid="mini-cart-line">
          <span>{t("cart.miniCart.line", { quantity: line.quantity, name: line.name })}</span>
          <span className="price">{line.rowTotal.formattedWithCurrency}</span>
        </p>
      ) : null}
      <p className="mini-cart-summary" data-testid="mini-cart-summary">
        <span>{tHeader("header.cartCount", { count: cart.miniCart.itemCount })}</span>
        <span className="price">{t("cart.miniCart.total", { total: cart.totals.goodsValue.formattedWithCurrency })}</span>
      </p>
      <div className="modal-actions">
        <a className="button" href={cart.miniCart.linkToCart} rel="nofollow" data-testid="mini-cart-to-cart">
          {t("cart.miniCart.toCart")}
        </a>
        <button type="button" className="button link" onClick={closeFromInside} data-testid="mini-cart-continue">
          {t("cart.miniCart.continue")}
        </button>
      </div>
    </div>
  );
}
