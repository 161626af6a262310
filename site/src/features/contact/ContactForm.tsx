/**
 * The contact page's form: topic, name, e-mail, phone (optional), order number
 * (optional) and the message, checked with the shop API's own rules (domain/contact.ts, texts
 * from locales/<lang>/contact.json), the captcha token fetched at submit (site/src/lib/captcha.ts,
 * action `contact`), then POST /apiv2/contact with an Idempotency-Key. The thank-you names the
 * reference the confirmation mail carries.
 *
 * Loaded when the browser is idle (ContactPageTemplate's lazyOnIdle): its markup is in the
 * static HTML, the submit button works once the code is there.
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { CONTACT_CAPTCHA_ACTION, CONTACT_LIMITS, CONTACT_TOPICS, contactFormSchema, type ContactFormTexts } from "@domain/contact";
import { INQUIRY_LIMITS } from "@domain/inquiry";
import { captchaToken, shopCaptcha } from "@site/lib/captcha";
import { CONTACT_FIELDS, contactRefusal, newIdempotencyKey, submitContact, type ContactField } from "./api";

type Values = Record<ContactField, string>;
const EMPTY: Values = { topic: "advice", name: "", email: "", phone: "", orderNumber: "", message: "" };
type State = "idle" | "sending" | "done";

export function ContactForm() {
  const { t } = useTranslation("contact");
  const [values, setValues] = React.useState<Values>(EMPTY);
  const [errors, setErrors] = React.useState<Partial<Record<ContactField, string>>>({});
  const [failure, setFailure] = React.useState<string | null>(null);
  const [state, setState] = React.useState<State>("idle");
  const [reference, setReference] = React.useState<string | null>(null);
  const [hydrated, setHydrated] = React.useState(false);
  const form = React.useRef<HTMLFormElement>(null);
  // One key per submitted content: a double click or a retry after a lost answer acts once.
  const attempt = React.useRef<{ content: string; key: string } | null>(null);

  React.useEffect(() => {
    // Typed before the form's code loaded: the static page's fields kept it; take it over.
    const element = form.current;
    if (element) {
      const typed = { ...EMPTY };
      for (const field of CONTACT_FIELDS) {
        const input = element.elements.namedItem(field) as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null;
        if (input?.value) typed[field] = input.value;
      }
      setValues(typed);
    }
    setHydrated(true);
  }, []);

  const texts = React.useMemo<ContactFormTexts>(
    () => ({
      required: t("contact.errors.required"),
      email: t("contact.errors.email"),
      phone: t("contact.errors.phone"),
      characters: t("contact.errors.characters"),
      tooLong: t("contact.errors.too_long"),
      nameContainsUrl: t("contact.errors.name_contains_url"),
      invalid: t("contact.errors.invalid"),
    }),
    [t],
  );

  const focusFirst = (found: Partial<Record<ContactField, string>>) => {
    const first = CONTACT_FIELDS.find((field) => found[field]);
    if (first) (form.current?.elements.namedItem(first) as HTMLElement | null)?.focus();
  };

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state === "sending") return;
    setFailure(null);
    const parsed = contactFormSchema(texts).safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<ContactField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as ContactField;
        if (CONTACT_FIELDS.includes(field) && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      focusFirst(found);
      return;
    }
    setErrors({});
    setState("sending");
    const token = await captchaToken(shopCaptcha(), CONTACT_CAPTCHA_ACTION).catch(() => null);
    if (!token) {
      setFailure(t("contact.errors.captcha"));
      setState("idle");
      return;
    }
    const content = JSON.stringify(parsed.data);
    if (attempt.current?.content !== content) attempt.current = { content, key: newIdempotencyKey() };
    const result = await submitContact(parsed.data, token, attempt.current.key);
    if (result.ok && result.data) {
      attempt.current = null;
      setReference(result.data.reference);
      setValues(EMPTY);
      setState("done");
      return;
    }
    const refusal = contactRefusal(result);
    const found = Object.fromEntries(
      Object.entries(refusal.fields).map(([field, key]) => [
        field,
        t(`contact.errors.${key}`, { max: field === "message" ? CONTACT_LIMITS.message : INQUIRY_LIMITS.name }),
      ]),
    );
    setErrors(found);
    setFailure(refusal.form ? t(`contact.errors.${refusal.form}`) : null);
    focusFirst(found);
    if (result.status >= 400 && result.status < 500 && result.status !== 429) attempt.current = null;
    setState("idle");
  };

  if (state === "done" && reference) {
    return (
      <div className="contact-done" role="status" data-testid="contact-done">
        <h2>{t("contact.done.title")}</h2>
        <p>{t("contact.done.text", { reference })}</p>
        <button type="button" className="button secondary" onClick={() => setState("idle")}>
          {t("contact.done.again")}
        </button>
      </div>
    );
  }

  const describedBy = (field: ContactField) => (errors[field] ? `contact-${field}-error` : undefined);
  const error = (field: ContactField) =>
    errors[field] ? (
      <span className="field-error" id={`contact-${field}-error`} role="alert">
        {errors[field]}
      </span>
    ) : null;
  const change = (field: ContactField) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
  };
  const input = (field: "name" | "email" | "phone" | "orderNumber", type: string, autoComplete: string, maxLength: number) => (
    <div className="contact-field">
      <label htmlFor={`contact-${field}`}>{t(`contact.form.${field}`)}</label>
      <input
        id={`contact-${field}`}
        name={field}
        type={type}
        autoComplete={autoComplete}
        maxLength={maxLength}
        value={values[field]}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(field)}
        data-testid={`contact-${field}`}
        onChange={change(field)}
      />
      {error(field)}
    </div>
  );

  return (
    <form
      ref={form}
      className="contact-form"
      noValidate
      aria-labelledby="contact-form-title"
      data-testid="contact-form"
      onSubmit={(event) => void submit(event)}
    >
      <h2 id="contact-form-title">{t("contact.form.title")}</h2>
      <p>{t("contact.form.intro")}</p>
      <div className="contact-field">
        <label htmlFor="contact-topic">{t("contact.form.topic")}</label>
        <select id="contact-topic" name="topic" value={values.topic} data-testid="contact-topic" onChange={change("topic")}>
          {CONTACT_TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {t(`contact.topics.${topic}`)}
            </option>
          ))}
        </select>
      </div>
      {input("name", "text", "name", INQUIRY_LIMITS.name)}
      {input("email", "email", "email", INQUIRY_LIMITS.email)}
      {input("phone", "tel", "tel", INQUIRY_LIMITS.phone)}
      {input("orderNumber", "text", "off", CONTACT_LIMITS.orderNumber)}
      <div className="contact-field">
        <label htmlFor="contact-message">{t("contact.form.message")}</label>
        <textarea
          id="contact-message"
          name="message"
          rows={6}
          maxLength={CONTACT_LIMITS.message}
          value={values.message}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy("message")}
          data-testid="contact-message"
          onChange={change("message")}
        />
        {error("message")}
      </div>
      {failure ? (
        <p className="field-error" role="alert" data-testid="contact-error">
          {failure}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={!hydrated || state === "sending"} data-testid="contact-submit">
        {state === "sending" ? t("contact.form.sending") : t("contact.form.submit")}
      </button>
      <p className="contact-note">{t("contact.form.note")}</p>
    </form>
  );
}
