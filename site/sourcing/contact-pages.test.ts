/**
 * The contact pages: one per shop language at its path, the same files the
 * upstream rules keep for the legacy shop (config legacyPaths) and the edge's error pages link to.
 */
import rawConfig from "@config/shops.json";
import { contactPath } from "@domain/routes";
import { readFileSync } from "node:fs";
import { contactPagePaths, createContactPages } from "./contact-pages";

const LANGUAGES = ["de", "at", "en", "fr", "it", "nl"];

test("the paths kontakt, contactez, contatto, contact, behind the Swiss language prefix", () => {
  expect(contactPagePaths({ domainPrefixes: [], languages: ["de"] })).toEqual(["/kontakt.html"]);
  expect(contactPagePaths({ domainPrefixes: ["de", "fr", "it"], languages: ["de", "fr", "it"] })).toEqual([
    "/de/kontakt.html",
    "/fr/contactez.html",
    "/it/contatto.html",
  ]);
  expect(contactPath({ domainPrefixes: [] }, "nl")).toBe("/contact.html");
  expect(contactPath({ domainPrefixes: [] }, "en")).toBe("/contact.html");
});

test.each(LANGUAGES)("%s: the error pages' contact link and the legacy paths name the same file", (language) => {
  const file = contactPath({ domainPrefixes: [] }, language).slice(1);
  const errors = JSON.parse(readFileSync(`locales/${language}/errors.json`, "utf8")) as { page: { contactPath: string } };
  expect(errors.page.contactPath).toBe(file);
  expect(rawConfig.legacyPaths).toContain(file);
});

test("pages are created indexable, one per language", () => {
  const created: { path: string; language: string; seo: unknown }[] = [];
  createContactPages({ domainPrefixes: ["de", "fr", "it"], languages: ["de", "fr", "it"] }, (path, _component, language, _context, seo) =>
    created.push({ path, language, seo }),
  );
  expect(created).toEqual([
    { path: "/de/kontakt.html", language: "de", seo: {} },
    { path: "/fr/contactez.html", language: "fr", seo: {} },
    { path: "/it/contatto.html", language: "it", seo: {} },
  ]);
});
