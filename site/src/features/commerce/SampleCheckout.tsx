import React from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { mutate } from "swr";
import type { FoundAddress } from "@domain/address-lookup";
import { HouseNumberConfirm } from "@site/components/HouseNumberConfirm";
import { AddressSuggest } from "../checkout/AddressSuggest";
import { useAddressLookupAvailable } from "../checkout/checkout-api";
import { CAPTCHA_HEADER, captchaToken, shopCaptcha } from "@site/lib/captcha";
import { PATHS, type SampleCart } from "@site/api/client";
import { Alerts, useAlerts } from "./alerts";
import { sampleCall, useCurrentCountry, useRelated } from "./hooks";
import { SampleItems } from "./SampleItems";
import {
  addressSchema,
  emailSchema,
  hasHouseNumber,
  stepStates,
  toCustomerAddress,
  type AddressForm,
  type AddressInput,
  type EmailForm,
  type EmailInput,
  type FormTexts,
} from "./sample-forms";

/** The sample checkout modal; loaded on demand (react-hook-form and zod stay out of the page bundle). */

/** The captcha action of finishing a sample order (the shop API checks the same). */
const SAMPLE_FINISH_ACTION = "sample_finish";

function useFormTexts(): FormTexts {
  const { t } = useTranslation("commerce");
  return React.useMemo(
    () => ({
      required: t("samples.form.required"),
      email: t("samples.form.email"),
      phone: t("samples.form.phoneInvalid"),
      zip: t("samples.form.zip"),
      characters: t("samples.form.characters"),
    }),
    [t],
  );
}

/** Three steps: 1 e-mail and shipping address, 2 the address form, 3 the sample package. */
export default function SampleCheckoutModal({
  cart,
  onClose,
  onFinished,
}: {
  cart: SampleCart;
  onClose: () => void;
  onFinished: (referenceCode: string) => void;
}) {
  const { t } = useTranslation("commerce");
  const texts = useFormTexts();
  const { data: country } = useCurrentCountry();
  const countries = country?.availableCountries ?? [];
  const [step, setStep] = React.useState<1 | 2 | 3>(1);
  const [email, setEmail] = React.useState(cart.options.contacts?.email ?? "");
  const [pendingAddress, setPendingAddress] = React.useState<AddressForm | null>(null);
  const [withoutNumber, setWithoutNumber] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const { alerts, show, dismiss } = useAlerts();
  const states = stepStates(step, false);
  const saved = cart.options.contacts?.customerAddress;
  const lookup = useAddressLookupAvailable();

  const emailForm = useForm<EmailInput, unknown, EmailForm>({ resolver: zodResolver(emailSchema(texts)), defaultValues: { email } });
  const addressForm = useForm<AddressInput, unknown, AddressForm>({
    resolver: zodResolver(
      addressSchema(
        texts,
        countries.map((c) => c.code),
      ),
    ),
    defaultValues: {
      firstname: saved?.firstname ?? "",
      lastname: saved?.lastname ?? "",
      company: saved?.company ?? "",
      street: saved?.street ?? "",
      zip: saved?.zip ?? "",
      city: saved?.city ?? "",
      countryCode: saved?.countryCode ?? country?.code ?? "",
      phone: saved?.phone ?? "",
    },
  });
  React.useEffect(() => {
    if (country && !addressForm.getValues("countryCode")) addressForm.setValue("countryCode", country.code);
  }, [country, addressForm]);

  // A chosen address suggestion fills the address (the form works the same without).
  const fillAddress = (found: FoundAddress) => {
    const options = { shouldDirty: true, shouldValidate: addressForm.formState.isSubmitted };
    addressForm.setValue("street", found.street, options);
    addressForm.setValue("zip", found.postcode, options);
    addressForm.setValue("city", found.city, options);
    if (countries.some((option) => option.code === found.countryCode)) addressForm.setValue("countryCode", found.countryCode, options);
  };
  const saveAddress = async (form: AddressForm) => {
    setBusy(true);
    const result = await sampleCall(PATHS.sampleCart, { email, customerAddress: toCustomerAddress(form) });
    setBusy(false);
    if (result.ok) setStep(3);
    else show("error", t("samples.failed"));
  };
  const submitAddress = addressForm.handleSubmit(async (form) => {
    if (!hasHouseNumber(form.street)) {
      setPendingAddress(form);
      return;
    }
    setWithoutNumber(false);
    await saveAddress(form);
  });
  const finish = async () => {
    setBusy(true);
    // The captcha token is fetched only now, at submit (docs/decisions/0024).
    const token = await captchaToken(shopCaptcha(), SAMPLE_FINISH_ACTION).catch(() => null);
    const result = token ? await sampleCall(PATHS.sampleFinish, {}, { [CAPTCHA_HEADER]: token }) : null;
    setBusy(false);
    if (result?.ok && result.data?.cart) {
      await mutate(PATHS.samplesToday);
      await mutate(PATHS.sampleCart);
      onFinished(result.data.cart.referenceCode);
    } else show("error", t(result?.errors[0]?.code === "sample_limit_reached" ? "samples.limitReached" : "samples.failed"));
  };
  const remove = async (sku: string) => {
    const result = await sampleCall(PATHS.sampleRemove, { sku, quantity: 1 });
    if (!result.ok) show("error", t("samples.failed"));
  };
  const fieldError = (message: string | undefined, id: string) =>
    message ? (
      <span className="field-error" id={id} role="alert">
        {message}
      </span>
    ) : null;

  return (
    <div className="commerce-modal-backdrop">
      <div
        className="modal commerce-modal sample-checkout"
        role="dialog"
        aria-modal="true"
        aria-labelledby="sample-checkout-title"
        data-testid="sample-checkout-modal"
      >
        <h2 id="sample-checkout-title">{t("samples.checkoutTitle")}</h2>
        <ol className="sample-steps">
          {states.map((state, index) => (
            <li key={index} className={`step step-${state}`} data-state={state} aria-current={state === "active" ? "step" : undefined}>
              {t(`samples.steps.${index + 1}`)}
            </li>
          ))}
        </ol>

        {step === 1 ? (
          <form
            noValidate
            onSubmit={emailForm.handleSubmit((form) => {
              setEmail(form.email);
              setStep(2);
            })}
          >
            <p>{t("samples.step1Intro")}</p>
            <label htmlFor="sample-email">{t("samples.form.emailLabel")}</label>
            <input id="sample-email" type="email" autoComplete="email" aria-invalid={!!emailForm.formState.errors.email} {...emailForm.register("email")} />
            {fieldError(emailForm.formState.errors.email?.message, "sample-email-error")}
            {saved ? (
              <p className="muted small">
                {t("samples.savedAddress", { address: `${saved.firstname} ${saved.lastname}, ${saved.street}, ${saved.zip} ${saved.city}` })}
              </p>
            ) : null}
            <div className="modal-actions">
              <button type="submit" className="button" data-testid="sample-step1-next">
                {t("samples.next")}
              </button>
              <button type="button" className="button link" onClick={onClose}>
                {t("cart.cancel")}
              </button>
            </div>
          </form>
        ) : null}

        {step === 2 ? (
          <form noValidate onSubmit={(event) => void submitAddress(event)} className="address-form">
            {(
              [
                ["firstname", "given-name"],
                ["lastname", "family-name"],
                ["company", "organization"],
                ["street", "street-address"],
                ["zip", "postal-code"],
                ["city", "address-level2"],
                ["phone", "tel"],
              ] as const
            ).map(([name, autoComplete]) => (
              <div key={name} className="form-row">
                <label htmlFor={`sample-${name}`}>{t(name === "zip" ? "samples.form.zipLabel" : `samples.form.${name}`)}</label>
                {name === "street" ? (
                  <AddressSuggest
                    id="sample-street"
                    enabled={lookup}
                    country={addressForm.watch("countryCode")}
                    input={addressForm.register("street")}
                    autoComplete={autoComplete}
                    invalid={!!addressForm.formState.errors.street}
                    onSelect={fillAddress}
                  />
                ) : (
                  <input
                    id={`sample-${name}`}
                    autoComplete={autoComplete}
                    aria-invalid={!!addressForm.formState.errors[name]}
                    {...addressForm.register(name)}
                  />
                )}
                {fieldError(addressForm.formState.errors[name]?.message, `sample-${name}-error`)}
              </div>
            ))}
            <div className="form-row">
              <label htmlFor="sample-countryCode">{t("samples.form.countryCode")}</label>
              <select id="sample-countryCode" {...addressForm.register("countryCode")}>
                {countries.map((option) => (
                  <option key={option.code} value={option.code}>
                    {option.name}
                  </option>
                ))}
              </select>
              {fieldError(addressForm.formState.errors.countryCode?.message, "sample-countryCode-error")}
            </div>
            {pendingAddress ? (
              <HouseNumberConfirm
                id="house-number-title"
                question={t("samples.houseNumber.question")}
                continueLabel={t("samples.houseNumber.continue")}
                editLabel={t("samples.houseNumber.edit")}
                onContinue={() => {
                  const form = pendingAddress;
                  setPendingAddress(null);
                  setWithoutNumber(true);
                  void saveAddress(form);
                }}
                onEdit={() => {
                  setPendingAddress(null);
                  addressForm.setFocus("street");
                }}
              />
            ) : null}
            <div className="modal-actions">
              <button type="submit" className="button" disabled={busy} data-testid="sample-step2-next">
                {t("samples.next")}
              </button>
              <button type="button" className="button link" onClick={() => setStep(1)}>
                {t("samples.back")}
              </button>
            </div>
          </form>
        ) : null}

        {step === 3 ? (
          <SamplePackage
            cart={cart}
            warning={withoutNumber || cart.options.addressWarnings.includes("house_number_missing")}
            busy={busy}
            onRemove={remove}
            onBack={() => setStep(2)}
            onFinish={finish}
          />
        ) : null}
        <Alerts alerts={alerts} onDismiss={dismiss} />
      </div>
    </div>
  );
}

function SamplePackage({
  cart,
  warning,
  busy,
  onRemove,
  onBack,
  onFinish,
}: {
  cart: SampleCart;
  warning: boolean;
  busy: boolean;
  onRemove: (sku: string) => Promise<void>;
  onBack: () => void;
  onFinish: () => Promise<void>;
}) {
  const { t } = useTranslation("commerce");
  const items = cart.cart?.items ?? [];
  const { data: related } = useRelated(items[0]?.sku ?? null);
  const inCart = new Set(items.map((item) => item.sku));
  const similar = (related ?? []).filter((product) => !inCart.has(product.sku)).slice(0, 3);
  return (
    <div className="sample-package" data-testid="sample-package">
      {warning ? (
        <p className="warning small" role="status" data-testid="house-number-warning">
          {t("samples.houseNumber.warning")}
        </p>
      ) : null}
      <SampleItems items={items} remove={(sku) => void onRemove(sku)} />
      {similar.length > 0 && !cart.options.isSampleCartFull ? (
        <>
          <h3>{t("samples.similar")}</h3>
          <ul className="sample-similar">
            {similar.map((product) => (
              <li key={product.sku}>
                {product.detailLink ? <a href={product.detailLink}>{product.name}</a> : product.name}{" "}
                <button
                  type="button"
                  className="button link"
                  onClick={() => void sampleCall(PATHS.sampleAdd, { sku: product.sku, quantity: 1, recommendation: true })}
                >
                  {t("samples.addSuggestion")}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="modal-actions">
        <button type="button" className="button" disabled={busy || items.length === 0} onClick={() => void onFinish()} data-testid="sample-finish">
          {t("samples.finish")}
        </button>
        <button type="button" className="button link" onClick={onBack}>
          {t("samples.back")}
        </button>
      </div>
    </div>
  );
}
