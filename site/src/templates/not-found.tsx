import React from "react";
import { graphql, Link, type HeadProps, type PageProps } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { Layout } from "../components/Layout";
import { PageHead } from "../components/PageHead";
import { headTranslate } from "../lib/head-translate";
import type { ChromeData } from "../lib/page-data";
import { homePath } from "../lib/routes";

type Context = { language: string };

/** SPEC 8: a missing route shows 404 'This page could not be found' (in the shop's language). */
export default function NotFoundPage({ data, pageContext }: PageProps<ChromeData, Context>) {
  const { t } = useTranslation();
  return (
    <Layout chrome={data} language={pageContext.language}>
      <h1>{t("notFound.title")}</h1>
      <p>
        <Link to={homePath(data.shopInfo, pageContext.language)}>{t("notFound.back")}</Link>
      </p>
    </Layout>
  );
}

export function Head({ data, pageContext }: HeadProps<ChromeData, Context>) {
  return <PageHead title={headTranslate(data.locales, "notFound.title")} robots="noindex" language={pageContext.language} path="/404.html" shopName={data.shopInfo.name} />;
}

export const query = graphql`
  query NotFoundPage($language: String!) {
    ...ShopChrome
  }
`;
