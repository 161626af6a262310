import React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { Layout } from "../../components/Layout";
import { PageHead } from "../../components/PageHead";
import { headTranslate } from "../../lib/head-translate";
import type { BaseContext, ChromeData } from "../../lib/page-data";
import { NewsletterTokenPage } from "./TokenPage";
import "./newsletter.css";

/** Gatsby template of the newsletter's unsubscribe page (created by site/sourcing/newsletter-pages.ts). */
export default function NewsletterUnsubscribeTemplate({ data, pageContext }: PageProps<ChromeData, BaseContext>) {
  return (
    <Layout chrome={data} context={pageContext}>
      <NewsletterTokenPage action="unsubscribe" />
    </Layout>
  );
}

export function Head({ data, pageContext }: HeadProps<ChromeData, BaseContext>) {
  return <PageHead title={headTranslate(data.locales, "newsletter.unsubscribeTitle")} context={pageContext} chrome={data} />;
}

export const query = graphql`
  query NewsletterUnsubscribePage($language: String!) {
    ...ShopChrome
  }
`;
