/**
 * A street-and-house-number input that offers address suggestions while the visitor types
 * (the WAI-ARIA combobox pattern: arrows, Enter, Escape), where the shop has an address
 * lookup (`enabled`, from /apiv2/environment). Choosing an address fills the rest of the
 * address through `onSelect`; choosing a street or building lists the addresses in it.
 * Without a lookup, or when a call fails, it is a plain input: the form works the same.
 * Used by the checkout's address fields and the sample order's address form.
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { UseFormRegisterReturn } from "react-hook-form";
import type { AddressFindAnswer, AddressRetrieveAnswer } from "@domain/api/address";
import type { AddressSuggestion, FoundAddress } from "@domain/address-lookup";
import { apiCall } from "@site/api/client";
import { ADDRESS_PATHS, FIND_DELAY_MS, findText, moveActive } from "./address-suggest";
import "./address-suggest.css";

export interface AddressSuggestProps {
  id: string;
  enabled: boolean;
  /** The form's country (lower-case code): suggestions are found there. */
  country: string;
  input: UseFormRegisterReturn;
  autoComplete?: string;
  invalid?: boolean;
  describedBy?: string;
  onSelect(address: FoundAddress): void;
}

export function AddressSuggest({ id, enabled, country, input, autoComplete, invalid, describedBy, onSelect }: AddressSuggestProps) {
  const { t } = useTranslation("checkout");
  const [typed, setTyped] = React.useState<{ text: string; container?: string } | null>(null);
  const [suggestions, setSuggestions] = React.useState<AddressSuggestion[]>([]);
  const [active, setActive] = React.useState(-1);
  const [open, setOpen] = React.useState(false);
  const request = React.useRef(0);
  const listId = `${id}-suggestions`;

  React.useEffect(() => {
    const text = typed ? findText(typed.text, country) : null;
    if (!enabled || !typed || text === null) {
      setSuggestions([]);
      setOpen(false);
      return undefined;
    }
    const number = (request.current += 1);
    const timer = setTimeout(
      () => {
        void apiCall<AddressFindAnswer>("GET", ADDRESS_PATHS.find(text, country, typed.container)).then((result) => {
          if (number !== request.current) return;
          const found = result.ok ? (result.data?.suggestions ?? []) : [];
          setSuggestions(found);
          setActive(-1);
          setOpen(found.length > 0);
        });
      },
      typed.container ? 0 : FIND_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [enabled, typed, country]);

  const choose = async (suggestion: AddressSuggestion) => {
    if (suggestion.isContainer) {
      setTyped((current) => ({ text: current?.text ?? suggestion.text, container: suggestion.id }));
      return;
    }
    request.current += 1;
    setOpen(false);
    setSuggestions([]);
    setTyped(null);
    const result = await apiCall<AddressRetrieveAnswer>("GET", ADDRESS_PATHS.retrieve(suggestion.id));
    if (result.ok && result.data) onSelect(result.data.address);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (!open) return;
    if (["ArrowDown", "ArrowUp", "Home", "End"].includes(event.key)) {
      event.preventDefault();
      setActive((index) => moveActive(index, event.key, suggestions.length));
    } else if (event.key === "Enter" && active >= 0 && suggestions[active]) {
      event.preventDefault();
      void choose(suggestions[active]!);
    } else if (event.key === "Escape") {
      event.preventDefault();
      setOpen(false);
    }
  };

  if (!enabled) return <input id={id} type="text" autoComplete={autoComplete} aria-invalid={invalid} aria-describedby={describedBy} {...input} />;

  return (
    <div className="address-suggest">
      <input
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete={autoComplete}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        {...input}
        onChange={(event) => {
          void input.onChange(event);
          setTyped({ text: event.target.value });
        }}
        onBlur={(event) => {
          setOpen(false);
          void input.onBlur(event);
        }}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t("checkout.suggestions.label")}
        className="address-suggestions"
        hidden={!open}
        data-testid="address-suggestions"
      >
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? "active" : undefined}
            // mousedown, not click: the input keeps its focus and does not close the list first
            onMouseDown={(event) => {
              event.preventDefault();
              void choose(suggestion);
            }}
          >
            <span className="suggestion-text">{suggestion.text}</span> <span className="suggestion-description muted small">{suggestion.description}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
