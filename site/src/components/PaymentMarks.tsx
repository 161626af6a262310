import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { paymentMarks, type PaymentMark, type PaymentMethod } from "@domain/payment-methods";

/**
 * The payment methods' marks, drawn inline (no download, no third-party request): the brands'
 * marks (PayPal, Visa, Mastercard, Klarna, SEPA, Amazon Pay, TWINT, iDEAL, EPS, Bancontact) and
 * neutral pictograms for prepayment, invoice and cash on delivery. Which marks a method shows is
 * domain/payment-methods.ts paymentMarks; the footer (PaymentBadges) and the checkout's choice of
 * method both draw them with PaymentMarks. The name people hear is the method's, as the checkout
 * names it (locales/<language>/checkout.json `checkout.payment.methods`).
 */

const FRAME = <rect x="0.5" y="0.5" width="47" height="31" rx="4" fill="#fff" stroke="#d6d0c9" />;
const WORD = { fontFamily: "Arial, Helvetica, sans-serif", fontWeight: 700 } as const;
const PICTOGRAM = { fill: "none", stroke: "#4a3f36", strokeWidth: 1.6, strokeLinecap: "round", strokeLinejoin: "round" } as const;

const DRAWINGS: Record<PaymentMark, React.ReactNode> = {
  paypal: (
    <>
      <path d="M5 24.5 7.6 8h6.1c3 0 4.6 1.6 4.2 4.1-.5 3.1-2.7 4.6-5.8 4.6H9.8l-1.2 7.8Z" fill="#003087" />
      <path d="M7.6 26 9.9 11.5h5.5c2.7 0 4.1 1.4 3.7 3.7-.4 2.8-2.4 4.2-5.2 4.2h-2.1L10.7 26Z" fill="#009cde" />
      <text x="20" y="20" fontSize="7.6" {...WORD} fontStyle="italic" fill="#003087">
        Pay<tspan fill="#009cde">Pal</tspan>
      </text>
    </>
  ),
  visa: (
    <text x="24" y="21.5" textAnchor="middle" fontSize="13" {...WORD} fontStyle="italic" fill="#1a1f71" letterSpacing="-0.3">
      VISA
    </text>
  ),
  mastercard: (
    <>
      <circle cx="19.5" cy="16" r="8" fill="#eb001b" />
      <circle cx="28.5" cy="16" r="8" fill="#f79e1b" />
      <path d="M24 9.4a8 8 0 0 1 0 13.2 8 8 0 0 1 0-13.2Z" fill="#ff5f00" />
    </>
  ),
  klarna: (
    <>
      <rect x="5" y="8" width="38" height="16" rx="8" fill="#ffb3c7" />
      <text x="24" y="19.8" textAnchor="middle" fontSize="9.5" {...WORD} fill="#0b051d">
        Klarna.
      </text>
    </>
  ),
  sepa: (
    <>
      <text x="19" y="20.5" textAnchor="middle" fontSize="11" {...WORD} fontStyle="italic" fill="#10298e">
        SEPA
      </text>
      <path d="M39 10.5a5.5 5.5 0 1 1 0 11" fill="none" stroke="#ffbe00" strokeWidth="2" strokeDasharray="1.6 1.4" />
    </>
  ),
  amazon_pay: (
    <>
      <text x="24" y="16.5" textAnchor="middle" fontSize="7.4" {...WORD} fill="#232f3e">
        amazon pay
      </text>
      <path d="M12 20.5c7.5 4 16.5 4 24 0" fill="none" stroke="#ff9900" strokeWidth="1.8" strokeLinecap="round" />
      <path d="m33.4 18.6 2.9 1.8-1.6 3" fill="none" stroke="#ff9900" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
  twint: (
    <>
      <rect x="4" y="6" width="40" height="20" rx="3" fill="#000" />
      <path d="m10 11 4 5-4 5-4-5Z" fill="#ff6b00" />
      <path d="m10 13.2 2.3 2.8L10 18.8 7.7 16Z" fill="#2f9bd8" />
      <text x="28" y="19.8" textAnchor="middle" fontSize="9" {...WORD} fill="#fff">
        TWINT
      </text>
    </>
  ),
  ideal: (
    <>
      <rect x="8" y="5" width="32" height="22" rx="3" fill="#fff" stroke="#0a0a0a" strokeWidth="1.2" />
      <text x="24" y="20.5" textAnchor="middle" fontSize="10" {...WORD} fill="#0a0a0a">
        i<tspan fill="#cc0066">DEAL</tspan>
      </text>
    </>
  ),
  eps: (
    <>
      <path d="M8.5 16h11a5.5 5.5 0 1 0-1.6 3.9" fill="none" stroke="#c8102e" strokeWidth="2.4" strokeLinecap="round" />
      <text x="33" y="20.5" textAnchor="middle" fontSize="12" {...WORD} fill="#71706f">
        eps
      </text>
    </>
  ),
  bancontact: (
    <>
      <path d="M6 20h14l3-4h19l-3 4" fill="none" stroke="#005498" strokeWidth="3" strokeLinejoin="round" />
      <path d="M42 12H28l-3 4H6l3-4" fill="none" stroke="#ffd800" strokeWidth="3" strokeLinejoin="round" />
      <text x="24" y="28" textAnchor="middle" fontSize="5" {...WORD} fill="#005498">
        Bancontact
      </text>
    </>
  ),
  prepayment: (
    <g {...PICTOGRAM}>
      <path d="M14 12.5 24 7l10 5.5Z" />
      <path d="M15 12.5h18M17 14.5v7M22 14.5v7M27 14.5v7M31 14.5v7M14 23.5h20" />
    </g>
  ),
  invoice: (
    <g {...PICTOGRAM}>
      <path d="M18 6h9l5 5v15H18Z" />
      <path d="M27 6v5h5M21 15h8M21 18.5h8M21 22h5" />
    </g>
  ),
  cash_on_delivery: (
    <g {...PICTOGRAM}>
      <path d="M8 10h19v11H8ZM27 14h6l4 4v3H27" />
      <circle cx="13" cy="23" r="2" fill="#fff" />
      <circle cx="31" cy="23" r="2" fill="#fff" />
      <circle cx="17.5" cy="15.5" r="3" />
    </g>
  ),
};

/** One mark, drawn for its place (people hear the method's name from the mark's holder, never the drawing). */
function Mark({ mark }: { mark: PaymentMark }) {
  return (
    <svg className="payment-mark" viewBox="0 0 48 32" width="48" height="32" aria-hidden="true" focusable="false" data-mark={mark}>
      {FRAME}
      {DRAWINGS[mark]}
    </svg>
  );
}

/**
 * A payment method's marks in a shop (`countries`: where it delivers, for the instant transfer
 * schemes). `named`: the marks stand for the method (the footer): they carry its name; without
 * it they are decoration beside the method's written name (the checkout's choice).
 */
export function PaymentMarks({ method, countries, named = false }: { method: PaymentMethod; countries: readonly string[]; named?: boolean }) {
  const { t } = useTranslation("checkout");
  const marks = paymentMarks(method, countries);
  const name = t(`checkout.payment.methods.${method}`);
  // A method without a mark here (an instant transfer with no scheme in these countries) is written out where it stands for itself.
  if (marks.length === 0) return named ? <span className="badge-icon">{name}</span> : null;
  return named ? (
    <span className="payment-marks" role="img" aria-label={name} title={name}>
      {marks.map((mark) => (
        <Mark key={mark} mark={mark} />
      ))}
    </span>
  ) : (
    <span className="payment-marks" aria-hidden="true">
      {marks.map((mark) => (
        <Mark key={mark} mark={mark} />
      ))}
    </span>
  );
}
