import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { ConfiguratorAnswer } from "@domain/api/configurators";
import { logFailure, productFetchFailure } from "@site/lib/client-log";
import { loadConfigurator } from "./api";
import { ProductConfigurator, type VariantChoice } from "./ProductConfigurator";
import { RoofWindowConfigurator } from "./RoofWindowConfigurator";
import { failureText, NAMESPACE } from "./texts";

/** The configurator of a product, loaded on demand (ConfiguratorLauncher): the API's answer decides which one it is. */
export default function ConfiguratorPanel({
  sku,
  language,
  quantity,
  onChoice,
}: {
  sku: string;
  language: string;
  quantity: number;
  onChoice: (variant: VariantChoice) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const [state, setState] = React.useState<{ answer: ConfiguratorAnswer } | { error: string } | null>(null);
  React.useEffect(() => {
    let live = true;
    void loadConfigurator(sku).then((result) => {
      if (!result.ok || !result.data) logFailure(productFetchFailure("configurator", sku, result.errors[0]?.message ?? `status ${result.status}`).message);
      if (live) setState(result.ok && result.data ? { answer: result.data } : { error: failureText(result.errors, t) });
    });
    return () => {
      live = false;
    };
  }, [sku, t]);
  if (!state) return <p aria-busy="true">{t("loading")}</p>;
  if ("error" in state) return <p className="notice-error">{state.error}</p>;
  return state.answer.roofWindow ? (
    <RoofWindowConfigurator answer={state.answer} language={language} />
  ) : (
    <ProductConfigurator answer={state.answer} quantity={quantity} onChoice={onChoice} />
  );
}
