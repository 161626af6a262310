import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { AccountLayout, RequireCustomer } from "./AccountNav";
import { useAccountSettings } from "./context";

/** My offers: the offers of the inquiries feature are listed here once it exists; until then the empty state. */
export function Offers() {
  const { t } = useTranslation("account");
  const { home } = useAccountSettings();
  return (
    <RequireCustomer>
      {(customer) => (
        <AccountLayout current="offers" customer={customer}>
          <section aria-labelledby="offers-title" data-testid="offers">
            <h1 id="offers-title">{t("account.offers.title")}</h1>
            <p data-testid="offers-empty">{t("account.offers.empty")}</p>
            <p className="muted">{t("account.offers.how")}</p>
            <a className="button secondary" href={home}>
              {t("account.offers.browse")}
            </a>
          </section>
        </AccountLayout>
      )}
    </RequireCustomer>
  );
}
