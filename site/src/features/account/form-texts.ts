/**
 * The words of the account forms: the texts the shared schemas (domain/account-forms.ts)
 * refuse with, in the visitor's language, and the words for the shop API's error codes
 * (its messages are English and never shown), each put at its field.
 */
import React from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { TFunction } from "i18next";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { AccountFormTexts } from "@domain/account-forms";
import type { ApiErrorItem } from "./api";
import { errorText } from "./ui";

/** The keys of AccountFormTexts, each under account.form.* in locales/<lang>/account.json. */
export const FORM_TEXT_KEYS = [
  "required",
  "email",
  "phone",
  "zip",
  "characters",
  "customerType",
  "country",
  "vatId",
  "passwordTooShort",
  "passwordTooLong",
  "passwordTooWeak",
  "passwordCharacters",
  "passwordContainsEmail",
  "passwordMismatch",
  "passwordUnchanged",
  "acceptTerms",
  "date",
  "dateOutOfRange",
  "dateNotWorkingDay",
  "projectName",
  "quantity",
] as const satisfies readonly (keyof AccountFormTexts)[];

export function formTexts(t: TFunction): AccountFormTexts {
  return Object.fromEntries(FORM_TEXT_KEYS.map((key) => [key, t(`account.form.${key}`)])) as unknown as AccountFormTexts;
}

export function useFormTexts(): AccountFormTexts {
  const { t } = useTranslation("account");
  return React.useMemo(() => formTexts(t), [t]);
}

/**
 * Words for one error the shop API put at a field: its code's text; for `invalid` (a
 * format the API's own rule refused) the field's own words where there are some.
 */
export function fieldErrorText(t: TFunction, error: ApiErrorItem): string {
  if (error.code === "invalid" && error.field) {
    const key = `account.errors.invalidField.${error.field}`;
    const text = t(key);
    if (text !== key) return text;
  }
  return errorText(t, error);
}

/**
 * Puts the API's field errors at the form's fields (the first per field); answers the
 * words for what belongs to no field of the form (null when every error found its field).
 * The leading summary (`invalid`/`missing` without a field) says nothing of its own.
 */
export function applyServerErrors<T extends FieldValues>(
  errors: ApiErrorItem[],
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  t: TFunction,
): string | null {
  let placed = false;
  const rest: ApiErrorItem[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    const field = error.field as Path<T> | undefined;
    if (field && fields.includes(field)) {
      if (!seen.has(field)) setError(field, { type: "server", message: fieldErrorText(t, error) }, { shouldFocus: !placed });
      seen.add(field);
      placed = true;
    } else if (!(error.field === undefined && (error.code === "invalid" || error.code === "missing"))) rest.push(error);
  }
  if (rest.length > 0) return errorText(t, rest[0]);
  return placed ? null : errorText(t, errors[0]);
}
