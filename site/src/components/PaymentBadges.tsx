import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";

/**
 * The footer's payment badges: the methods the shop offers (ShopInfo.paymentMethods, derived
 * at build time from the shop's config by the checkout's own rule, domain/payment-methods.ts),
 * named as the checkout names them.
 */
export function PaymentBadges({ methods }: { methods: readonly string[] }) {
  const { t } = useTranslation("checkout");
  return (
    <ul className="badges">
      {methods.map((method) => (
        <li key={method} className="badge-icon">
          {t(`checkout.payment.methods.${method}`)}
        </li>
      ))}
    </ul>
  );
}
