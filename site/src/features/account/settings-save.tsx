import React from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { ApiResult } from "./api";
import { applyServerErrors } from "./form-texts";
import { FormOutcome } from "./ui";

/**
 * What every account settings page (my data, my address, the password) shares: one save at a
 * time whose outcome is either "saved" or the shop API's refusal, worded at the page's own
 * fields where it names one and above the button otherwise.
 */
export function useSettingsSave<T extends FieldValues>(fields: readonly Path<T>[], setError: UseFormSetError<T>) {
  const { t } = useTranslation("account");
  const [saved, setSaved] = React.useState(false);
  const [failure, setFailure] = React.useState<string | null>(null);
  const save = async (call: () => Promise<ApiResult<unknown>>, onSaved?: () => void): Promise<void> => {
    setSaved(false);
    setFailure(null);
    const result = await call();
    if (result.ok) {
      onSaved?.();
      setSaved(true);
    } else setFailure(applyServerErrors<T>(result.errors, fields, setError, t));
  };
  return { saved, failure, save };
}

/** The outcome of the last save and the submit button, which says that it is saving while it is. */
export function SettingsSubmit({
  testId,
  saved,
  failure,
  savedText,
  submitText,
  submitting,
}: {
  testId: string;
  saved: boolean;
  failure: string | null;
  savedText: string;
  submitText: string;
  submitting: boolean;
}) {
  const { t } = useTranslation("account");
  return (
    <>
      <FormOutcome saved={saved ? savedText : null} failure={failure} testId={testId} />
      <button type="submit" className="button" disabled={submitting} data-testid={`${testId}-submit`}>
        {submitting ? t("account.saving") : submitText}
      </button>
    </>
  );
}
