import React from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { passwordChangeSchema, type PasswordChangeForm } from "@domain/account-forms";
import { ACCOUNT_PATHS } from "./api";
import { AccountLayout, RequireCustomer } from "./AccountNav";
import { useFormTexts } from "./form-texts";
import { saveCustomer } from "./hooks";
import { SettingsSubmit, useSettingsSave } from "./settings-save";
import { TextField } from "./ui";

const FIELDS = ["currentPassword", "password", "confirmationPassword"] as const;

/**
 * The password: changed with the current one, by the password rules; every other browser's
 * session ends (this one goes on) and a notice goes to the address, which the screen says.
 */
export function PasswordChange() {
  return (
    <RequireCustomer>
      {(customer) => (
        <AccountLayout current="password" customer={customer}>
          <PasswordEditor />
        </AccountLayout>
      )}
    </RequireCustomer>
  );
}

const EMPTY: PasswordChangeForm = { currentPassword: "", password: "", confirmationPassword: "" };

function PasswordEditor() {
  const { t } = useTranslation("account");
  const texts = useFormTexts();
  const schema = React.useMemo(() => passwordChangeSchema(texts), [texts]);
  const form = useForm<PasswordChangeForm>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const errors = form.formState.errors;
  const { saved, failure, save } = useSettingsSave<PasswordChangeForm>(FIELDS, form.setError);
  const submit = form.handleSubmit((body) =>
    save(
      () => saveCustomer("POST", ACCOUNT_PATHS.password, body),
      () => form.reset(EMPTY),
    ),
  );
  return (
    <section className="account-form" aria-labelledby="password-title" data-testid="password-change">
      <h1 id="password-title">{t("account.password.title")}</h1>
      <p>{t("account.password.intro")}</p>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          id="password-currentPassword"
          label={t("account.fields.currentPassword")}
          type="password"
          registration={form.register("currentPassword")}
          error={errors.currentPassword?.message}
          autoComplete="current-password"
        />
        <TextField
          id="password-password"
          label={t("account.fields.newPassword")}
          type="password"
          registration={form.register("password")}
          error={errors.password?.message}
          autoComplete="new-password"
          hint={t("account.register.passwordHint")}
        />
        <TextField
          id="password-confirmationPassword"
          label={t("account.fields.confirmationPassword")}
          type="password"
          registration={form.register("confirmationPassword")}
          error={errors.confirmationPassword?.message}
          autoComplete="new-password"
        />
        <SettingsSubmit
          testId="password"
          saved={saved}
          failure={failure}
          savedText={t("account.password.saved")}
          submitText={t("account.password.submit")}
          submitting={form.formState.isSubmitting}
        />
      </form>
    </section>
  );
}
