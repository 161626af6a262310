/**
 * The order detail's change forms (service, ops): mark as shipped with a carrier and a tracking
 * number (checked here with the shop API's own rule, domain/carriers.ts), cancel the order (after
 * a confirmation), change the delivery address, add an internal note, refund with a reason. Each calls back with what
 * to send; Orders.tsx sends it with the order's version and shows the answer or the refusal.
 */
import { useState, type FormEvent } from "react";
import { isCarrier, isTrackingNumber, normalizeTrackingNumber, type Carrier } from "@domain/carriers";
import { parseDecimalText } from "@domain/decimal-text";
import type { MoneyValue } from "@domain/money";
import type { StaffOrderAddress as Address } from "@domain/back-office/orders";
import { formatMoneyValue } from "../intl";
import { t } from "../texts";

export const carrierText = (carrier: Carrier): string => t(`orders.carrier.${carrier}`);

export function ShipForm({ carriers, busy, onShip }: { carriers: readonly Carrier[]; busy: boolean; onShip(carrier: Carrier, trackingNumber: string): void }) {
  const [carrier, setCarrier] = useState<string>("");
  const [number, setNumber] = useState("");
  const [invalid, setInvalid] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isCarrier(carrier)) return;
    const normalized = normalizeTrackingNumber(number);
    if (!isTrackingNumber(carrier, normalized)) {
      setInvalid(t("orders.ship.invalid", { carrier: carrierText(carrier) }));
      return;
    }
    setInvalid(null);
    onShip(carrier, normalized);
  };
  return (
    <form onSubmit={submit} aria-labelledby="ship-title" className="filters">
      <h3 id="ship-title">{t("orders.ship.title")}</h3>
      <label>
        {t("orders.ship.carrier")}
        <select name="carrier" value={carrier} required onChange={(event) => setCarrier(event.target.value)}>
          <option value="">{t("orders.ship.choose")}</option>
          {carriers.map((each) => (
            <option key={each} value={each}>
              {carrierText(each)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("orders.ship.trackingNumber")}
        <input
          name="trackingNumber"
          value={number}
          required
          maxLength={60}
          autoComplete="off"
          aria-invalid={invalid !== null}
          onChange={(event) => setNumber(event.target.value)}
        />
      </label>
      {invalid && (
        <p role="alert" className="error">
          {invalid}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {t("orders.ship.submit")}
      </button>
    </form>
  );
}

/** A question before an action that cannot be undone. */
export function Confirm({ question, busy, onYes, onNo }: { question: string; busy: boolean; onYes(): void; onNo(): void }) {
  return (
    <div className="row actions" role="group" aria-label={question}>
      <p>{question}</p>
      <button type="button" disabled={busy} onClick={onYes}>
        {t("orders.cancel.yes")}
      </button>
      <button type="button" className="secondary" disabled={busy} onClick={onNo}>
        {t("orders.cancel.no")}
      </button>
    </div>
  );
}

export function CancelOrder({ orderNumber, busy, onCancel }: { orderNumber: string; busy: boolean; onCancel(): void }) {
  const [asking, setAsking] = useState(false);
  return (
    <section aria-labelledby="cancel-title">
      <h3 id="cancel-title">{t("orders.cancel.title")}</h3>
      <p className="notice">{t("orders.cancel.hint")}</p>
      {asking ? (
        <Confirm
          question={t("orders.cancel.confirm", { number: orderNumber })}
          busy={busy}
          onYes={() => {
            setAsking(false);
            onCancel();
          }}
          onNo={() => setAsking(false)}
        />
      ) : (
        <button type="button" className="secondary" disabled={busy} onClick={() => setAsking(true)}>
          {t("orders.cancel.submit")}
        </button>
      )}
    </section>
  );
}

const ADDRESS_FIELDS = [
  ["firstname", "orders.address.firstname", 80],
  ["lastname", "orders.address.lastname", 80],
  ["companyName", "orders.address.company", 120],
  ["street", "orders.address.street", 160],
  ["postcode", "orders.address.postcode", 10],
  ["city", "orders.address.city", 80],
] as const;

export function AddressForm({
  address,
  countries,
  busy,
  onSave,
}: {
  address: Address | null;
  countries: readonly string[];
  busy: boolean;
  onSave(address: Address): void;
}) {
  const [value, setValue] = useState<Address>(address ?? { firstname: "", lastname: "", street: "", postcode: "", city: "", countryCode: countries[0] ?? "" });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { companyName, vatId, ...rest } = value;
    onSave({ ...rest, ...(companyName ? { companyName } : {}), ...(vatId ? { vatId } : {}) });
  };
  return (
    <form onSubmit={submit} aria-labelledby="address-title" className="filters">
      <h3 id="address-title">{t("orders.address.title")}</h3>
      {ADDRESS_FIELDS.map(([name, label, maxLength]) => (
        <label key={name}>
          {t(label)}
          <input
            name={name}
            value={value[name] ?? ""}
            required={name !== "companyName"}
            maxLength={maxLength}
            onChange={(event) => setValue({ ...value, [name]: event.target.value })}
          />
        </label>
      ))}
      <label>
        {t("orders.address.country")}
        <select name="countryCode" value={value.countryCode} onChange={(event) => setValue({ ...value, countryCode: event.target.value })}>
          {countries.map((code) => (
            <option key={code} value={code}>
              {code.toUpperCase()}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={busy}>
        {t("orders.address.submit")}
      </button>
    </form>
  );
}

export function NoteForm({ busy, onAdd }: { busy: boolean; onAdd(note: string): void }) {
  const [note, setNote] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (note.trim()) onAdd(note);
  };
  return (
    <form onSubmit={submit} aria-labelledby="note-title">
      <h3 id="note-title">{t("orders.note.title")}</h3>
      <label>
        {t("orders.note.title")}
        <textarea name="note" value={note} required maxLength={2000} rows={3} onChange={(event) => setNote(event.target.value)} />
      </label>
      <p className="notice">{t("orders.note.hint")}</p>
      <button type="submit" disabled={busy}>
        {t("orders.note.submit")}
      </button>
    </form>
  );
}

/** An amount staff type (12,34 or 12.34) in minor units, or null when it is not a positive amount with at most two decimals. */
export function amountInMinorUnits(text: string): number | null {
  const value = parseDecimalText(text);
  if (value === null || Number.isNaN(value)) return null;
  const minor = Math.round(value * 100);
  return minor > 0 && Math.abs(value * 100 - minor) < 1e-6 ? minor : null;
}

/**
 * A refund of the order (full or partial) with its reason, at most what is refundable: the
 * amount is checked here with the shop API's rule (a positive amount of at most the refundable),
 * the shop API refuses anything else as well.
 */
export function RefundForm({
  refundable,
  online,
  busy,
  onRefund,
}: {
  refundable: MoneyValue;
  online: boolean;
  busy: boolean;
  onRefund(amount: number, reason: string): void;
}) {
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [invalid, setInvalid] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minor = amountInMinorUnits(amount);
    if (minor === null) return setInvalid(t("orders.refund.invalidAmount"));
    if (minor > refundable.amount) return setInvalid(t("orders.refund.tooHigh", { amount: formatMoneyValue(refundable) }));
    if (!reason.trim()) return setInvalid(t("orders.refund.reasonRequired"));
    setInvalid(null);
    onRefund(minor, reason);
  };
  return (
    <form onSubmit={submit} aria-labelledby="refund-title" className="filters" data-testid="refund-form">
      <h3 id="refund-title">{t("orders.refund.title")}</h3>
      <p className="notice">{t(online ? "orders.refund.hintOnline" : "orders.refund.hintTransfer", { amount: formatMoneyValue(refundable) })}</p>
      <label>
        {t("orders.refund.amount")}
        <input
          name="amount"
          value={amount}
          inputMode="decimal"
          required
          maxLength={16}
          autoComplete="off"
          aria-invalid={invalid !== null}
          onChange={(event) => setAmount(event.target.value)}
        />
      </label>
      <button type="button" className="secondary" disabled={busy} onClick={() => setAmount(refundable.formattedValue)}>
        {t("orders.refund.all")}
      </button>
      <label>
        {t("orders.refund.reason")}
        <textarea name="reason" value={reason} required maxLength={2000} rows={2} onChange={(event) => setReason(event.target.value)} />
      </label>
      {invalid && (
        <p role="alert" className="error">
          {invalid}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {t("orders.refund.submit")}
      </button>
    </form>
  );
}
