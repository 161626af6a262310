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
import { TextField } from "./ui";

const FIELDS = ["firstName", "surname", "phone", "companyName", "vatId"] as const;

/**
 * My data: the customer type and the e-mail address (the sign-in, not changed here) shown; name
 * and phone (a business customer's company and VAT ID too) changed by the shop API's own rules.
 */
export function Profile() {
  return (
    <RequireCustomer>
      {(customer) => (
        <AccountLayout current="profile" customer={customer}>
          <ProfileEditor customer={customer} />
        </AccountLayout>
      )}
    </RequireCustomer>
  );
}

function ProfileEditor({ customer }: { customer: Customer }) {
  const { t } = useTranslation("account");
  const { countries } = useAccountSettings();
  const texts = useFormTexts();
  const business = customer.type === "business";
  const schema = React.useMemo(() => profileSchema(texts, countries, customer.type, customer.country), [texts, countries, customer.type, customer.country]);
  const form = useForm<ProfileInput, unknown, ProfileForm>({
    resolver: zodResolver(schema),
    defaultValues: {
      firstName: customer.firstName,
      surname: customer.surname,
      phone: customer.phone,
      ...(business ? { companyName: customer.companyName ?? "", vatId: customer.vatId ?? "" } : {}),
    },
  });
  const errors = form.formState.errors;
  const { saved, failure, save } = useSettingsSave<ProfileInput>(FIELDS, form.setError);
  const submit = form.handleSubmit((body) => save(() => saveCustomer("PATCH", ACCOUNT_PATHS.customer, body)));
  return (
    <section className="account-form" aria-labelledby="profile-title" data-testid="profile">
      <h1 id="profile-title">{t("account.profile.title")}</h1>
      <dl className="account-facts">
        <dt>{t("account.fields.customerType")}</dt>
        <dd data-testid="profile-type">{t(`account.register.${customer.type}`)}</dd>
        <dt>{t("account.fields.email")}</dt>
        <dd data-testid="profile-email">{customer.email}</dd>
      </dl>
      <p className="muted small">{t("account.profile.emailNote")}</p>
      <form noValidate onSubmit={(event) => void submit(event)}>
        {business ? (
          <>
            <TextField
              id="profile-companyName"
              label={t("account.fields.companyName")}
              registration={form.register("companyName")}
              error={errors.companyName?.message}
              autoComplete="organization"
            />
            <TextField
              id="profile-vatId"
              label={t("account.fields.vatId")}
              registration={form.register("vatId")}
              error={errors.vatId?.message}
              hint={t("account.register.vatIdHint")}
            />
          </>
        ) : null}
        <TextField
          id="profile-firstName"
          label={t("account.fields.firstName")}
          registration={form.register("firstName")}
          error={errors.firstName?.message}
          autoComplete="given-name"
        />
        <TextField
          id="profile-surname"
          label={t("account.fields.surname")}
          registration={form.register("surname")}
          error={errors.surname?.message}
          autoComplete="family-name"
        />
        <TextField
          id="profile-phone"
          label={t("account.fields.phone")}
          type="tel"
          registration={form.register("phone")}
          error={errors.phone?.message}
          autoComplete="tel"
        />
        <SettingsSubmit
          testId="profile"
          saved={saved}
          failure={failure}
          savedText={t("account.profile.saved")}
          submitText={t("account.save")}
          submitting={form.formState.isSubmitting}
        />
      </form>
    </section>
  );
}
