import React from "react";
import { htmlLanguage } from "../lib/routes";

/** Title, description, robots and canonical of a page; the language on <html>. */
export function PageHead({ title, description, language, path, shopName, robots = "index,follow" }: {
  title: string;
  description?: string | null;
  language: string;
  path: string;
  shopName: string;
  robots?: string;
}) {
  return (
    <>
      <html lang={htmlLanguage(language)} />
      <title>{`${title} | ${shopName}`}</title>
      {description ? <meta name="description" content={description} /> : null}
      <meta name="robots" content={robots} />
      <link rel="canonical" href={path} />
    </>
  );
}
