import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { MAX_QUANTITY, MIN_QUANTITY } from "../../../../domain/quantity";

/**
 * Cart quantity counter (SPEC 4): +1, -1 only while above 1, direct entry. Minimum 1,
 * default 1. The input is numeric-only with the key rules of SPEC 5: digits and the
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

export function clampQuantity(value: number): number {
  if (!Number.isFinite(value)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.floor(value)));
}

export function increment(value: number): number {
  return clampQuantity(value + 1);
}

/** -1 only while above 1. */
export function decrement(value: number): number {
  return value > MIN_QUANTITY ? clampQuantity(value - 1) : MIN_QUANTITY;
}

export function QuantityCounter({
  value,
  onChange,
  id = "cart-quantity",
  disabled = false,
}: {
  value: number;
  onChange: (value: number) => void;
  id?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation("commerce");
  const [text, setText] = React.useState(String(value));
  React.useEffect(() => setText(String(value)), [value]);
  const commit = (raw: string) => {
    const next = clampQuantity(Number(raw || MIN_QUANTITY));
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
        disabled={disabled || value <= MIN_QUANTITY}
        onClick={() => onChange(decrement(value))}
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
          if (digits !== "") {
            const next = clampQuantity(Number(digits));
            if (next !== value) onChange(next);
          }
        }}
        onBlur={() => commit(text)}
      />
      <button
        type="button"
        className="icon-button"
        aria-label={t("quantity.increase")}
        disabled={disabled || value >= MAX_QUANTITY}
        onClick={() => onChange(increment(value))}
      >
        +
      </button>
    </div>
  );
}
