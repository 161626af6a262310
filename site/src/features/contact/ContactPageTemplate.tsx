import React from "react";
import { type HeadProps, type PageProps } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { Layout } from "@site/components/Layout";
import { PageHead } from "@site/components/PageHead";
import { headTranslate } from "@site/lib/head-translate";
import { lazyOnIdle } from "@site/lib/lazy";
import type { BaseContext, ChromeData } from "@site/lib/page-data";
import { displayPhone, phoneHref } from "@site/lib/phone";
import { shopContent } from "@site/lib/shop-content";
import "./contact.css";
import { withShopData } from "@site/lib/with-shop-data";

// Rendered into the static HTML; the form's code (zod, the captcha) hydrates when the browser is idle.
const ContactForm = lazyOnIdle(() => import("./ContactForm").then((module) => module.ContactForm));
const FormSlot = React.memo(function FormSlot() {
  return (
    <React.Suspense fallback={null}>
      <ContactForm />
    </React.Suspense>
  );
});

/**
 * The contact page (`/kontakt.html`, contactez, contatto, contact; created
 * by site/sourcing/contact-pages.ts): the service's phone and hours, the exhibition's hours,
 * and the contact form for direct visitors.
 */
function ContactPageTemplate({ data, pageContext }: PageProps<ChromeData, BaseContext>) {
  const { t } = useTranslation("contact");
  const { t: common } = useTranslation();
  const phone = shopContent(data.shopInfo.shopId).phone;
  return (
    <Layout chrome={data} context={pageContext}>
      <article className="contact-page" data-testid="contact-page">
        <h1>{t("contact.title")}</h1>
        <p className="contact-lead">{t("contact.lead")}</p>
        <div className="contact-grid">
          <section aria-labelledby="contact-phone-title" className="contact-service">
            <h2 id="contact-phone-title">{t("contact.phone.title")}</h2>
            <p className="contact-phone">
              <a href={phoneHref(phone)} data-testid="contact-service-phone">
                {displayPhone(phone)}
              </a>
            </p>
            <h3>{t("contact.hours.title")}</h3>
            <p data-testid="contact-hours">{common("footer.hours")}</p>
            <p className="muted">{t("contact.phone.note")}</p>
          </section>
          <section className="contact-form-section">
            <FormSlot />
          </section>
        </div>
      </article>
    </Layout>
  );
}

function ShopHead({ data, pageContext }: HeadProps<ChromeData, BaseContext>) {
  return (
    <PageHead
      title={headTranslate(data.locales, "contact.title")}
      description={headTranslate(data.locales, "contact.lead")}
      context={pageContext}
      chrome={data}
    />
  );
}

export default withShopData(ContactPageTemplate);
export const Head = withShopData(ShopHead);
