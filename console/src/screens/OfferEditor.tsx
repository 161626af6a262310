/**
 * The offer editor (service, ops) in an offer request's detail: staff prepare the offer (lines
 * of products with packages and package prices, prefilled with the requested product at its
 * regular price, row totals and the total; the last valid day; a message to the customer) and
 * send it; the customer gets it by mail with a signed link. While it is offered it can be
 * revised (sent again); once accepted, declined or expired it is shown as it was sent, with its
 * state. Prices are typed in the offer's currency (24.50 or 24,50) and sent in minor units.
 * API: worker/shop-api/offers/staff.ts (GET/PUT /admin/api/inquiries/:id/offer).
 */
import { useEffect, useState, type FormEvent } from "react";
import type { OfferInput, OfferProduct, StaffOffer, StaffOfferAnswer } from "@domain/back-office/offers";
import { OFFER_LIMITS } from "@domain/back-office/offers";
import type { StoredOfferState } from "@domain/offers";
import { apiGet, apiPut } from "../api";
import { problemText } from "../components/format";
import { formatMinor, formatMoneyValue, formatTime } from "../intl";
import { ProblemAlert } from "../components/ProblemAlert";
import { useStaffRead } from "../components/staff-read";
import { t, type TextKey } from "../texts";
import "../components/back-office.css";
import "./offers.css";

const offerApi = (inquiryId: string) => `/admin/api/inquiries/${encodeURIComponent(inquiryId)}/offer`;

const STATE_TEXT: Record<StoredOfferState, TextKey> = {
  offered: "offers.state.offered",
  accepted: "offers.state.accepted",
  declined: "offers.state.declined",
  expired: "offers.state.expired",
};

export function OfferStateBadge({ state }: { state: StoredOfferState }) {
  return <span className={`badge offer-${state}`}>{t(STATE_TEXT[state])}</span>;
}

/** Minor units as the editor's price field shows them: 2450 -> "24.50". */
export function priceText(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;
}

/** A typed package price in minor units ("24.50", "24,5", "24"), or null when it is none. */
export function parsePrice(text: string): number | null {
  const match = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
  return minor <= OFFER_LIMITS.maxPackagePrice ? minor : null;
}

/** A typed number of packages, or null. */
export function parseQuantity(text: string): number | null {
  if (!/^\s*\d{1,5}\s*$/.test(text)) return null;
  const quantity = Number(text);
  return quantity >= 1 && quantity <= OFFER_LIMITS.maxQuantity ? quantity : null;
}

const addDays = (date: string, days: number): string => {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

interface LineDraft {
  key: number;
  sku: string;
  quantity: string;
  price: string;
}

/** Packages for the quantity the customer asked for (in the product's unit), at least the product's minimum. */
function suggestedPackages(answer: StaffOfferAnswer, product: OfferProduct | undefined): number {
  const minimum = product?.minimumQuantity ?? 1;
  if (!product || !answer.quantity || answer.unit !== product.unit || product.packageContent <= 0) return minimum;
  return Math.min(OFFER_LIMITS.maxQuantity, Math.max(minimum, Math.ceil(answer.quantity / product.packageContent - 1e-9)));
}

/**
 * The lines the form starts with: the offer's; else the bill of the terrace planner configuration
 * the request hands over, at today's prices; else the requested product at its regular price.
 */
export function initialLines(answer: StaffOfferAnswer): LineDraft[] {
  if (answer.offer)
    return answer.offer.lines.map((line, index) => ({
      key: index,
      sku: line.sku,
      quantity: String(line.quantity),
      price: priceText(line.packagePrice.amount),
    }));
  if (answer.configuration && answer.configuration.lines.length > 0)
    return answer.configuration.lines.map((line, index) => ({
      key: index,
      sku: line.sku,
      quantity: String(line.quantity),
      price: priceText(line.packagePrice),
    }));
  const product = answer.products.find((candidate) => candidate.sku === answer.product.sku);
  return [
    {
      key: 0,
      sku: answer.product.sku,
      quantity: String(suggestedPackages(answer, product)),
      price: product?.packagePrice != null ? priceText(product.packagePrice) : "",
    },
  ];
}

/** An offer as it was sent: state, validity, lines, total and the message. */
export function SentOffer({ offer, currency }: { offer: StaffOffer; currency: string }) {
  return (
    <>
      <dl className="facts">
        <dt>{t("offers.offer")}</dt>
        <dd data-testid="offer-state">
          {offer.offerId} <OfferStateBadge state={offer.state} />
        </dd>
        <dt>{t("offers.validUntil")}</dt>
        <dd>{offer.validUntil}</dd>
        <dt>{t("offers.sent")}</dt>
        <dd>{t("offers.sentBy", { at: formatTime(offer.offeredAt), by: offer.staffEmail })}</dd>
        {offer.acceptedAt && (
          <>
            <dt>{t("offers.acceptedAt")}</dt>
            <dd>{formatTime(offer.acceptedAt)}</dd>
          </>
        )}
        {offer.declinedAt && (
          <>
            <dt>{t("offers.declinedAt")}</dt>
            <dd>{formatTime(offer.declinedAt)}</dd>
          </>
        )}
        <dt>{t("offers.total")}</dt>
        <dd>{formatMoneyValue(offer.total)}</dd>
        <dt>{t("offers.message")}</dt>
        <dd className="offer-message">{offer.message || "–"}</dd>
      </dl>
      <table className="offer-lines">
        <thead>
          <tr>
            <th scope="col">{t("offers.sku")}</th>
            <th scope="col">{t("offers.product")}</th>
            <th scope="col">{t("offers.quantity")}</th>
            <th scope="col">{t("offers.packagePrice", { currency })}</th>
            <th scope="col">{t("offers.regularPrice")}</th>
            <th scope="col">{t("offers.rowTotal")}</th>
          </tr>
        </thead>
        <tbody>
          {offer.lines.map((line) => (
            <tr key={line.lineNo}>
              <td>{line.sku}</td>
              <td>{line.name}</td>
              <td>{line.quantity}</td>
              <td className="money">{formatMoneyValue(line.packagePrice)}</td>
              <td className="money">{formatMoneyValue(line.regularPrice)}</td>
              <td className="money">{formatMoneyValue(line.rowTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** The editable offer: lines, validity and message; `onSend` gets the body of the PUT once staff confirmed. */
export function OfferForm({
  answer,
  busy,
  onSend,
  onLookUp,
}: {
  answer: StaffOfferAnswer;
  busy: boolean;
  onSend: (input: OfferInput) => void;
  onLookUp: (skus: string[]) => void;
}) {
  const [lines, setLines] = useState<LineDraft[]>(() => initialLines(answer));
  const [validUntil, setValidUntil] = useState(answer.offer?.validUntil ?? [addDays(answer.validFrom, 14), answer.validTo].sort()[0]!);
  const [message, setMessage] = useState(answer.offer?.message ?? "");
  const [asking, setAsking] = useState(false);
  const products = new Map(answer.products.map((product) => [product.sku, product]));
  const money = (minor: number) => formatMinor(minor, answer.currency);

  const rows = lines.map((line) => {
    const sku = line.sku.trim();
    const quantity = parseQuantity(line.quantity);
    const price = parsePrice(line.price);
    const product = products.get(sku);
    return { line, sku, quantity, price, product, total: quantity !== null && price !== null ? quantity * price : null };
  });
  const skus = rows.map((row) => row.sku);
  const duplicate = (sku: string) => sku !== "" && skus.indexOf(sku) !== skus.lastIndexOf(sku);
  const unknown = rows.filter((row) => row.sku !== "" && !row.product).map((row) => row.sku);
  const complete =
    rows.length >= 1 &&
    rows.length <= OFFER_LIMITS.maxLines &&
    rows.every(
      (row) => row.product?.sold && row.quantity !== null && row.quantity >= row.product.minimumQuantity && row.price !== null && !duplicate(row.sku),
    ) &&
    validUntil >= answer.validFrom &&
    validUntil <= answer.validTo;
  const total = rows.reduce((sum, row) => sum + (row.total ?? 0), 0);

  const change = (key: number, field: "sku" | "quantity" | "price", value: string) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, [field]: value } : line)));
  const add = () => setLines((current) => [...current, { key: Math.max(-1, ...current.map((line) => line.key)) + 1, sku: "", quantity: "1", price: "" }]);
  const remove = (key: number) => setLines((current) => current.filter((line) => line.key !== key));
  // Products looked up later bring their regular price into lines that have none yet.
  useEffect(() => {
    const known = new Map(answer.products.map((product) => [product.sku, product]));
    setLines((current) =>
      current.map((line) => {
        const product = known.get(line.sku.trim());
        return line.price.trim() === "" && product?.packagePrice != null ? { ...line, price: priceText(product.packagePrice) } : line;
      }),
    );
  }, [answer.products]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (complete) setAsking(true);
  };
  const send = () =>
    onSend({
      lines: rows.map((row) => ({ sku: row.sku, quantity: row.quantity!, packagePrice: row.price! })),
      validUntil,
      message,
    });

  return (
    <form className="offer-form" onSubmit={submit} aria-label={t("offers.formTitle")}>
      <table className="offer-lines">
        <thead>
          <tr>
            <th scope="col">{t("offers.sku")}</th>
            <th scope="col">{t("offers.product")}</th>
            <th scope="col">{t("offers.quantity")}</th>
            <th scope="col">{t("offers.packagePrice", { currency: answer.currency })}</th>
            <th scope="col">{t("offers.regularPrice")}</th>
            <th scope="col">{t("offers.rowTotal")}</th>
            <th scope="col" aria-label={t("offers.remove")} />
          </tr>
        </thead>
        <tbody>
          {rows.map(({ line, sku, quantity, price, product, total: rowTotal }, index) => (
            <tr key={line.key}>
              <td>
                <input
                  name={`lines.${index}.sku`}
                  value={line.sku}
                  maxLength={64}
                  required
                  aria-label={t("offers.sku")}
                  aria-invalid={duplicate(sku) || (product !== undefined && !product.sold)}
                  onChange={(event) => change(line.key, "sku", event.target.value)}
                  disabled={asking}
                />
              </td>
              <td>
                {product ? (
                  <>
                    {product.name}
                    {product.unitLabel && (
                      <span className="notice"> · {t("offers.packageOf", { content: product.packageContent, unit: product.unitLabel })}</span>
                    )}
                    {!product.sold && <p className="error">{t("offers.notSold")}</p>}
                    {product.sold && quantity !== null && quantity < product.minimumQuantity && (
                      <p className="notice">{t("offers.belowMinimum", { minimum: product.minimumQuantity })}</p>
                    )}
                  </>
                ) : sku ? (
                  <span className="notice">{t("offers.lookUpHint")}</span>
                ) : null}
                {duplicate(sku) && <p className="error">{t("offers.duplicate")}</p>}
              </td>
              <td>
                <input
                  type="number"
                  name={`lines.${index}.quantity`}
                  min={1}
                  max={OFFER_LIMITS.maxQuantity}
                  step={1}
                  value={line.quantity}
                  required
                  aria-label={t("offers.quantity")}
                  aria-invalid={quantity === null}
                  onChange={(event) => change(line.key, "quantity", event.target.value)}
                  disabled={asking}
                />
              </td>
              <td>
                <input
                  inputMode="decimal"
                  name={`lines.${index}.packagePrice`}
                  value={line.price}
                  required
                  aria-label={t("offers.packagePrice", { currency: answer.currency })}
                  aria-invalid={line.price !== "" && price === null}
                  onChange={(event) => change(line.key, "price", event.target.value)}
                  disabled={asking}
                />
              </td>
              <td className="money">{product?.packagePrice != null ? money(product.packagePrice) : "–"}</td>
              <td className="money">{rowTotal !== null ? money(rowTotal) : "–"}</td>
              <td>
                <button type="button" className="secondary" onClick={() => remove(line.key)} disabled={asking || lines.length <= 1}>
                  {t("offers.remove")}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={5}>
              {t("offers.total")}
            </th>
            <td className="money" data-testid="offer-total">
              {money(total)}
            </td>
            <td />
          </tr>
        </tfoot>
      </table>
      <div className="row actions">
        <button type="button" className="secondary" onClick={add} disabled={asking || lines.length >= OFFER_LIMITS.maxLines}>
          {t("offers.addLine")}
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() => onLookUp(skus.filter((sku) => sku !== ""))}
          disabled={asking || busy || unknown.length === 0}
        >
          {t("offers.lookUp")}
        </button>
      </div>
      <label>
        {t("offers.validUntil")}
        <input
          type="date"
          name="validUntil"
          value={validUntil}
          min={answer.validFrom}
          max={answer.validTo}
          required
          onChange={(event) => setValidUntil(event.target.value)}
          disabled={asking}
        />
      </label>
      <p className="notice">{t("offers.validityHint", { from: answer.validFrom, to: answer.validTo })}</p>
      <label>
        {t("offers.message")}
        <textarea
          name="message"
          value={message}
          maxLength={OFFER_LIMITS.messageMax}
          rows={5}
          onChange={(event) => setMessage(event.target.value)}
          disabled={asking}
        />
      </label>
      {asking ? (
        <div className="row actions">
          <p>{t("offers.confirm", { email: answer.email, total: money(total) })}</p>
          <button type="button" disabled={busy} onClick={send}>
            {t("offers.confirmYes")}
          </button>
          <button type="button" className="secondary" disabled={busy} onClick={() => setAsking(false)}>
            {t("offers.confirmNo")}
          </button>
        </div>
      ) : (
        <button type="submit" disabled={!complete || busy}>
          {answer.offer ? t("offers.sendRevised") : t("offers.send")}
        </button>
      )}
    </form>
  );
}

export function OfferEditor({ inquiryId, onSaved }: { inquiryId: string; onSaved: () => void }) {
  const { data: answer, setData: setAnswer, problem, setProblem } = useStaffRead<StaffOfferAnswer>(offerApi(inquiryId));
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const lookUp = async (skus: string[]) => {
    setProblem(null);
    try {
      const params = new URLSearchParams();
      for (const sku of skus) params.append("sku", sku);
      const query = params.toString();
      setAnswer(await apiGet<StaffOfferAnswer>(`${offerApi(inquiryId)}${query ? `?${query}` : ""}`));
    } catch (caught) {
      setProblem(problemText(caught));
    }
  };

  const send = async (input: OfferInput) => {
    setBusy(true);
    setProblem(null);
    setDone(null);
    try {
      const saved = await apiPut<StaffOfferAnswer>(offerApi(inquiryId), input);
      setAnswer(saved);
      setDone(t("offers.sentTo", { email: saved.email }));
      onSaved();
    } catch (caught) {
      setProblem(problemText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="offer-title" className="offer-editor">
      <h2 id="offer-title">{t("offers.title")}</h2>
      <ProblemAlert problem={problem} />
      {done && (
        <p role="status" className="ok">
          {done}
        </p>
      )}
      {!answer && !problem && <p className="notice">{t("loading")}</p>}
      {answer && (
        <>
          <p className="notice">
            {t("offers.request", { product: `${answer.product.name} (${answer.product.sku})`, shop: answer.shop, language: answer.language })}
            {answer.quantity !== null && ` · ${t("offers.asked", { quantity: answer.quantity, unit: answer.unit ?? "" })}`}
          </p>
          {answer.configuration && (
            <div className="notice" data-testid="offer-configuration">
              <p>{t("offers.configuration", { number: answer.configuration.number })}</p>
              {answer.configuration.missing.length > 0 && (
                <ul>
                  {answer.configuration.missing.map((line) => (
                    <li key={`${line.role}:${line.name}`}>{t("offers.configurationMissing", { name: line.name, role: line.role })}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
          {answer.offer ? <SentOffer offer={answer.offer} currency={answer.currency} /> : <p data-testid="offer-state">{t("offers.state.requested")}</p>}
          {(answer.offer === null || answer.offer.revisable) && (
            <OfferForm
              key={answer.offer?.updatedAt ?? "new"}
              answer={answer}
              busy={busy}
              onSend={(input) => void send(input)}
              onLookUp={(skus) => void lookUp(skus)}
            />
          )}
        </>
      )}
    </section>
  );
}
