/**
 * The validate step of the import: the document as a whole, before anything is
 * written. First every record against its schema (import-format.ts), then the checks
 * across records, against the configured shops and against what D1 already holds
 * (cross-checks.ts). Every problem is collected; nothing stops at the first.
 */
import type { D1Database } from "@cloudflare/workers-types";
import type { z } from "zod";
import type { Shop } from "../core/shop";
import { crossCheck, type CheckedDocument, type CheckedRecord } from "./cross-checks";
import { SECTION_SCHEMAS, SECTIONS, type CatalogueDocument, type ImportProblem, type Section } from "./import-format";
import { loadKnownData } from "./known-data";
import { issueMessage, ProblemList } from "./problems";

/** An old file's section the import no longer takes: named with the reason. */
const SHOPS_NOT_IMPORTED = "shops are configured in config/shops.json, not imported";

export type ValidationOutcome = { ok: true; document: CatalogueDocument } | { ok: false; problems: ImportProblem[] };

/**
 * Validates a parsed document against its schemas, the configured `shops` and what `db`
 * holds (read, never written).
 */
export async function validateCatalogueDocument(raw: unknown, db: D1Database, shops: readonly Shop[]): Promise<ValidationOutcome> {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return { ok: false, problems: [{ field: "(file)", message: "must be a JSON object with sections like products, prices, categories" }] };
  }
  const problems = new ProblemList();
  const sections = new Map(Object.entries(raw));
  for (const key of sections.keys()) {
    if (key === "shops") problems.add(key, undefined, [], SHOPS_NOT_IMPORTED);
    else if (!Object.hasOwn(SECTION_SCHEMAS, key)) problems.add(key, undefined, [], `unknown section (allowed: ${SECTIONS.join(", ")})`);
  }
  const section = <S extends Section>(name: S, schema: z.ZodType<CheckedRecord<S>["record"], z.ZodTypeDef, unknown>) =>
    checkSection(name, sections.get(name), schema, problems);
  const checked: CheckedDocument = {
    categories: section("categories", SECTION_SCHEMAS.categories),
    manufacturers: section("manufacturers", SECTION_SCHEMAS.manufacturers),
    products: section("products", SECTION_SCHEMAS.products),
    prices: section("prices", SECTION_SCHEMAS.prices),
    cmsPages: section("cmsPages", SECTION_SCHEMAS.cmsPages),
    cmsBlocks: section("cmsBlocks", SECTION_SCHEMAS.cmsBlocks),
    seoLinks: section("seoLinks", SECTION_SCHEMAS.seoLinks),
    reviews: section("reviews", SECTION_SCHEMAS.reviews),
    terraceFamilies: section("terraceFamilies", SECTION_SCHEMAS.terraceFamilies),
    terraceSystems: section("terraceSystems", SECTION_SCHEMAS.terraceSystems),
    campaigns: section("campaigns", SECTION_SCHEMAS.campaigns),
  };
  const records = documentOf(checked);
  crossCheck(checked, await loadKnownData(db, records), shops, problems);
  if (problems.size > 0) return { ok: false, problems: problems.result() };
  return { ok: true, document: records };
}

/**
 * The records of one section that have the right shape, with their index. A record
 * whose only problems are broken rules (a bad unit, min above max) keeps its place:
 * the checks across records still run for it, so one pass reports all its problems.
 */
function checkSection<T>(name: Section, value: unknown, schema: z.ZodType<T, z.ZodTypeDef, unknown>, problems: ProblemList): { index: number; record: T }[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    problems.add(name, undefined, [], "must be an array");
    return [];
  }
  return value.flatMap((record: unknown, index) => {
    let shaped: T | undefined;
    // Runs whenever the record has the right shape, even when a rule inside failed.
    const parsed = schema.superRefine((typed) => void (shaped = typed)).safeParse(record);
    if (parsed.success) return [{ index, record: parsed.data }];
    for (const issue of parsed.error.issues) problems.add(name, index, issue.path, issueMessage(issue));
    const onlyRules = parsed.error.issues.every((issue) => issue.code === "custom");
    return onlyRules && shaped !== undefined ? [{ index, record: shaped }] : [];
  });
}

/** The records with the right shape, as a document (when the file has no problems: all of them). */
function documentOf(checked: CheckedDocument): CatalogueDocument {
  const records = <S extends Section>(name: S) => checked[name].map((entry) => entry.record);
  return {
    categories: records("categories"),
    manufacturers: records("manufacturers"),
    products: records("products"),
    prices: records("prices"),
    cmsPages: records("cmsPages"),
    cmsBlocks: records("cmsBlocks"),
    seoLinks: records("seoLinks"),
    reviews: records("reviews"),
    terraceFamilies: records("terraceFamilies"),
    terraceSystems: records("terraceSystems"),
    campaigns: records("campaigns"),
  };
}
