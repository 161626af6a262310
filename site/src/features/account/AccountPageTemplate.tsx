import React from "react";
import { type HeadProps, type PageProps } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { Layout } from "@site/components/Layout";
import { PageHead } from "@site/components/PageHead";
import { headTranslate } from "@site/lib/head-translate";
import type { BaseContext, ChromeData } from "@site/lib/page-data";
import { cmsKey } from "@site/lib/shop-content";
import { homePath } from "@domain/routes";
import type { AccountScreen } from "@domain/account";
import { AccountProvider, type AccountSettings } from "./context";
import { accountPaths } from "./paths";
import { Loading } from "./ui";
import { withShopData } from "@site/lib/with-shop-data";

/** The account's pages: the screens of accountPath and my projects. */
export type AccountPage = AccountScreen | "Projects";

type Context = BaseContext & { screen: AccountPage };

// Each screen loads on its own (react-hook-form and zod only with the forms).
const SCREENS: Record<AccountPage, React.LazyExoticComponent<React.ComponentType>> = {
  CreateAccount: React.lazy(() => import("./Register").then((module) => ({ default: module.Register }))),
  Login: React.lazy(() => import("./Login").then((module) => ({ default: module.Login }))),
  PasswordReset: React.lazy(() => import("./PasswordReset").then((module) => ({ default: module.PasswordReset }))),
  Verify: React.lazy(() => import("./Verify").then((module) => ({ default: module.Verify }))),
  OrderOverview: React.lazy(() => import("./OrderOverview").then((module) => ({ default: module.OrderOverview }))),
  Order: React.lazy(() => import("./OrderDetails").then((module) => ({ default: module.OrderDetails }))),
  Offers: React.lazy(() => import("./Offers").then((module) => ({ default: module.Offers }))),
  Profile: React.lazy(() => import("./Profile").then((module) => ({ default: module.Profile }))),
  Address: React.lazy(() => import("./Address").then((module) => ({ default: module.Address }))),
  Password: React.lazy(() => import("./PasswordChange").then((module) => ({ default: module.PasswordChange }))),
  Projects: React.lazy(() => import("./Projects").then((module) => ({ default: module.Projects }))),
};

/** The screens depend on the visitor (session, query, browser storage): rendered in the browser only. */
function ClientScreen({ screen }: { screen: AccountPage }) {
  const [hydrated, setHydrated] = React.useState(false);
  React.useEffect(() => setHydrated(true), []);
  const Screen = SCREENS[screen];
  if (!hydrated) return <Loading />;
  return (
    <React.Suspense fallback={<Loading />}>
      <Screen />
    </React.Suspense>
  );
}

/** Gatsby template of the account pages (created by site/sourcing/account-pages.ts). */
function AccountPageTemplate({ data, pageContext }: PageProps<ChromeData, Context>) {
  useTranslation("account");
  const shop = data.shopInfo;
  const { language } = pageContext;
  const settings = React.useMemo<AccountSettings>(() => {
    const legal: AccountSettings["legal"] = {};
    for (const page of data.cmsLinks.nodes) {
      const key = cmsKey(page.identifier);
      if ((key === "privacy" || key === "withdrawal" || key === "ordering") && !legal[key]) legal[key] = page.path;
    }
    return {
      shop,
      language,
      currency: shop.currency,
      countries: shop.deliveryCountries,
      paths: accountPaths(shop, language),
      home: homePath(shop, language),
      legal,
    };
  }, [shop, language, data.cmsLinks.nodes]);
  return (
    <Layout chrome={data} context={pageContext}>
      <AccountProvider settings={settings}>
        <div className="account-page" data-screen={pageContext.screen}>
          <ClientScreen screen={pageContext.screen} />
        </div>
      </AccountProvider>
    </Layout>
  );
}

function ShopHead({ data, pageContext }: HeadProps<ChromeData, Context>) {
  return <PageHead title={headTranslate(data.locales, `accountTitles.${pageContext.screen}`)} context={pageContext} chrome={data} />;
}

export default withShopData(AccountPageTemplate);
export const Head = withShopData(ShopHead);
