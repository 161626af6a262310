import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { callOffSchema } from "@domain/account-forms";
import type { CustomerOrderView, OrderAnswer } from "@domain/api/orders";
import { ACCOUNT_PATHS, accountCall } from "./api";
import { useAccountSettings } from "./context";
import { fieldErrorText, useFormTexts } from "./form-texts";
import { codeText, FieldError, formatDay } from "./ui";

/** The storage box of an order: what is stored until when, the call-offs so far and a call-off with a desired date. */
/**
 * The storage box of an order: what is stored until when, the call-offs so far, and a
 * call-off with a desired date: a native date input bounded by the days the shop API says a
 * call-off may name today (working days; none once the goods have left or the order is cancelled).
 */
export function StorageBox({ order, onChange }: { order: CustomerOrderView; onChange: (order: CustomerOrderView) => void }) {
  const { t } = useTranslation("account");
  const { language } = useAccountSettings();
  const texts = useFormTexts();
  const storage = order.storage!;
  const bounds = storage.callOff;
  const [value, setValue] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  const [pending, setPending] = React.useState(false);
  const [done, setDone] = React.useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!bounds) return;
    const checked = callOffSchema(texts, bounds).safeParse({ desiredDate: value });
    if (!checked.success) {
      setError(value === "" ? texts.required : (checked.error.issues[0]?.message ?? texts.date));
      return;
    }
    setPending(true);
    setError(null);
    const result = await accountCall<OrderAnswer>("POST", ACCOUNT_PATHS.callOff(order.orderNumber), checked.data);
    setPending(false);
    if (result.ok && result.data) {
      setDone(true);
      setValue("");
      onChange(result.data.order);
    } else setError(fieldErrorText(t, result.errors.find((candidate) => candidate.field === "desiredDate") ?? result.errors[0] ?? { message: "" }));
  };
  return (
    <section className="storage-box" aria-labelledby="storage-title" data-testid="storage-box">
      <h2 id="storage-title">{t("account.storage.title")}</h2>
      <p data-testid="stored-until">{t("account.storage.storedUntil", { date: formatDay(storage.storedUntil, language) })}</p>
      <p data-testid="storage-state">{t("account.storage.state", { state: codeText(t, "storageStates", storage.state) })}</p>
      {storage.callOffs.length > 0 ? (
        <>
          <h3>{t("account.storage.callOffs")}</h3>
          <ul className="call-offs" data-testid="call-offs">
            {storage.callOffs.map((callOff, index) => (
              <li key={`${callOff.desiredDate}-${index}`}>
                {t("account.storage.callOff", { date: formatDay(callOff.desiredDate, language), state: codeText(t, "callOffStates", callOff.state) })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {bounds ? (
        <form noValidate onSubmit={(event) => void submit(event)} className="call-off-form">
          <div className="form-row">
            <label htmlFor="call-off-date">{t("account.storage.desiredDate")}</label>
            <input
              id="call-off-date"
              type="date"
              min={bounds.earliest}
              max={bounds.latest}
              value={value}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "call-off-date-error call-off-date-hint" : "call-off-date-hint"}
              onChange={(event) => {
                setValue(event.target.value);
                setError(null);
                setDone(false);
              }}
            />
            <span className="muted small" id="call-off-date-hint">
              {t("account.storage.dateHint", { min: formatDay(bounds.earliest, language), max: formatDay(bounds.latest, language) })}
            </span>
            <FieldError id="call-off-date-error" message={error ?? undefined} />
          </div>
          <button type="submit" className="button" disabled={pending} data-testid="call-off-submit">
            {t("account.storage.submit")}
          </button>
          {done ? (
            <p role="status" className="ok">
              {t("account.storage.sent")}
            </p>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}
