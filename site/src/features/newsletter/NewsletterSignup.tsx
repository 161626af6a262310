/**
 * The newsletter sign-up form (name, e-mail): checked with the
 * shop API's own rules (domain/newsletter.ts, texts from locales/<lang>/newsletter.json), the
 * captcha token fetched at submit (site/src/lib/captcha.ts, action `newsletter`), then
 * POST /apiv2/newsletter/subscribe. The answer is the same for every address, so the form
 * always says the same: look into your mailbox and confirm.
 *
 * Loaded on demand by NewsletterSlot (not part of the pages' first load).
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { formatMoney } from "@domain/money";
import { NEWSLETTER_CAPTCHA_ACTION, NEWSLETTER_LIMITS, NEWSLETTER_VOUCHER_AMOUNT, newsletterFormSchema, type NewsletterTexts } from "@domain/newsletter";
import { CAPTCHA_HEADER, captchaToken, shopCaptcha } from "@site/lib/captcha";
import { IDEMPOTENCY_HEADER, newIdempotencyKey, signUpRefusal, subscribeNewsletter, type SignUpField } from "./api";
import type { NewsletterSignupProps } from "./types";

type State = "idle" | "sending" | "done";
type Values = Record<SignUpField, string>;

const EMPTY: Values = { name: "", email: "" };

export function NewsletterSignup({ placement, currency, language }: NewsletterSignupProps) {
  const { t } = useTranslation("newsletter");
  const [values, setValues] = React.useState<Values>(EMPTY);
  const [errors, setErrors] = React.useState<Partial<Record<SignUpField, string>>>({});
  const [failure, setFailure] = React.useState<string | null>(null);
  const [state, setState] = React.useState<State>("idle");
  const [hydrated, setHydrated] = React.useState(false);
  const fields = { name: React.useRef<HTMLInputElement>(null), email: React.useRef<HTMLInputElement>(null) };
  // One key per submitted content: a retry of the same sign-up (a double click) is answered once.
  const attempt = React.useRef<{ content: string; key: string } | null>(null);

  React.useEffect(() => {
    // Typed before the form's code loaded: the static page's fields kept it; take it over.
    const typed = { name: fields.name.current?.value ?? "", email: fields.email.current?.value ?? "" };
    if (typed.name || typed.email) setValues(typed);
    setHydrated(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const texts = React.useMemo<NewsletterTexts>(
    () => ({
      required: t("newsletter.errors.required"),
      email: t("newsletter.errors.email"),
      characters: t("newsletter.errors.characters"),
      nameTooLong: t("newsletter.errors.nameTooLong"),
      nameContainsUrl: t("newsletter.errors.name_contains_url"),
    }),
    [t],
  );
  const amount = formatMoney(NEWSLETTER_VOUCHER_AMOUNT, currency, language);
  const id = (field: SignUpField) => `newsletter-${placement}-${field}`;

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state === "sending") return;
    setFailure(null);
    const parsed = newsletterFormSchema(texts).safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<SignUpField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === "name" || field === "email") && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      fields[found.name ? "name" : "email"].current?.focus();
      return;
    }
    setErrors({});
    setState("sending");
    const token = await captchaToken(shopCaptcha(), NEWSLETTER_CAPTCHA_ACTION).catch(() => null);
    if (!token) {
      setFailure(t("newsletter.errors.captcha"));
      setState("idle");
      return;
    }
    const content = JSON.stringify(parsed.data);
    if (attempt.current?.content !== content) attempt.current = { content, key: newIdempotencyKey() };
    const result = await subscribeNewsletter(parsed.data, { [CAPTCHA_HEADER]: token, [IDEMPOTENCY_HEADER]: attempt.current.key });
    if (result.ok) {
      setValues(EMPTY);
      attempt.current = null;
      setState("done");
      return;
    }
    const refusal = signUpRefusal(result);
    setErrors(Object.fromEntries(Object.entries(refusal.fields).map(([field, key]) => [field, t(`newsletter.errors.${key}`)])));
    setFailure(refusal.form ? t(`newsletter.errors.${refusal.form}`) : null);
    // A refusal is kept with its key (the API replays it): the next submit is a new attempt. After a lost
    // answer or a failure of the server (not kept) the retry keeps the key, so it acts at most once.
    if (result.status >= 400 && result.status < 500 && result.status !== 429) attempt.current = null;
    setState("idle");
  };

  const field = (name: SignUpField, label: string, type: string, autoComplete: string) => (
    <div className="newsletter-field">
      <label htmlFor={id(name)}>{label}</label>
      <input
        id={id(name)}
        ref={fields[name]}
        name={name}
        type={type}
        autoComplete={autoComplete}
        maxLength={name === "name" ? NEWSLETTER_LIMITS.nameMax : 254}
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id(name)}-error` : undefined}
        data-testid={`newsletter-${name}`}
        onChange={(event) => {
          const value = event.target.value;
          setValues((current) => ({ ...current, [name]: value }));
          if (state === "done") setState("idle");
        }}
      />
      {errors[name] ? (
        <span className="field-error" id={`${id(name)}-error`} role="alert">
          {errors[name]}
        </span>
      ) : null}
    </div>
  );

  const titleId = `newsletter-${placement}-title`;
  return (
    <form className="newsletter-form" noValidate aria-labelledby={titleId} data-testid={`newsletter-${placement}`} onSubmit={(event) => void submit(event)}>
      <div className="newsletter-text">
        <h2 id={titleId}>{placement === "home" ? t("newsletter.home.title", { amount }) : t("newsletter.form.title")}</h2>
        <p>{placement === "home" ? t("newsletter.home.text") : t("newsletter.form.intro", { amount })}</p>
      </div>
      <div className="newsletter-fields">
        {field("name", t("newsletter.form.name"), "text", "name")}
        {field("email", t("newsletter.form.email"), "email", "email")}
        <button type="submit" className="button" disabled={!hydrated || state === "sending"} data-testid="newsletter-submit">
          {state === "sending" ? t("newsletter.form.sending") : t("newsletter.form.submit")}
        </button>
      </div>
      {failure ? (
        <p className="field-error newsletter-failure" role="alert" data-testid="newsletter-error">
          {failure}
        </p>
      ) : null}
      {state === "done" ? (
        <p className="newsletter-done" role="status" data-testid="newsletter-done">
          {t("newsletter.form.done")}
        </p>
      ) : null}
      <p className="newsletter-note">{t("newsletter.form.note")}</p>
    </form>
  );
}
