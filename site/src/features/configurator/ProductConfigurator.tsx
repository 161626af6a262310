import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { imageSrc } from "@site/lib/media";
import { newIdempotencyKey } from "@site/lib/idempotency";
import type { ConfiguratorAnswer } from "@domain/api/configurators";
import { chosenVariant, configurationCartAdd } from "./api";
import { failureText, NAMESPACE } from "./texts";

export type VariantChoice = ConfiguratorAnswer["variants"][number] | null;

/**
 * The product configurator (the product's ConfigurableAttributes): one choice per attribute,
 * as images where the attribute says useImage; the variant the choice names replaces title,
 * SKU, description and first image of the page (onChoice); 'selected configuration not
 * available' when the combination has none or it cannot be bought; the configuration cart add
 * with the configuration's form data, showing the refusal's words on failure.
 */
export function ProductConfigurator({
  answer,
  quantity,
  onChoice,
}: {
  answer: ConfiguratorAnswer;
  quantity: number;
  onChoice: (variant: VariantChoice) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const [chosen, setChosen] = React.useState<Record<string, string>>({});
  const [message, setMessage] = React.useState<{ type: "success" | "error"; text: string } | null>(null);
  const [busy, setBusy] = React.useState(false);
  const formKey = React.useMemo(() => newIdempotencyKey(), []);
  const complete = answer.configurableAttributes.every((attribute) => chosen[attribute.code]);
  const variant = chosenVariant(answer, chosen);
  const available = variant !== null && variant.unavailable === null;

  React.useEffect(() => {
    onChoice(variant);
  }, [variant, onChoice]);

  const add = async () => {
    if (!variant) return;
    setBusy(true);
    setMessage(null);
    const result = await configurationCartAdd({ formKey, product: answer.sku, options: chosen, quantity });
    setBusy(false);
    setMessage(result.ok ? { type: "success", text: t("added") } : { type: "error", text: failureText(result.errors, t) });
  };

  return (
    <div className="configurator" data-testid="product-configurator">
      {answer.configurableAttributes.map((attribute) => (
        <fieldset key={attribute.code} className="configurator-attribute">
          <legend>{attribute.label}</legend>
          <div className={attribute.useImage ? "configurator-options images" : "configurator-options"}>
            {attribute.options.map((option) => (
              <label key={option.value} className={chosen[attribute.code] === option.value ? "configurator-option active" : "configurator-option"}>
                <input
                  type="radio"
                  name={`configurator-${attribute.code}`}
                  value={option.value}
                  checked={chosen[attribute.code] === option.value}
                  onChange={() => setChosen((current) => ({ ...current, [attribute.code]: option.value }))}
                />
                {attribute.useImage && option.image ? <img src={imageSrc(option.image)} alt="" width={64} height={48} /> : null}
                <span>{option.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      {complete && !available ? (
        <p className="notice" role="status" data-testid="configuration-unavailable">
          {t("unavailable")}
        </p>
      ) : null}
      {variant && available ? (
        <p className="configurator-result">
          {variant.title} · {variant.price?.formattedWithCurrency}
        </p>
      ) : null}
      <button type="button" className="button primary" disabled={!available || busy} onClick={add}>
        {t("addConfiguration")}
      </button>
      {message ? (
        <p className={message.type === "success" ? "notice-success" : "notice-error"} role={message.type === "success" ? "status" : "alert"}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
