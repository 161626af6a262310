/**
 * One address of the checkout: first and last name, company, VAT ID
 * (for business customers, and whenever a company is entered), street and house number
 * with address suggestions where the shop has them, postcode, city and the country among
 * the shop's delivery countries. Field names are the order body's (`billingAddress.city`),
 * so the shared schema's and the shop API's errors land at their field.
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { UseFormReturn } from "react-hook-form";
import type { OrderForm } from "@domain/checkout-form";
import { AddressSuggest } from "./AddressSuggest";
import type { AddressKey, AddressValues, CheckoutFormValues } from "./order-body";

type Field = keyof AddressValues;

const TEXT_FIELDS: [Field, string][] = [
  ["firstname", "given-name"],
  ["lastname", "family-name"],
  ["companyName", "organization"],
];
const PLACE_FIELDS: [Field, string][] = [
  ["postcode", "postal-code"],
  ["city", "address-level2"],
];

export function AddressFields({
  prefix,
  form,
  countries,
  business,
  lookup,
}: {
  prefix: AddressKey;
  form: UseFormReturn<CheckoutFormValues, unknown, OrderForm>;
  countries: { code: string; name: string }[];
  /** A business customer: the VAT ID shows even before a company is entered. */
  business: boolean;
  lookup: boolean;
}) {
  const { t } = useTranslation("checkout");
  const errors = form.formState.errors[prefix];
  const company = form.watch(`${prefix}.companyName`);
  const country = form.watch(`${prefix}.countryCode`);
  const section = prefix === "billingAddress" ? "billing" : "shipping";
  const autoCompleteSection = `section-${section} ${prefix === "billingAddress" ? "billing" : "shipping"}`;
  const id = (field: Field) => `checkout-${section}-${field}`;
  const error = (field: Field) => errors?.[field]?.message;
  const described = (field: Field) => (error(field) ? `${id(field)}-error` : undefined);
  const fieldError = (field: Field) =>
    error(field) ? (
      <span className="field-error" id={`${id(field)}-error`} role="alert">
        {error(field)}
      </span>
    ) : null;
  const textField = ([field, autoComplete]: [Field, string]) => (
    <div key={field} className={`form-row field-${field}`}>
      <label htmlFor={id(field)}>{t(`checkout.address.${field}`)}</label>
      <input
        id={id(field)}
        type="text"
        autoComplete={`${autoCompleteSection} ${autoComplete}`}
        aria-invalid={!!error(field)}
        aria-describedby={described(field)}
        {...form.register(`${prefix}.${field}`)}
      />
      {fieldError(field)}
    </div>
  );
  const showVatId = business || company.trim() !== "" || form.getValues(`${prefix}.vatId`).trim() !== "";

  return (
    <div className="address-fields" data-testid={`address-${section}`}>
      {TEXT_FIELDS.map(textField)}
      {showVatId ? (
        <div className="form-row field-vatId">
          <label htmlFor={id("vatId")}>{t("checkout.address.vatId")}</label>
          <input
            id={id("vatId")}
            type="text"
            autoCapitalize="characters"
            aria-invalid={!!error("vatId")}
            aria-describedby={[`${id("vatId")}-hint`, described("vatId")].filter(Boolean).join(" ")}
            {...form.register(`${prefix}.vatId`)}
          />
          <span className="muted small" id={`${id("vatId")}-hint`}>
            {t("checkout.address.vatIdHint")}
          </span>
          {fieldError("vatId")}
        </div>
      ) : null}
      <div className="form-row field-street">
        <label htmlFor={id("street")}>{t("checkout.address.street")}</label>
        <AddressSuggest
          id={id("street")}
          enabled={lookup}
          country={country}
          input={form.register(`${prefix}.street`)}
          autoComplete={`${autoCompleteSection} street-address`}
          invalid={!!error("street")}
          describedBy={described("street")}
          onSelect={(found) => {
            const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
            form.setValue(`${prefix}.street`, found.street, options);
            form.setValue(`${prefix}.postcode`, found.postcode, options);
            form.setValue(`${prefix}.city`, found.city, options);
            if (countries.some((option) => option.code === found.countryCode)) form.setValue(`${prefix}.countryCode`, found.countryCode, options);
          }}
        />
        {fieldError("street")}
      </div>
      {PLACE_FIELDS.map(textField)}
      <div className="form-row field-countryCode">
        <label htmlFor={id("countryCode")}>{t("checkout.address.countryCode")}</label>
        <select
          id={id("countryCode")}
          autoComplete={`${autoCompleteSection} country`}
          aria-invalid={!!error("countryCode")}
          aria-describedby={described("countryCode")}
          {...form.register(`${prefix}.countryCode`)}
        >
          {countries.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
        {fieldError("countryCode")}
      </div>
    </div>
  );
}
