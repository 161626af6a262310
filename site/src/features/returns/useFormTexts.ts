import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { ReturnsTexts } from "@domain/returns-forms";

/**
 * The messages of the returns rules (domain/returns-forms.ts) in the page's language
 * (locales/<lang>/returns.json, `returns.form`). The rules fill `{name}` placeholders
 * themselves, so those values are handed to the translation as placeholders.
 */
export function useFormTexts(): ReturnsTexts {
  const { t } = useTranslation("returns");
  return React.useMemo(
    () => ({
      required: t("returns.form.required"),
      email: t("returns.form.email"),
      orderNumber: t("returns.form.orderNumber"),
      postcode: t("returns.form.postcode"),
      phone: t("returns.form.phoneInvalid"),
      characters: t("returns.form.characters"),
      selectAtLeastOne: t("returns.form.selectAtLeastOne"),
      selectToReturn: t("returns.form.selectToReturn"),
      maxValue: t("returns.form.maxValue", { maxValue: "{maxValue}" }),
      quantity: t("returns.form.quantity"),
      lineNotReturnable: t("returns.form.lineNotReturnable"),
      unknownLine: t("returns.form.unknownLine"),
      duplicateLine: t("returns.form.duplicateLine"),
      reason: t("returns.form.reason"),
      proposal: t("returns.form.proposal"),
      message: t("returns.form.message"),
      messageTooLong: t("returns.form.messageTooLong", { max: "{max}" }),
      tooManyImages: t("returns.form.tooManyImages", { maxFiles: "{maxFiles}" }),
      confirmWithdrawal: t("returns.form.confirmWithdrawal"),
    }),
    [t],
  );
}
