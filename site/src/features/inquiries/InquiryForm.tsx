/**
 * The inquiry form, one component for the
 * inquiry pages and the product page's modal: the free text about the project, the quantity in
 * the product's sales unit and the country first; then the type's yes/no questions, one step
 * each; then the contact fields; the captcha token is fetched at submit. The rules are the shop
 * API's own (domain/inquiry.ts inquiryFormSchema) in the page's language; the API's refusals are
 * worded by their codes. Loaded on demand: react-hook-form and zod are not in any page's first load.
 */
import type { CurrentCountry } from "@domain/api/delivery";
import React from "react";
import { useForm, type FieldErrors, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { INQUIRY_QUESTIONS, inquiryFormSchema, type InquiryAnswer, type InquiryForm as InquiryBody, type InquiryType } from "@domain/inquiry";
import { countryName } from "@domain/countries";
import { captchaToken, shopCaptcha } from "@site/lib/captcha";
import { apiCall } from "@site/api/client";
import { INQUIRY_CAPTCHA_ACTION, INQUIRY_PATHS, newIdempotencyKey, submitInquiry, type InquiryProduct } from "./api";
import { fieldRefusals, inquiryFormTexts, NAMESPACE, parseQuantity, quantityText, submitErrorKey, type FormField } from "./texts";

export interface InquiryFormValues {
  message: string;
  quantity: string;
  countryCode: string;
  name: string;
  email: string;
  phone: string;
  /** `{questionId: "yes" | "no"}`; an unanswered question is absent or "". */
  answers: Record<string, string>;
}

/** The request body of the form's values (the rules then check it as the shop API does). */
export function inquiryBody(type: InquiryType, sku: string, values: InquiryFormValues, configuration?: string | null): Record<string, unknown> {
  const answers: Record<string, boolean> = {};
  for (const [id, answer] of Object.entries(values.answers ?? {})) if (answer === "yes" || answer === "no") answers[id] = answer === "yes";
  return {
    type,
    sku,
    message: values.message,
    name: values.name,
    email: values.email,
    phone: values.phone,
    countryCode: values.countryCode,
    quantity: parseQuantity(values.quantity ?? ""),
    answers,
    // The terrace planner's configuration number of an offer request.
    ...(configuration && type === "offer" ? { configuration } : {}),
  };
}

/** The steps of a type: the project, one per yes/no question, the contact. */
export function inquirySteps(type: InquiryType): string[] {
  return ["project", ...INQUIRY_QUESTIONS[type].map((question) => `question:${question.id}`), "contact"];
}

const PROJECT_FIELDS = ["message", "quantity", "countryCode"] as const;
const CONTACT_FIELDS = ["name", "email", "phone"] as const;
const stepOfField = (field: string, steps: string[]): number => ((PROJECT_FIELDS as readonly string[]).includes(field) ? 0 : steps.length - 1);

/** The shop's delivery countries and the visitor's shipping country (the form's first choice). */
function useCountries(given: readonly string[] | null): { countries: string[]; current: string | null } {
  const [loaded, setLoaded] = React.useState<{ countries: string[]; current: string | null } | null>(null);
  React.useEffect(() => {
    let live = true;
    void apiCall<CurrentCountry>("GET", INQUIRY_PATHS.currentCountry).then((result) => {
      if (!live) return;
      const available = result.ok ? (result.data?.availableCountries ?? []).map((country) => country.code.toLowerCase()) : [];
      setLoaded({ countries: available, current: result.ok && result.data?.code ? result.data.code.toLowerCase() : null });
    });
    return () => {
      live = false;
    };
  }, []);
  const countries = React.useMemo(() => (given && given.length > 0 ? [...given] : (loaded?.countries ?? [])), [given, loaded]);
  return { countries, current: loaded?.current ?? null };
}

export interface InquiryFormProps {
  type: InquiryType;
  product: InquiryProduct;
  language: string;
  /** The shop's delivery countries (codes); null: asked from the shop API. */
  countries: readonly string[] | null;
  /** The quantity in the product's sales unit (the product page's quantity calculator). */
  initialQuantity?: number | null;
  /** The terrace planner's configuration number an offer request is about. */
  configuration?: string | null;
  onSubmitted: (answer: InquiryAnswer) => void;
}

export function InquiryForm({ type, product, language, countries: givenCountries, initialQuantity, configuration, onSubmitted }: InquiryFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const texts = React.useMemo(() => inquiryFormTexts(t), [t]);
  const { countries, current } = useCountries(givenCountries);
  const steps = React.useMemo(() => inquirySteps(type), [type]);
  const [step, setStep] = React.useState(0);
  const [failure, setFailure] = React.useState<string | null>(null);
  const attempt = React.useRef<{ body: string; key: string } | null>(null);
  const sending = React.useRef(false);
  const schema = React.useMemo(() => inquiryFormSchema(texts, countries), [texts, countries]);
  const resolver = React.useMemo<Resolver<InquiryFormValues, unknown, InquiryBody>>(() => {
    const check = zodResolver(schema) as unknown as Resolver<Record<string, unknown>, unknown, InquiryBody>;
    return (values, context, options) =>
      check(inquiryBody(type, product.sku, values, configuration), context, options as never) as unknown as ReturnType<
        Resolver<InquiryFormValues, unknown, InquiryBody>
      >;
  }, [schema, type, product.sku, configuration]);
  const form = useForm<InquiryFormValues, unknown, InquiryBody>({
    resolver,
    defaultValues: {
      message: "",
      quantity: quantityText(initialQuantity, language),
      countryCode: givenCountries?.[0] ?? "",
      name: "",
      email: "",
      phone: "",
      answers: {},
    },
  });
  const errors = form.formState.errors;

  // The visitor's shipping country first, when the shop delivers there and the visitor has not chosen one.
  React.useEffect(() => {
    if (form.getFieldState("countryCode").isDirty) return;
    const chosen = form.getValues("countryCode");
    const preferred = current && countries.includes(current) ? current : countries.includes(chosen) ? chosen : countries[0];
    if (preferred && preferred !== chosen) form.setValue("countryCode", preferred);
  }, [countries, current, form]);

  const stepId = steps[step]!;
  const toStep = (index: number) => {
    setFailure(null);
    setStep(index);
  };
  const next = async () => {
    if (stepId === "project" && !(await form.trigger([...PROJECT_FIELDS]))) return;
    toStep(Math.min(step + 1, steps.length - 1));
  };
  const onInvalid = (invalid: FieldErrors<InquiryFormValues>) => {
    const fields = Object.keys(invalid);
    if (fields.some((field) => (PROJECT_FIELDS as readonly string[]).includes(field))) toStep(0);
    else if (!fields.some((field) => (CONTACT_FIELDS as readonly string[]).includes(field))) setFailure("inquiryForm.errors.invalid");
  };
  const submit = form.handleSubmit(async (body) => {
    // A second click of the same moment (before the button is disabled) sends nothing more.
    if (sending.current) return;
    sending.current = true;
    try {
      await send(body);
    } finally {
      sending.current = false;
    }
  }, onInvalid);
  const send = async (body: InquiryBody) => {
    setFailure(null);
    // The captcha token is fetched only now, at submit (docs/decisions/0024).
    const token = await captchaToken(shopCaptcha(), INQUIRY_CAPTCHA_ACTION).catch(() => null);
    if (!token) {
      setFailure("inquiryForm.errors.captcha");
      return;
    }
    // One key per content: a repeat of the same inquiry (double click, retry) is one inquiry.
    const json = JSON.stringify(body);
    if (attempt.current?.body !== json) attempt.current = { body: json, key: newIdempotencyKey() };
    const result = await submitInquiry(body, token, attempt.current.key);
    if (result.ok && result.data) {
      onSubmitted(result.data);
      return;
    }
    const refusals = fieldRefusals(result.errors);
    if (refusals.length > 0) {
      for (const refusal of refusals) form.setError(refusal.field, { type: "server", message: t(refusal.key, refusal.params) });
      setStep(stepOfField(refusals[0]!.field, steps));
      return;
    }
    setFailure(submitErrorKey(result));
  };

  const field = (name: FormField, label: string, input: React.ReactElement<React.InputHTMLAttributes<HTMLInputElement>>) => {
    const message = errors[name]?.message;
    const id = `inquiry-${name}`;
    return (
      <div className="form-row">
        <label htmlFor={id}>{label}</label>
        {React.cloneElement(input, {
          id,
          "aria-invalid": message ? true : undefined,
          "aria-describedby": message ? `${id}-error` : undefined,
          ...form.register(name),
        })}
        {message ? (
          <span className="field-error" id={`${id}-error`} role="alert">
            {message}
          </span>
        ) : null}
      </div>
    );
  };

  const questionCount = steps.length - 2;
  const questionId = stepId.startsWith("question:") ? stepId.slice("question:".length) : null;

  return (
    <form noValidate className="inquiry-form" data-testid="inquiry-form" data-step={stepId} onSubmit={(event) => void submit(event)}>
      <ol className="inquiry-steps" aria-label={t("inquiryForm.steps.label")}>
        {steps.map((id, index) => (
          <li key={id} className={index === step ? "active" : index < step ? "complete" : undefined} aria-current={index === step ? "step" : undefined}>
            {id === "project"
              ? t("inquiryForm.steps.project")
              : id === "contact"
                ? t("inquiryForm.steps.contact")
                : t("inquiryForm.steps.question", { number: index, count: questionCount })}
          </li>
        ))}
      </ol>

      {stepId === "project" ? (
        <fieldset>
          <legend>{t("inquiryForm.steps.project")}</legend>
          <p className="muted small">{t(`inquiryForm.intro.${type}`)}</p>
          <div className="form-row">
            <label htmlFor="inquiry-message">{t("inquiryForm.form.message")}</label>
            <textarea
              id="inquiry-message"
              rows={6}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={errors.message ? "inquiry-message-error" : "inquiry-message-hint"}
              {...form.register("message")}
            />
            <span className="muted small" id="inquiry-message-hint">
              {t("inquiryForm.form.messageHint")}
            </span>
            {errors.message?.message ? (
              <span className="field-error" id="inquiry-message-error" role="alert">
                {errors.message.message}
              </span>
            ) : null}
          </div>
          {field(
            "quantity",
            product.unit ? t("inquiryForm.form.quantity", { unit: product.unit.label }) : t("inquiryForm.form.quantityPlain"),
            <input type="text" inputMode="decimal" autoComplete="off" />,
          )}
          <div className="form-row">
            <label htmlFor="inquiry-countryCode">{t("inquiryForm.form.country")}</label>
            <select
              id="inquiry-countryCode"
              aria-invalid={errors.countryCode ? true : undefined}
              aria-describedby={errors.countryCode ? "inquiry-countryCode-error" : undefined}
              {...form.register("countryCode")}
            >
              {countries.map((code) => (
                <option key={code} value={code}>
                  {countryName(code, language)}
                </option>
              ))}
            </select>
            {errors.countryCode?.message ? (
              <span className="field-error" id="inquiry-countryCode-error" role="alert">
                {errors.countryCode.message}
              </span>
            ) : null}
          </div>
        </fieldset>
      ) : null}

      {questionId ? (
        <fieldset className="inquiry-question" data-testid="inquiry-question" data-question={questionId}>
          <legend>{t(`inquiryForm.questions.${questionId}`)}</legend>
          <div className="inquiry-choices">
            {(["yes", "no"] as const).map((answer) => (
              <label key={answer} className="inquiry-choice">
                <input type="radio" value={answer} {...form.register(`answers.${questionId}`)} />
                <span>{t(`inquiryForm.form.${answer}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      {stepId === "contact" ? (
        <fieldset>
          <legend>{t("inquiryForm.steps.contact")}</legend>
          {field("name", t("inquiryForm.form.name"), <input type="text" autoComplete="name" />)}
          {field("email", t("inquiryForm.form.email"), <input type="email" autoComplete="email" />)}
          {field("phone", t("inquiryForm.form.phone"), <input type="tel" autoComplete="tel" />)}
          <p className="muted small">{t("inquiryForm.form.privacy")}</p>
        </fieldset>
      ) : null}

      {failure ? (
        <p className="notice" role="alert" data-testid="inquiry-error">
          {t(failure)}
        </p>
      ) : null}

      {/* "Next" and "Send" are two buttons (own keys), never one whose type changes while it is clicked:
          the browser would submit the form the moment the contact step opens and show its refusals
          before anything was typed there. */}
      <div className="inquiry-actions">
        {step > 0 ? (
          <button type="button" className="button secondary" onClick={() => toStep(step - 1)} data-testid="inquiry-back">
            {t("inquiryForm.form.back")}
          </button>
        ) : null}
        {stepId === "contact" ? (
          <button key="submit" type="submit" className="button" disabled={form.formState.isSubmitting} data-testid="inquiry-submit">
            {form.formState.isSubmitting ? t("inquiryForm.form.sending") : t("inquiryForm.form.submit")}
          </button>
        ) : (
          <button key="next" type="button" className="button" onClick={() => void next()} data-testid="inquiry-next">
            {t("inquiryForm.form.next")}
          </button>
        )}
      </div>
    </form>
  );
}

/** The thank-you: the inquiry number and the way back to the product. */
export function InquiryThanks({ answer, product, onClose }: { answer: InquiryAnswer; product: InquiryProduct; onClose?: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const heading = React.useRef<HTMLHeadingElement>(null);
  React.useEffect(() => heading.current?.focus(), []);
  return (
    <section className="inquiry-thanks" data-testid="inquiry-thanks" aria-labelledby="inquiry-thanks-title">
      <h2 id="inquiry-thanks-title" tabIndex={-1} ref={heading}>
        {t("inquiryForm.thanks.title")}
      </h2>
      <p>
        {t("inquiryForm.thanks.number")} <strong data-testid="inquiry-number">{answer.inquiryId}</strong>
      </p>
      <p>{t("inquiryForm.thanks.text")}</p>
      <div className="inquiry-actions">
        {onClose ? (
          // In the product page's modal the product is right behind it.
          <button type="button" className="button" onClick={onClose} data-testid="inquiry-back-to-product">
            {t("inquiryForm.thanks.back")}
          </button>
        ) : product.link ? (
          <a className="button" href={product.link} data-testid="inquiry-back-to-product">
            {t("inquiryForm.thanks.back")}
          </a>
        ) : null}
      </div>
    </section>
  );
}

/** The product asked about: picture, name and number. */
export function InquiryProductSummary({ product }: { product: InquiryProduct }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="inquiry-product" data-testid="inquiry-product">
      {product.image ? <img src={product.image.src} alt={product.image.alt} width={80} height={80} loading="lazy" /> : null}
      <div>
        <p className="inquiry-product-name">{product.name}</p>
        <p className="muted small">{t("inquiryForm.sku", { sku: product.sku })}</p>
      </div>
    </div>
  );
}
