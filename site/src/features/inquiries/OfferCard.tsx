/**
 * One offer as the customer sees it ("my offers"), in the account's list and on
 * the guest offer page alike: its state, the product asked about, the lines at their offered
 * prices (the regular price beside a lower one), the total, the validity and the staff's message;
 * "accept into cart" puts the lines into the cart and goes to the cart page, "decline" asks once
 * more and declines. An expired or declined offer has neither: it cannot be ordered any more.
 */
import type { OfferRefusalCode } from "@domain/api/offers";
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { CustomerOffer } from "@domain/offers";
import { htmlLanguage } from "@domain/routes";
import { acceptOffer, declineOffer, newIdempotencyKey } from "./api";
import { NAMESPACE, offerErrorKey } from "./texts";

/** A calendar day (YYYY-MM-DD) or a timestamp as the page's language writes a date (Berlin time). */
export function offerDate(value: string | null, language: string): string {
  if (!value) return "";
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(day ? `${value}T12:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  const locale = language === "en" ? "en-IE" : htmlLanguage(language);
  return new Intl.DateTimeFormat(locale, { day: "2-digit", month: "2-digit", year: "numeric", timeZone: day ? "UTC" : "Europe/Berlin" }).format(date);
}

/** Accepting is possible while the offer is offered, and again while an accepted one is valid (the lines go in again, never doubled). */
export const canAccept = (offer: CustomerOffer): boolean => offer.offerId !== null && (offer.state === "offered" || offer.state === "accepted");
export const canDecline = (offer: CustomerOffer): boolean => offer.offerId !== null && offer.state === "offered";

export interface OfferCardProps {
  offer: CustomerOffer;
  language: string;
  /** The signed link's signature (the guest offer page); none in the account. */
  sig?: string | null;
  /** The cart page, where accepting leads. */
  cartHref: string;
  /** The offer as the shop API answered it after a decline or a refused accept. */
  onChange: (offer: CustomerOffer) => void;
  /** Goes to a page (the browser's location; tests watch it). */
  goTo?: (href: string) => void;
  /** h2 on the offer page, h3 in the account's list. */
  heading?: "h2" | "h3";
}

export function OfferCard({ offer, language, sig = null, cartHref, onChange, goTo = (href) => window.location.assign(href), heading = "h3" }: OfferCardProps) {
  const { t } = useTranslation(NAMESPACE);
  const [busy, setBusy] = React.useState<"accept" | "decline" | null>(null);
  // Set at once (the state only with the next render): a second click of the same moment does nothing.
  const working = React.useRef(false);
  const [confirming, setConfirming] = React.useState(false);
  const [failure, setFailure] = React.useState<string | null>(null);
  // One key per action and offer: a double click or a retry is one accept (or decline).
  const keys = React.useRef<Record<string, string>>({});
  const keyOf = (action: string) => (keys.current[action] ??= newIdempotencyKey());
  const Heading = heading;

  const accept = async () => {
    if (!offer.offerId || working.current) return;
    working.current = true;
    setBusy("accept");
    setFailure(null);
    const result = await acceptOffer(offer.offerId, sig, keyOf("accept"));
    if (result.ok && result.data) {
      delete keys.current.accept;
      goTo(cartHref);
      return;
    }
    working.current = false;
    setBusy(null);
    setFailure(offerErrorKey(result));
    // The refusal tells what the offer is now (expired, declined): show it so.
    const code = result.errors[0]?.code;
    const expired = code === ("offer_expired" satisfies OfferRefusalCode);
    if (expired || code === ("offer_declined" satisfies OfferRefusalCode)) onChange({ ...offer, state: expired ? "expired" : "declined" });
  };
  const decline = async () => {
    if (!offer.offerId || working.current) return;
    working.current = true;
    setBusy("decline");
    setFailure(null);
    const result = await declineOffer(offer.offerId, sig, keyOf("decline"));
    working.current = false;
    setBusy(null);
    setConfirming(false);
    if (result.ok && result.data?.offer) {
      delete keys.current.decline;
      onChange(result.data.offer);
      return;
    }
    setFailure(offerErrorKey(result));
  };

  return (
    <article
      className="offer-card"
      data-testid="offer"
      data-offer={offer.offerId ?? offer.inquiryId}
      data-state={offer.state}
      aria-labelledby={`offer-${offer.inquiryId}`}
    >
      <Heading id={`offer-${offer.inquiryId}`}>{offer.product.name}</Heading>
      <p className="muted small">
        {t("offerView.number", { number: offer.inquiryId })} · {t("offerView.requestedAt", { date: offerDate(offer.createdAt, language) })} ·{" "}
        {t("offerView.product", { name: offer.product.name, sku: offer.product.sku })}
      </p>
      <p>
        <span className={`offer-state state-${offer.state}`} data-testid="offer-state">
          {t(`offerView.states.${offer.state}`)}
        </span>{" "}
        {offer.validUntil && offer.state !== "declined" ? (
          <span data-testid="offer-valid-until">{t("offerView.validUntil", { date: offerDate(offer.validUntil, language) })}</span>
        ) : null}
      </p>

      {offer.state === "requested" ? <p data-testid="offer-note">{t("offerView.requestedNote")}</p> : null}

      {offer.lines.length > 0 ? (
        <table className="offer-lines" data-testid="offer-lines">
          <caption className="visually-hidden">{t("offerView.lines.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("offerView.lines.name")}</th>
              <th scope="col" className="number">
                {t("offerView.lines.quantity")}
              </th>
              <th scope="col" className="number">
                {t("offerView.lines.packagePrice")}
              </th>
              <th scope="col" className="number">
                {t("offerView.lines.rowTotal")}
              </th>
            </tr>
          </thead>
          <tbody>
            {offer.lines.map((line) => (
              <tr key={`${line.sku}-${line.quantity}-${line.packagePrice.amount}`} data-testid="offer-line" data-sku={line.sku}>
                <td>
                  {line.name}
                  <br />
                  <span className="muted small">{line.sku}</span>
                </td>
                <td className="number">{line.quantity}</td>
                <td className="number">
                  <span data-testid="offer-line-price">{line.packagePrice.formattedWithCurrency}</span>
                  {line.regularPrice.amount > line.packagePrice.amount ? (
                    <>
                      <br />
                      <s className="muted small">{t("offerView.lines.regularPrice", { price: line.regularPrice.formattedWithCurrency })}</s>
                    </>
                  ) : null}
                </td>
                <td className="number">{line.rowTotal.formattedWithCurrency}</td>
              </tr>
            ))}
          </tbody>
          {offer.total ? (
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>
                  {t("offerView.total")}
                </th>
                <td className="number offer-total" data-testid="offer-total">
                  {offer.total.formattedWithCurrency}
                </td>
              </tr>
            </tfoot>
          ) : null}
        </table>
      ) : null}

      {offer.message ? (
        <div data-testid="offer-message">
          <p className="small">{t("offerView.message")}</p>
          <p className="offer-message">{offer.message}</p>
        </div>
      ) : null}

      {offer.state === "expired" ? (
        <p className="notice-info" data-testid="offer-note">
          {t("offerView.expiredNote")}
        </p>
      ) : null}
      {offer.state === "declined" ? (
        <p className="notice-info" data-testid="offer-note">
          {t("offerView.declinedNote")}
        </p>
      ) : null}
      {offer.state === "accepted" ? (
        <p className="notice-info" data-testid="offer-note">
          {t("offerView.acceptedNote")}
        </p>
      ) : null}

      {failure ? (
        <p className="notice" role="alert" data-testid="offer-error">
          {t(failure)}
        </p>
      ) : null}

      {canAccept(offer) || canDecline(offer) ? (
        <div className="inquiry-actions">
          {canAccept(offer) ? (
            <button type="button" className="button" disabled={busy !== null} onClick={() => void accept()} data-testid="offer-accept">
              {busy === "accept" ? t("offerView.accepting") : offer.state === "accepted" ? t("offerView.acceptAgain") : t("offerView.accept")}
            </button>
          ) : null}
          {canDecline(offer) && !confirming ? (
            <button type="button" className="button secondary" disabled={busy !== null} onClick={() => setConfirming(true)} data-testid="offer-decline">
              {t("offerView.decline")}
            </button>
          ) : null}
        </div>
      ) : null}
      {confirming && canDecline(offer) ? (
        <div className="notice-info" role="group" aria-label={t("offerView.declineConfirm")} data-testid="offer-decline-confirm">
          <p>{t("offerView.declineConfirm")}</p>
          <div className="inquiry-actions">
            <button type="button" className="button secondary" disabled={busy !== null} onClick={() => void decline()} data-testid="offer-decline-yes">
              {t("offerView.declineYes")}
            </button>
            <button type="button" className="button link" disabled={busy !== null} onClick={() => setConfirming(false)}>
              {t("offerView.declineNo")}
            </button>
          </div>
        </div>
      ) : null}
    </article>
  );
}
