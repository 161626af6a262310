import React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { Layout } from "../components/Layout";
import { PageHead } from "../components/PageHead";
import type { ChromeData } from "../lib/page-data";
import { homePath } from "../lib/routes";

interface CmsPageData extends ChromeData {
  page: {
    title: string;
    path: string;
    data: { contentHeading: string; content: string; metaTitle: string | null; metaDescription: string | null; robots: string };
  };
}

type Context = { language: string; identifier: string };

export default function CmsPage({ data, pageContext }: PageProps<CmsPageData, Context>) {
  const { t } = useTranslation();
  const { page } = data;
  return (
    <Layout chrome={data} language={pageContext.language}>
      <Breadcrumbs
        items={[
          { label: t("nav.home"), link: homePath(data.shopInfo, pageContext.language) },
          { label: page.title, link: page.path },
        ]}
      />
      <h1>{page.data.contentHeading || page.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: page.data.content }} />
    </Layout>
  );
}

export function Head({ data, pageContext }: HeadProps<CmsPageData, Context>) {
  const { page } = data;
  return (
    <PageHead
      title={page.data.metaTitle ?? page.title}
      description={page.data.metaDescription}
      robots={page.data.robots}
      language={pageContext.language}
      path={page.path}
      shopName={data.shopInfo.name}
    />
  );
}

export const query = graphql`
  query CmsPage($language: String!, $identifier: String!) {
    ...ShopChrome
    page: shopCmsPage(identifier: { eq: $identifier }, language: { eq: $language }) { title path data }
  }
`;
