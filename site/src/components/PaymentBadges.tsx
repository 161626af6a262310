import React from "react";
import type { PaymentMethod } from "@domain/payment-methods";
import { PaymentMarks } from "./PaymentMarks";

/**
 * The footer's payment marks: the methods the shop offers (ShopInfo.paymentMethods, derived at
 * build time from the shop's config by the checkout's own rule, domain/payment-methods.ts), each
 * drawn with its brand's marks (PaymentMarks, as the checkout draws them) and named as the
 * checkout names it; `countries` (where the shop delivers) pick the instant transfer schemes.
 */
export function PaymentBadges({ methods, countries }: { methods: readonly string[]; countries: readonly string[] }) {
  return (
    <ul className="badges payment-badges">
      {methods.map((method) => (
        <li key={method} className="payment-badge">
          <PaymentMarks method={method as PaymentMethod} countries={countries} named />
        </li>
      ))}
    </ul>
  );
}
