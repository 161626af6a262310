/**
 * The filter row of the console's lists (orders, sample orders, mail, ...): selects, search
 * and date fields kept as a draft and applied together with the button.
 */
import { useState, type FormEvent } from "react";
import type { ShopChoice } from "@domain/back-office/shop-choice";

export interface FilterOption {
  value: string;
  label: string;
}

export type FilterField<F> = { name: keyof F & string; label: string } & (
  | { kind: "select"; options: FilterOption[]; /** The first option's label, for no filter (value ""). */ all?: string }
  | { kind: "search"; maxLength: number; placeholder?: string }
  | { kind: "date" }
);

/** A shop select's options: `DE – Bodenhaus Deutschland`. */
export function shopOptions(shops: readonly ShopChoice[] | undefined): FilterOption[] {
  return (shops ?? []).map((shop) => ({ value: shop.id, label: `${shop.id} – ${shop.name}` }));
}

/** Options of values (states, statuses) labelled in the staff member's language. */
export function labelledOptions<V extends string>(values: readonly V[] | undefined, label: (value: V) => string): FilterOption[] {
  return (values ?? []).map((value) => ({ value, label: label(value) }));
}

export function FilterForm<F extends { [K in keyof F]: string }>({
  label,
  fields,
  filters,
  applyLabel,
  onApply,
}: {
  label: string;
  fields: FilterField<F>[];
  filters: F;
  applyLabel: string;
  onApply: (filters: F) => void;
}) {
  const [draft, setDraft] = useState(filters);
  const set = (name: keyof F) => (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form className="row filters" onSubmit={submit} aria-label={label}>
      {fields.map((field) => (
        <label key={field.name}>
          {field.label}
          {field.kind === "select" ? (
            <select name={field.name} value={draft[field.name]} onChange={set(field.name)}>
              {field.all !== undefined && <option value="">{field.all}</option>}
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          ) : field.kind === "search" ? (
            <input
              type="search"
              name={field.name}
              value={draft[field.name]}
              maxLength={field.maxLength}
              placeholder={field.placeholder}
              onChange={set(field.name)}
            />
          ) : (
            <input type="date" name={field.name} value={draft[field.name]} onChange={set(field.name)} />
          )}
        </label>
      ))}
      <button type="submit">{applyLabel}</button>
    </form>
  );
}
