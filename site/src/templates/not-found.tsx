import React from "react";
import { Link, type HeadProps, type PageProps } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { Layout } from "../components/Layout";
import { PageHead } from "../components/PageHead";
import { headTranslate } from "../lib/head-translate";
import type { BaseContext, ChromeData } from "../lib/page-data";
import { homePath } from "@domain/routes";
import { withShopData } from "../lib/with-shop-data";

type Context = BaseContext;

/** A missing route shows 404 'This page could not be found' (in the shop's language). */
function NotFoundPage({ data, pageContext }: PageProps<ChromeData, Context>) {
  const { t } = useTranslation();
  return (
    <Layout chrome={data} context={pageContext}>
      <h1>{t("notFound.title")}</h1>
      <p>
        <Link to={homePath(data.shopInfo, pageContext.language)}>{t("notFound.back")}</Link>
      </p>
    </Layout>
  );
}

function ShopHead({ data, pageContext }: HeadProps<ChromeData, Context>) {
  return <PageHead title={headTranslate(data.locales, "notFound.title")} context={pageContext} chrome={data} />;
}

export default withShopData(NotFoundPage);
export const Head = withShopData(ShopHead);
