import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { useInterfaceToggle } from "@site/lib/interface-toggle";
import type { VariantChoice } from "./ProductConfigurator";
import { NAMESPACE } from "./texts";

// The configurators' code is a chunk of its own, loaded when the visitor opens one (docs/decisions/0011, 0044).
const ConfiguratorPanel = React.lazy(() => import(/* webpackChunkName: "configurator" */ "./ConfiguratorPanel"));

/** The product page's "configure" toggle (the interface toggle 'product configurator'); the panel loads on the first click. */
export function ConfiguratorLauncher(props: {
  sku: string;
  language: string;
  quantity: number;
  roofWindow: boolean;
  onChoice: (variant: VariantChoice) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const [open, setOpen] = React.useState(false);
  useInterfaceToggle("productConfigurator", open);
  return (
    <section className="configurator-launcher" aria-label={t(props.roofWindow ? "roofWindowTitle" : "title")}>
      <button type="button" className="button" aria-expanded={open} onClick={() => setOpen((value) => !value)} data-testid="open-configurator">
        {t(props.roofWindow ? "openRoofWindow" : "open")}
      </button>
      {open ? (
        <React.Suspense fallback={<p aria-busy="true">{t("loading")}</p>}>
          <ConfiguratorPanel sku={props.sku} language={props.language} quantity={props.quantity} onChoice={props.onChoice} />
        </React.Suspense>
      ) : null}
    </section>
  );
}
