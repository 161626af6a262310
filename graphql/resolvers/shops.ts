import type { GraphQLContext } from "../context";
import { UserInputError } from "../errors";
import type { ResolverMap } from "../resolver-map";
import { all, keysParam, loader, parseJson } from "./util";

export interface ShopRow {
  id: string;
  name: string;
  currency: string;
  default_language: string;
  languages: string;
  domain_prefixes: string;
  delivery_countries: string;
  tax_rate: number;
  base_url: string;
}

function shopLoader(ctx: GraphQLContext) {
  return loader<ShopRow>(ctx, "shops", async (ids) => {
    const rows = await all<ShopRow>(ctx, "SELECT * FROM shops WHERE id IN (SELECT value FROM json_each(?1))", keysParam(ids));
    return new Map(rows.map((row) => [row.id, row]));
  });
}

export async function findShop(ctx: GraphQLContext, id: string): Promise<ShopRow | null> {
  return (await shopLoader(ctx).load(id)) ?? null;
}

export async function requireShop(ctx: GraphQLContext, id: string): Promise<ShopRow> {
  const shop = await findShop(ctx, id);
  if (!shop) throw new UserInputError(`Unknown shop "${id}"`);
  return shop;
}

export function shopLanguages(shop: ShopRow): string[] {
  return parseJson<string[]>(shop.languages, []);
}

/** The shop, after checking `language` is one of its languages. */
export async function requireShopLanguage(ctx: GraphQLContext, id: string, language: string): Promise<ShopRow> {
  const shop = await requireShop(ctx, id);
  const languages = shopLanguages(shop);
  if (!languages.includes(language)) {
    throw new UserInputError(`Language "${language}" is not offered by shop ${shop.id} (${languages.join(", ")})`);
  }
  return shop;
}

export const shopResolvers: ResolverMap = {
  Query: {
    shops: (_parent, _args, ctx: GraphQLContext) => all<ShopRow>(ctx, "SELECT * FROM shops ORDER BY id"),
    shop: (_parent, args: { id: string }, ctx: GraphQLContext) => findShop(ctx, args.id),
  },
  Shop: {
    taxRate: (shop: ShopRow) => shop.tax_rate,
    languages: (shop: ShopRow) => shopLanguages(shop),
    defaultLanguage: (shop: ShopRow) => shop.default_language,
    domainPrefixes: (shop: ShopRow) => parseJson<string[]>(shop.domain_prefixes, []),
    deliveryCountries: (shop: ShopRow) => parseJson<string[]>(shop.delivery_countries, []),
    baseUrl: (shop: ShopRow) => shop.base_url,
  },
};
