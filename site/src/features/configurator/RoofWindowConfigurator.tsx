import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { formatMoney } from "@domain/money";
import { imageSrc } from "@site/lib/media";
import type { ConfiguratorAnswer, RoofWindowStepView } from "@domain/api/configurators";
import { fittingChoices, roofWindowCartAdd } from "./api";
import { failureText, NAMESPACE } from "./texts";

type Choices = Record<string, string[]>;

/**
 * The roof-window configurator (componentType, name, code, stepData): one step per
 * component as the product's data lists them (window, flashing, blind, accessories), each
 * offering what fits the chosen window; an overview with the set's total; the set into the
 * cart, one line per component, grouped as one set.
 */
export function RoofWindowConfigurator({ answer, language }: { answer: ConfiguratorAnswer; language: string }) {
  const { t } = useTranslation(NAMESPACE);
  const steps = answer.roofWindow?.steps ?? [];
  const [index, setIndex] = React.useState(0);
  const [choices, setChoices] = React.useState<Choices>({});
  const [quantity, setQuantity] = React.useState(1);
  const [message, setMessage] = React.useState<{ type: "success" | "error"; text: string } | null>(null);
  const [busy, setBusy] = React.useState(false);
  const window = steps[0];
  const windowChoice = window ? window.choices.find((choice) => choices[window.code]?.[0] === choice.sku) : undefined;
  const size = windowChoice?.size ?? null;
  const overview = index >= steps.length;
  const step: RoofWindowStepView | undefined = steps[index];
  const missing = (candidate: RoofWindowStepView) => (candidate.required || candidate === window) && !(choices[candidate.code]?.length ?? 0);

  const choose = (target: RoofWindowStepView, sku: string, on: boolean) =>
    setChoices((current) => {
      const next = {
        ...current,
        [target.code]: target.multiple ? [...(current[target.code] ?? []).filter((s) => s !== sku), ...(on ? [sku] : [])] : on ? [sku] : [],
      };
      // Another window size: components that do not fit it are dropped.
      if (target === window) {
        const newSize = target.choices.find((choice) => choice.sku === sku)?.size ?? null;
        for (const other of steps.slice(1)) next[other.code] = (next[other.code] ?? []).filter((s) => fittingChoices(other, newSize).some((c) => c.sku === s));
      }
      return next;
    });

  const chosenItems = steps.flatMap((s) =>
    (choices[s.code] ?? []).map((sku) => ({ step: s, item: s.choices.find((c) => c.sku === sku)! })).filter((entry) => entry.item),
  );
  const currency = chosenItems[0]?.item.price?.currency ?? "EUR";
  const total = chosenItems.reduce((sum, entry) => sum + (entry.item.price?.amount ?? 0), 0) * quantity;

  const add = async () => {
    setBusy(true);
    setMessage(null);
    const body = Object.fromEntries(steps.filter((s) => choices[s.code]?.length).map((s) => [s.code, s.multiple ? choices[s.code]! : choices[s.code]![0]!]));
    const result = await roofWindowCartAdd(answer.sku, quantity, body);
    setBusy(false);
    setMessage(result.ok ? { type: "success", text: t("setAdded", { count: chosenItems.length }) } : { type: "error", text: failureText(result.errors, t) });
  };

  return (
    <div className="configurator roof-window" data-testid="roof-window-configurator">
      <ol className="configurator-steps">
        {steps.map((s, i) => (
          <li key={s.code} className={i === index ? "active" : undefined} aria-current={i === index ? "step" : undefined}>
            {s.name}
          </li>
        ))}
        <li className={overview ? "active" : undefined}>{t("overview")}</li>
      </ol>
      {step ? (
        <fieldset className="configurator-attribute">
          <legend>{t(step.required || step === window ? "chooseRequired" : "chooseOptional", { step: step.name })}</legend>
          {fittingChoices(step, size).map((choice) => {
            const checked = choices[step.code]?.includes(choice.sku) ?? false;
            return (
              <label key={choice.sku} className={checked ? "configurator-option active" : "configurator-option"}>
                <input
                  type={step.multiple ? "checkbox" : "radio"}
                  name={`step-${step.code}`}
                  value={choice.sku}
                  checked={checked}
                  disabled={choice.unavailable !== null}
                  onChange={(event) => choose(step, choice.sku, event.target.checked)}
                />
                {choice.image ? <img src={imageSrc(choice.image.src)} alt="" width={64} height={48} /> : null}
                <span>{choice.title}</span>
                <span className="muted">{choice.unavailable ? t(`errors.${choice.unavailable}`) : choice.price?.formattedWithCurrency}</span>
              </label>
            );
          })}
          {!step.required && step !== window && !step.multiple && (choices[step.code]?.length ?? 0) > 0 ? (
            <button type="button" className="link" onClick={() => setChoices((c) => ({ ...c, [step.code]: [] }))}>
              {t("without", { step: step.name })}
            </button>
          ) : null}
        </fieldset>
      ) : (
        <div data-testid="roof-window-overview">
          <ul className="configurator-set">
            {chosenItems.map(({ step: s, item }) => (
              <li key={`${s.code}-${item.sku}`}>
                <strong>{s.name}:</strong> {item.title} ({item.sku}) · {item.price?.formattedWithCurrency}
              </li>
            ))}
          </ul>
          <label>
            {t("sets")}{" "}
            <input
              type="number"
              min={1}
              max={99}
              value={quantity}
              onChange={(event) => setQuantity(Math.min(99, Math.max(1, Math.floor(Number(event.target.value) || 1))))}
            />
          </label>
          <p className="configurator-result">
            {t("total")}: {formatMoney(total, currency, language)}
          </p>
          <button type="button" className="button primary" disabled={busy || steps.some(missing)} onClick={add}>
            {t("addSet")}
          </button>
        </div>
      )}
      <div className="configurator-nav">
        <button type="button" className="button" disabled={index === 0} onClick={() => setIndex((i) => Math.max(0, i - 1))}>
          {t("back")}
        </button>
        {!overview ? (
          <button type="button" className="button" disabled={step ? missing(step) : false} onClick={() => setIndex((i) => i + 1)}>
            {t("next")}
          </button>
        ) : null}
      </div>
      {message ? (
        <p className={message.type === "success" ? "notice-success" : "notice-error"} role={message.type === "success" ? "status" : "alert"}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
