import React from "react";
import { navigate } from "gatsby";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { passwordResetConfirmSchema, passwordResetRequestSchema, type PasswordResetConfirmForm, type PasswordResetRequestForm } from "@domain/account-forms";
import { CAPTCHA_HEADER, captchaToken, shopCaptcha } from "@site/lib/captcha";
import type { AccountMailSent, CustomerAnswer, PasswordResetCheck } from "@domain/api/account";
import { ACCOUNT_PATHS, accountCall } from "./api";
import { useAccountSettings } from "./context";
import { applyServerErrors, useFormTexts } from "./form-texts";
import { afterSignIn } from "./hooks";
import { takeToken } from "./token";
import { Loading, TextField } from "./ui";

/** The captcha action of a reset request (the shop API checks the same). */
export const PASSWORD_RESET_CAPTCHA_ACTION = "customer_password_reset";

/**
 * The state of the mail's link: none (the request form), being checked, still working (the
 * form for the new password), or no longer working (used, expired, malformed: said at once,
 * with the request form for a new link).
 */
type LinkState = { state: "none" } | { state: "checking" } | { state: "valid"; token: string } | { state: "invalid" };

async function linkState(token: string | null): Promise<LinkState> {
  if (token === null) return { state: "none" };
  if (token === "") return { state: "invalid" };
  const result = await accountCall<PasswordResetCheck>("POST", ACCOUNT_PATHS.passwordResetCheck, { token });
  // Only a link the shop API called dead is one; when the check fails, the form stays and the submit decides.
  return result.ok && result.data?.valid === false ? { state: "invalid" } : { state: "valid", token };
}

/** Forgot password: the request form; with the mail's `?token=` the form for the new password, or at once the note that the link no longer works. */
export function PasswordReset() {
  const [link, setLink] = React.useState<LinkState>({ state: "checking" });
  React.useEffect(() => {
    let live = true;
    void linkState(takeToken()).then((state) => {
      if (live) setLink(state);
    });
    return () => {
      live = false;
    };
  }, []);
  if (link.state === "checking") return <Loading />;
  if (link.state === "valid") return <NewPasswordForm token={link.token} />;
  return <RequestForm linkInvalid={link.state === "invalid"} />;
}

function RequestForm({ linkInvalid }: { linkInvalid: boolean }) {
  const { t } = useTranslation("account");
  const { paths } = useAccountSettings();
  const texts = useFormTexts();
  const schema = React.useMemo(() => passwordResetRequestSchema(texts), [texts]);
  const form = useForm<PasswordResetRequestForm>({ resolver: zodResolver(schema), defaultValues: { email: "" } });
  const [sentTo, setSentTo] = React.useState<string | null>(null);
  const [failure, setFailure] = React.useState<string | null>(null);
  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    const token = await captchaToken(shopCaptcha(), PASSWORD_RESET_CAPTCHA_ACTION).catch(() => null);
    if (!token) {
      setFailure(t("account.errors.captcha_failed"));
      return;
    }
    const result = await accountCall<AccountMailSent>("POST", ACCOUNT_PATHS.passwordReset, body, { headers: { [CAPTCHA_HEADER]: token }, accepted: true });
    if (result.ok) setSentTo(body.email);
    else setFailure(applyServerErrors<PasswordResetRequestForm>(result.errors, ["email"], form.setError, t));
  });
  if (sentTo)
    return (
      <section className="account-form" aria-labelledby="reset-sent-title" data-testid="reset-sent">
        <h1 id="reset-sent-title">{t("account.reset.sentTitle")}</h1>
        <p>{t("account.reset.sent", { email: sentTo })}</p>
        <a href={paths.login}>{t("account.reset.toLogin")}</a>
      </section>
    );
  return (
    <section className="account-form" aria-labelledby="reset-title" data-testid="password-reset">
      <h1 id="reset-title">{t("account.reset.title")}</h1>
      {linkInvalid ? (
        <p className="notice" role="alert" data-testid="reset-link-invalid">
          {t("account.reset.linkInvalid")}
        </p>
      ) : null}
      <p>{t("account.reset.intro")}</p>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          id="reset-email"
          label={t("account.fields.email")}
          type="email"
          registration={form.register("email")}
          error={form.formState.errors.email?.message}
          autoComplete="email"
        />
        {failure ? (
          <p className="field-error" role="alert">
            {failure}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={form.formState.isSubmitting}>
          {t("account.reset.submit")}
        </button>
      </form>
      <p>
        <a href={paths.login}>{t("account.reset.toLogin")}</a>
      </p>
    </section>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation("account");
  const { paths } = useAccountSettings();
  const texts = useFormTexts();
  const schema = React.useMemo(() => passwordResetConfirmSchema(texts), [texts]);
  const form = useForm<PasswordResetConfirmForm>({ resolver: zodResolver(schema), defaultValues: { token, password: "", confirmationPassword: "" } });
  const [failure, setFailure] = React.useState<string | null>(null);
  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    const result = await accountCall<CustomerAnswer>("POST", ACCOUNT_PATHS.passwordResetConfirm, body);
    if (result.ok && result.data) {
      await afterSignIn(result.data.customer);
      await navigate(paths.orders, { replace: true });
      return;
    }
    setFailure(applyServerErrors<PasswordResetConfirmForm>(result.errors, ["password", "confirmationPassword"], form.setError, t));
  });
  return (
    <section className="account-form" aria-labelledby="new-password-title" data-testid="new-password">
      <h1 id="new-password-title">{t("account.reset.newTitle")}</h1>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          id="reset-password"
          label={t("account.fields.newPassword")}
          type="password"
          registration={form.register("password")}
          error={form.formState.errors.password?.message}
          autoComplete="new-password"
          hint={t("account.register.passwordHint")}
        />
        <TextField
          id="reset-confirmationPassword"
          label={t("account.fields.confirmationPassword")}
          type="password"
          registration={form.register("confirmationPassword")}
          error={form.formState.errors.confirmationPassword?.message}
          autoComplete="new-password"
        />
        {failure ? (
          <div className="field-error" role="alert" data-testid="new-password-failure">
            <p>{failure}</p>
            <a href={paths.passwordReset}>{t("account.reset.requestAgain")}</a>
          </div>
        ) : null}
        <button type="submit" className="button" disabled={form.formState.isSubmitting}>
          {t("account.reset.save")}
        </button>
      </form>
    </section>
  );
}
