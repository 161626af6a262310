/** Small pieces the account screens share: form fields with their error at the field, texts with links, dates, states. */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { UseFormRegisterReturn } from "react-hook-form";
import type { TFunction } from "i18next";
import { countryName } from "@domain/countries";
import { htmlLanguage } from "@domain/routes";
import type { ApiErrorItem } from "./api";

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <span className="field-error" id={id} role="alert">
      {message}
    </span>
  );
}

/** A labelled input; its error (client rule or the API's code in words) is shown under it and announced. */
export function TextField({
  id,
  label,
  registration,
  error,
  type = "text",
  autoComplete,
  hint,
  inputMode,
}: {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  type?: "text" | "email" | "password" | "tel";
  autoComplete?: string;
  hint?: string;
  inputMode?: "text" | "email" | "tel" | "numeric";
}) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="form-row">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...registration}
      />
      {hint ? (
        <span className="muted small field-hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The country choice of an address form: the shop's delivery countries, named in the page's language. */
export function CountryField({
  id,
  label,
  countries,
  language,
  registration,
  error,
}: {
  id: string;
  label: string;
  countries: readonly string[];
  language: string;
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  return (
    <div className="form-row">
      <label htmlFor={id}>{label}</label>
      <select id={id} autoComplete="country" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...registration}>
        {countries.map((code) => (
          <option key={code} value={code}>
            {countryName(code, language)}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** What became of a form's last submit: saved (announced politely) or the refusal that belongs to no field. */
export function FormOutcome({ saved, failure, testId }: { saved: string | null; failure: string | null; testId: string }) {
  if (failure)
    return (
      <p className="field-error" role="alert" data-testid={`${testId}-failure`}>
        {failure}
      </p>
    );
  if (saved)
    return (
      <p className="notice notice-info" role="status" data-testid={`${testId}-saved`}>
        {saved}
      </p>
    );
  return null;
}

/**
 * A translated text with links written as `<name>label</name>`: each becomes a link to
 * `links[name]`, or plain text where the shop has no such page.
 */
export function LinkedText({ text, links }: { text: string; links: Record<string, string | undefined> }) {
  const parts: React.ReactNode[] = [];
  const pattern = /<([a-z]+)>(.*?)<\/\1>/g;
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    parts.push(text.slice(last, match.index));
    const href = links[match[1]!];
    parts.push(
      href ? (
        <a key={match.index} href={href} target="_blank" rel="noopener">
          {match[2]}
        </a>
      ) : (
        match[2]
      ),
    );
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

/** A calendar day (`YYYY-MM-DD`) or a timestamp as a date of the shop language. */
export function formatDay(value: string | null | undefined, language: string): string {
  if (!value) return "";
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(day ? `${value}T12:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(htmlLanguage(language), { day: "2-digit", month: "2-digit", year: "numeric", ...(day ? { timeZone: "UTC" } : {}) }).format(
    date,
  );
}

/** The words for an API error: its code's text in the screen's language, else the general failure (never the English message). */
export function errorText(t: TFunction, error: Pick<ApiErrorItem, "code" | "params"> | undefined): string {
  const key = error?.code ? `account.errors.${error.code}` : "";
  const text = key ? t(key, { ...(error?.params ?? {}) }) : "";
  return text && text !== key ? text : t("account.errors.general");
}

/** The words for a state code (order states, call-off states, delivery modes, payment methods) or the code itself. */
export function codeText(t: TFunction, group: string, code: string): string {
  const key = `account.${group}.${code}`;
  const text = t(key);
  return text === key ? code : text;
}

export function Loading() {
  const { t } = useTranslation("account");
  return (
    <p className="muted" role="status" data-testid="account-loading">
      {t("account.loading")}
    </p>
  );
}
