import React from "react";
import { navigate } from "gatsby";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { loginSchema, type LoginForm } from "@domain/account-forms";
import type { CustomerAnswer } from "@domain/api/account";
import { ACCOUNT_PATHS, accountCall } from "./api";
import { useAccountSettings } from "./context";
import { applyServerErrors, useFormTexts } from "./form-texts";
import { afterSignIn, useCustomer } from "./hooks";
import { returnPathFrom } from "./return-path";
import { TextField } from "./ui";

/**
 * Login: e-mail and password. A refusal says the same whether the address is unknown, the
 * password wrong or the account not yet confirmed (the shop API then sends a new
 * confirmation mail); after the login the visitor goes back to where they came from (a
 * path of this shop only) or to my orders.
 */
export function Login() {
  const { t } = useTranslation("account");
  const { paths } = useAccountSettings();
  const texts = useFormTexts();
  const schema = React.useMemo(() => loginSchema(texts), [texts]);
  const form = useForm<LoginForm>({ resolver: zodResolver(schema), defaultValues: { email: "", password: "" } });
  const { register, formState, handleSubmit, setError } = form;
  const [failure, setFailure] = React.useState<string | null>(null);
  const { data } = useCustomer();
  const target = () => returnPathFrom(window.location.search) ?? paths.orders;

  // Already signed in: on to where the login would lead.
  const signedIn = Boolean(data?.customer);
  React.useEffect(() => {
    if (signedIn && !formState.isSubmitting) void navigate(target(), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn]);

  const submit = handleSubmit(async (body) => {
    setFailure(null);
    const result = await accountCall<CustomerAnswer>("POST", ACCOUNT_PATHS.login, body);
    if (result.ok && result.data) {
      await afterSignIn(result.data.customer);
      await navigate(target());
      return;
    }
    if (result.status === 401) setFailure(t("account.login.failed"));
    else setFailure(applyServerErrors<LoginForm>(result.errors, ["email", "password"], setError, t));
  });

  return (
    <section className="account-form" aria-labelledby="login-title" data-testid="login">
      <h1 id="login-title">{t("account.login.title")}</h1>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          id="login-email"
          label={t("account.fields.email")}
          type="email"
          registration={register("email")}
          error={formState.errors.email?.message}
          autoComplete="email"
        />
        <TextField
          id="login-password"
          label={t("account.fields.password")}
          type="password"
          registration={register("password")}
          error={formState.errors.password?.message}
          autoComplete="current-password"
        />
        {failure ? (
          <p className="field-error" role="alert" data-testid="login-failure">
            {failure}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={formState.isSubmitting} data-testid="login-submit">
          {formState.isSubmitting ? t("account.login.sending") : t("account.login.submit")}
        </button>
      </form>
      <p>
        <a href={paths.passwordReset}>{t("account.login.forgot")}</a>
      </p>
      <p>
        {t("account.login.noAccount")} <a href={paths.register}>{t("account.login.toRegister")}</a>
      </p>
    </section>
  );
}
