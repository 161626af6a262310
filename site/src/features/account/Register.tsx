import React from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { registerSchema, type RegisterForm, type RegisterInput } from "@domain/account-forms";
import { CAPTCHA_HEADER, captchaToken, shopCaptcha } from "@site/lib/captcha";
import type { AccountMailSent } from "@domain/api/account";
import { ACCOUNT_PATHS, accountCall } from "./api";
import { useAccountSettings } from "./context";
import { applyServerErrors, useFormTexts } from "./form-texts";
import { CountryField, FieldError, LinkedText, TextField } from "./ui";

/** The captcha action of a registration (the shop API checks the same). */
export const REGISTER_CAPTCHA_ACTION = "customer_register";

const FIELDS = [
  "type",
  "firstName",
  "surname",
  "companyName",
  "vatId",
  "email",
  "street",
  "postcode",
  "city",
  "country",
  "phone",
  "password",
  "confirmationPassword",
  "acceptTerms",
] as const;

/**
 * Register in one form (the create-account fields, with street and house number for the
 * account's address): private or business (a business adds
 * its company and, optionally, a VAT ID of its country), password with confirmation, the
 * consent. The answer is the same whether or not the address is known: check your inbox.
 */
export function Register() {
  const { t } = useTranslation("account");
  const { countries, language, legal, paths } = useAccountSettings();
  const texts = useFormTexts();
  const schema = React.useMemo(() => registerSchema(texts, countries), [texts, countries]);
  const form = useForm<RegisterInput, unknown, RegisterForm>({
    resolver: zodResolver(schema),
    defaultValues: {
      type: "private",
      firstName: "",
      surname: "",
      companyName: "",
      vatId: "",
      email: "",
      street: "",
      postcode: "",
      city: "",
      country: countries[0] ?? "",
      phone: "",
      password: "",
      confirmationPassword: "",
      acceptTerms: false,
    },
  });
  const { register, formState, handleSubmit, setError, watch } = form;
  const errors = formState.errors;
  const business = watch("type") === "business";
  const [sentTo, setSentTo] = React.useState<string | null>(null);
  const [failure, setFailure] = React.useState<string | null>(null);

  const submit = handleSubmit(async (body) => {
    setFailure(null);
    const token = await captchaToken(shopCaptcha(), REGISTER_CAPTCHA_ACTION).catch(() => null);
    if (!token) {
      setFailure(t("account.errors.captcha_failed"));
      return;
    }
    const result = await accountCall<AccountMailSent>("POST", ACCOUNT_PATHS.register, body, { headers: { [CAPTCHA_HEADER]: token }, accepted: true });
    if (result.ok) setSentTo(body.email);
    else setFailure(applyServerErrors<RegisterInput>(result.errors, FIELDS, setError, t));
  });

  if (sentTo)
    return (
      <section className="account-form" aria-labelledby="register-sent-title" data-testid="register-sent">
        <h1 id="register-sent-title">{t("account.register.sentTitle")}</h1>
        <p>{t("account.register.sent", { email: sentTo })}</p>
        <p className="muted">{t("account.register.sentHint")}</p>
        <a href={paths.login}>{t("account.register.toLogin")}</a>
      </section>
    );

  return (
    <section className="account-form" aria-labelledby="register-title" data-testid="register">
      <h1 id="register-title">{t("account.register.title")}</h1>
      <p>
        {t("account.register.haveAccount")} <a href={paths.login}>{t("account.register.toLogin")}</a>
      </p>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <fieldset className="customer-type">
          <legend>{t("account.register.type")}</legend>
          <label>
            <input type="radio" value="private" {...register("type")} /> {t("account.register.private")}
          </label>
          <label>
            <input type="radio" value="business" {...register("type")} /> {t("account.register.business")}
          </label>
          <FieldError id="register-type-error" message={errors.type?.message} />
        </fieldset>
        {business ? (
          <div className="business-fields" data-testid="business-fields">
            <TextField
              id="register-companyName"
              label={t("account.fields.companyName")}
              registration={register("companyName")}
              error={errors.companyName?.message}
              autoComplete="organization"
            />
            <TextField
              id="register-vatId"
              label={t("account.fields.vatId")}
              registration={register("vatId")}
              error={errors.vatId?.message}
              hint={t("account.register.vatIdHint")}
            />
          </div>
        ) : null}
        <TextField
          id="register-firstName"
          label={t("account.fields.firstName")}
          registration={register("firstName")}
          error={errors.firstName?.message}
          autoComplete="given-name"
        />
        <TextField
          id="register-surname"
          label={t("account.fields.surname")}
          registration={register("surname")}
          error={errors.surname?.message}
          autoComplete="family-name"
        />
        <TextField
          id="register-email"
          label={t("account.fields.email")}
          type="email"
          registration={register("email")}
          error={errors.email?.message}
          autoComplete="email"
        />
        <TextField
          id="register-street"
          label={t("account.fields.street")}
          registration={register("street")}
          error={errors.street?.message}
          autoComplete="street-address"
        />
        <TextField
          id="register-postcode"
          label={t("account.fields.postcode")}
          registration={register("postcode")}
          error={errors.postcode?.message}
          autoComplete="postal-code"
        />
        <TextField
          id="register-city"
          label={t("account.fields.city")}
          registration={register("city")}
          error={errors.city?.message}
          autoComplete="address-level2"
        />
        <CountryField
          id="register-country"
          label={t("account.fields.country")}
          countries={countries}
          language={language}
          registration={register("country")}
          error={errors.country?.message}
        />
        <TextField
          id="register-phone"
          label={t("account.fields.phone")}
          type="tel"
          registration={register("phone")}
          error={errors.phone?.message}
          autoComplete="tel"
        />
        <TextField
          id="register-password"
          label={t("account.fields.password")}
          type="password"
          registration={register("password")}
          error={errors.password?.message}
          autoComplete="new-password"
          hint={t("account.register.passwordHint")}
        />
        <TextField
          id="register-confirmationPassword"
          label={t("account.fields.confirmationPassword")}
          type="password"
          registration={register("confirmationPassword")}
          error={errors.confirmationPassword?.message}
          autoComplete="new-password"
        />
        <div className="form-row register-consent">
          <label htmlFor="register-acceptTerms" className="checkbox-label">
            <input
              id="register-acceptTerms"
              type="checkbox"
              aria-invalid={errors.acceptTerms ? true : undefined}
              aria-describedby={errors.acceptTerms ? "register-acceptTerms-error" : undefined}
              {...register("acceptTerms")}
            />{" "}
            <span>
              <LinkedText text={t("account.register.consent")} links={{ privacy: legal.privacy }} />
            </span>
          </label>
          <FieldError id="register-acceptTerms-error" message={errors.acceptTerms?.message} />
          <p className="muted small">
            <LinkedText text={t("account.register.information")} links={{ ordering: legal.ordering, withdrawal: legal.withdrawal }} />
          </p>
        </div>
        {failure ? (
          <p className="field-error" role="alert" data-testid="register-failure">
            {failure}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={formState.isSubmitting} data-testid="register-submit">
          {formState.isSubmitting ? t("account.register.sending") : t("account.register.submit")}
        </button>
      </form>
    </section>
  );
}
