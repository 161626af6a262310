import React from "react";
import useSWR from "swr";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { CustomerOffersAnswer } from "@domain/api/offers";
import type { CustomerOffer } from "@domain/offers";
import { cartPath } from "@domain/routes";
import { INQUIRY_PATHS } from "../inquiries/api";
import { inquiriesEnabled } from "../inquiries/availability";
import { OfferCard } from "../inquiries/OfferCard";
import { AccountLayout, RequireCustomer } from "./AccountNav";
import { fetchAccount } from "./api";
import { useAccountSettings } from "./context";
import { Loading } from "./ui";

/**
 * My offers: the customer's offer requests, newest first, each with its
 * state, product, lines, prices, total, validity and the staff's message; an offer that can be
 * accepted goes into the cart at its offered prices (then the cart page), one that is offered can
 * be declined. Expired and declined offers are shown, but cannot be accepted.
 */
export function Offers({ goTo }: { goTo?: (href: string) => void } = {}) {
  return (
    <RequireCustomer>
      {(customer) => (
        <AccountLayout current="offers" customer={customer}>
          <OfferList goTo={goTo} />
        </AccountLayout>
      )}
    </RequireCustomer>
  );
}

function OfferList({ goTo }: { goTo?: (href: string) => void }) {
  const { t } = useTranslation("account");
  const { home, shop, language } = useAccountSettings();
  const { data, error, mutate } = useSWR<CustomerOffersAnswer>(INQUIRY_PATHS.customerOffers, fetchAccount, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const replace = (changed: CustomerOffer) =>
    void mutate((current) => (current ? { offers: current.offers.map((offer) => (offer.inquiryId === changed.inquiryId ? changed : offer)) } : current), {
      revalidate: false,
    });
  return (
    <section aria-labelledby="offers-title" data-testid="offers">
      <h1 id="offers-title">{t("account.offers.title")}</h1>
      {error ? (
        <div className="notice" role="alert">
          <p>{t("account.errors.general")}</p>
          <button type="button" className="button secondary" onClick={() => void mutate()}>
            {t("account.retry")}
          </button>
        </div>
      ) : !data ? (
        <Loading />
      ) : data.offers.length === 0 ? (
        <>
          <p data-testid="offers-empty">{t("account.offers.empty")}</p>
          {inquiriesEnabled() ? <p className="muted">{t("account.offers.how")}</p> : null}
          <a className="button secondary" href={home}>
            {t("account.offers.browse")}
          </a>
        </>
      ) : (
        <ul className="offer-list" data-testid="offer-list">
          {data.offers.map((offer) => (
            <li key={offer.inquiryId}>
              <OfferCard offer={offer} language={language} cartHref={cartPath(shop, language)} onChange={replace} goTo={goTo} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
