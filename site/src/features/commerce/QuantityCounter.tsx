import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { MAX_QUANTITY, MIN_QUANTITY } from "@domain/quantity";

/**
 * Cart quantity counter: +1, -1 only while above 1, direct entry. Minimum 1,
 * default 1. The input is numeric-only with these key rules: digits and the
 * edit/navigation keys (delete, backspace, tab, escape, enter, decimal keys,
 * copy/cut/select-all shortcuts, arrows); everything else is blocked. The bounds are the
 * shop API's (domain/quantity.ts).
 */

const EDIT_KEYS = new Set([
  "Backspace",
  "Delete",
  "Tab",
  "Escape",
  "Enter",
  "Decimal",
  ".",
  ",",
  "ArrowLeft",
  "ArrowRight",
  "ArrowUp",
  "ArrowDown",
  "Home",
  "End",
]);
const SHORTCUT_KEYS = new Set(["a", "c", "x"]);

export function isAllowedKey(event: { key: string; ctrlKey?: boolean; metaKey?: boolean }): boolean {
  if (/^[0-9]$/.test(event.key)) return true;
  if (EDIT_KEYS.has(event.key)) return true;
  if ((event.ctrlKey || event.metaKey) && SHORTCUT_KEYS.has(event.key.toLowerCase())) return true;
  return false;
}

/** Digits of a typed value ('' while the visitor is still typing). */
export function digitsOnly(text: string): string {
  return text
    .replace(/\D/g, "")
    .replace(/^0+(?=\d)/, "")
    .slice(0, 4);
}

/** A whole quantity within the bounds (the shop API's 1..9999 unless a line has narrower ones, e.g. the cart page's stock and minimum order quantity). */
export function clampQuantity(value: number, min = MIN_QUANTITY, max = MAX_QUANTITY): number {
  if (!Number.isFinite(value)) return min;
  return Math.max(MIN_QUANTITY, Math.min(max, Math.max(min, Math.floor(value))));
}

export function increment(value: number, min = MIN_QUANTITY, max = MAX_QUANTITY): number {
  return clampQuantity(value + 1, min, max);
}

/** -1 only while above the minimum (1 unless the line needs more). */
export function decrement(value: number, min = MIN_QUANTITY, max = MAX_QUANTITY): number {
  return value > min ? clampQuantity(value - 1, min, max) : clampQuantity(min, min, max);
}

export function QuantityCounter({
  value,
  onChange,
  id = "cart-quantity",
  disabled = false,
  min = MIN_QUANTITY,
  max = MAX_QUANTITY,
}: {
  value: number;
  onChange: (value: number) => void;
  id?: string;
  disabled?: boolean;
  /** Narrower bounds than 1..9999 (a cart line: its minimum order quantity in packages, the stock left). */
  min?: number;
  max?: number;
}) {
  const { t } = useTranslation("commerce");
  const [text, setText] = React.useState(String(value));
  React.useEffect(() => setText(String(value)), [value]);
  const commit = (raw: string) => {
    // Leaving the field untouched changes nothing (a line above the stock left keeps its quantity until the visitor changes it).
    if (raw === String(value)) return;
    const next = clampQuantity(Number(raw || min), min, max);
    setText(String(next));
    if (next !== value) onChange(next);
  };
  return (
    <div className="quantity-counter" data-testid="quantity-counter">
      <label htmlFor={id} className="visually-hidden">
        {t("quantity.label")}
      </label>
      <button
        type="button"
        className="icon-button"
        aria-label={t("quantity.decrease")}
        disabled={disabled || value <= min}
        onClick={() => onChange(decrement(value, min, max))}
      >
        −
      </button>
      <input
        id={id}
        className="quantity-input"
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        value={text}
        disabled={disabled}
        onKeyDown={(event) => {
          if (!isAllowedKey(event)) event.preventDefault();
          if (event.key === "Enter") commit(text);
        }}
        onChange={(event) => {
          const digits = digitsOnly(event.target.value);
          setText(digits);
          // While typing, only a quantity within the bounds goes out; anything else is clamped when the entry is done (blur, Enter).
          const typed = Number(digits);
          if (digits !== "" && typed >= min && typed <= max && typed !== value) onChange(typed);
        }}
        onBlur={() => commit(text)}
      />
      <button
        type="button"
        className="icon-button"
        aria-label={t("quantity.increase")}
        disabled={disabled || value >= max}
        onClick={() => onChange(increment(value, min, max))}
      >
        +
      </button>
    </div>
  );
}
