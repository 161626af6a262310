import React from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { profileSchema, type ProfileForm, type ProfileInput } from "@domain/account-forms";
import { ACCOUNT_PATHS, type Customer } from "./api";
import { AccountLayout, RequireCustomer } from "./AccountNav";
import { useAccountSettings } from "./context";
import { useFormTexts } from "./form-texts";
import { saveCustomer } from "./hooks";
import { SettingsSubmit, useSettingsSave } from "./settings-save";
import { CountryField, TextField } from "./ui";

const FIELDS = ["street", "postcode", "city", "country"] as const;

/**
 * My address: the account's billing and delivery address (street and house number, postcode,
 * city, one of the shop's delivery countries), shown in its form and changed there. An account
 * registered before the street was asked is told to add it.
 */
export function Address() {
  return (
    <RequireCustomer>
      {(customer) => (
        <AccountLayout current="address" customer={customer}>
          <AddressEditor customer={customer} />
        </AccountLayout>
      )}
    </RequireCustomer>
  );
}

function AddressEditor({ customer }: { customer: Customer }) {
  const { t } = useTranslation("account");
  const { countries, language } = useAccountSettings();
  const texts = useFormTexts();
  const schema = React.useMemo(() => profileSchema(texts, countries, customer.type, customer.country), [texts, countries, customer.type, customer.country]);
  const form = useForm<ProfileInput, unknown, ProfileForm>({
    resolver: zodResolver(schema),
    defaultValues: { street: customer.street ?? "", postcode: customer.postcode, city: customer.city, country: customer.country },
  });
  const errors = form.formState.errors;
  const { saved, failure, save } = useSettingsSave<ProfileInput>(FIELDS, form.setError);
  const submit = form.handleSubmit((body) => save(() => saveCustomer("PATCH", ACCOUNT_PATHS.customer, body)));
  return (
    <section className="account-form" aria-labelledby="address-title" data-testid="address">
      <h1 id="address-title">{t("account.address.title")}</h1>
      <p>{t("account.address.intro")}</p>
      {customer.street === null ? (
        <p className="notice" data-testid="address-street-missing">
          {t("account.address.streetMissing")}
        </p>
      ) : null}
      <form noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          id="address-street"
          label={t("account.fields.street")}
          registration={form.register("street")}
          error={errors.street?.message}
          autoComplete="street-address"
        />
        <TextField
          id="address-postcode"
          label={t("account.fields.postcode")}
          registration={form.register("postcode")}
          error={errors.postcode?.message}
          autoComplete="postal-code"
        />
        <TextField
          id="address-city"
          label={t("account.fields.city")}
          registration={form.register("city")}
          error={errors.city?.message}
          autoComplete="address-level2"
        />
        <CountryField
          id="address-country"
          label={t("account.fields.country")}
          countries={countries}
          language={language}
          registration={form.register("country")}
          error={errors.country?.message}
        />
        <SettingsSubmit
          testId="address"
          saved={saved}
          failure={failure}
          savedText={t("account.address.saved")}
          submitText={t("account.save")}
          submitting={form.formState.isSubmitting}
        />
      </form>
    </section>
  );
}
