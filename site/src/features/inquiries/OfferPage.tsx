/**
 * The guest offer page (`{prefix}/offer/?id=O-...&sig=...`, the signed link of the offer mail):
 * the offer with the same actions as in the account. A wrong or incomplete link shows one
 * message, whether the offer exists or not.
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { CustomerOffer } from "@domain/offers";
import { cartPath, type ShopRouting } from "@domain/routes";
import { fetchOffer } from "./api";
import { InBrowser, Loading } from "./ui";
import { OfferCard } from "./OfferCard";
import { NAMESPACE } from "./texts";

type Loaded = { kind: "loading" } | { kind: "invalid" } | { kind: "failed" } | { kind: "offer"; offer: CustomerOffer };

export function OfferView({ shop, language, goTo }: { shop: ShopRouting; language: string; goTo?: (href: string) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const link = React.useMemo(() => {
    const query = new URLSearchParams(window.location.search);
    return { id: query.get("id")?.trim() ?? "", sig: query.get("sig")?.trim() ?? "" };
  }, []);
  const [state, setState] = React.useState<Loaded>({ kind: "loading" });
  const load = React.useCallback(() => {
    if (!link.id || !link.sig) {
      setState({ kind: "invalid" });
      return () => undefined;
    }
    let live = true;
    setState({ kind: "loading" });
    void fetchOffer(link.id, link.sig).then((result) => {
      if (!live) return;
      if (result.ok && result.data?.offer) setState({ kind: "offer", offer: result.data.offer });
      else setState({ kind: result.status === 404 || result.status === 400 || result.status === 422 ? "invalid" : "failed" });
    });
    return () => {
      live = false;
    };
  }, [link]);
  React.useEffect(() => load(), [load]);

  if (state.kind === "loading") return <Loading />;
  if (state.kind === "invalid")
    return (
      <p className="notice" role="alert" data-testid="offer-link-invalid">
        {t("offerView.linkInvalid")}
      </p>
    );
  if (state.kind === "failed")
    return (
      <div className="notice" role="alert">
        <p>{t("offerView.errors.general")}</p>
        <button type="button" className="button secondary" onClick={() => load()}>
          {t("offerView.retry")}
        </button>
      </div>
    );
  return (
    <OfferCard
      offer={state.offer}
      language={language}
      sig={link.sig}
      cartHref={cartPath(shop, language)}
      onChange={(offer) => setState({ kind: "offer", offer })}
      goTo={goTo}
      heading="h2"
    />
  );
}

export function OfferPage({ shop, language }: { shop: ShopRouting; language: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="offer-page" data-testid="offer-page">
      <h1>{t("inquiryTitles.offerPage")}</h1>
      <InBrowser>
        <OfferView shop={shop} language={language} />
      </InBrowser>
    </div>
  );
}
