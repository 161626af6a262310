import { z } from "zod";

/**
 * The shop routing ops change: one validated file (config/shops.json).
 * A bad file fails `npm run config:check`, the build and `wrangler dev`/deploy
 * with a message naming the field; request handling only ever sees a valid config.
 */

export const ENVIRONMENTS = ["production", "staging", "integration", "development"] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** Language codes a shop can use; `at` is Austrian German. */
export const LANGUAGES = ["de", "en", "fr", "it", "at", "nl"] as const;
export type Language = (typeof LANGUAGES)[number];

const language = z.enum(LANGUAGES);
const hostName = z
  .string()
  .regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:\d{1,5})?$/, "must be a lower-case host name with an optional :port");
const origin = z
  .string()
  .url()
  .refine((value) => {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.pathname === "/" && !url.search && !url.hash && !url.username;
  }, "must be an http(s) origin without path, query or credentials");
const country = z.string().regex(/^[a-z]{2}$/, "must be a two-letter lower-case country code");
const legacyPath = z.string().regex(/^[a-z0-9][a-z0-9-]*\.html$/, "must be a file name like kontakt.html");

const hostsByEnvironment = z.object({
  production: z.array(hostName).min(1),
  staging: z.array(hostName),
  integration: z.array(hostName),
  development: z.array(hostName).min(1),
});

export const shopSchema = z
  .object({
    id: z.string().regex(/^[A-Z]{2,8}$/, "must be 2-8 upper-case letters"),
    name: z.string().min(1),
    currency: z.enum(["EUR", "CHF"]),
    taxRate: z.number().min(0).max(50),
    languages: z.array(language).min(1),
    defaultLanguage: language,
    domainPrefixes: z.array(language),
    /** SPEC 2.1: the host-based language logic applies to DE, CH and the no-shop-found shop. */
    hostLanguageRules: z.boolean(),
    deliveryCountries: z.array(country).min(1),
    hosts: hostsByEnvironment,
    legacyOrigin: origin.optional(),
  })
  .strict()
  .superRefine((shop, ctx) => {
    if (!shop.languages.includes(shop.defaultLanguage)) {
      ctx.addIssue({ code: "custom", path: ["defaultLanguage"], message: `must be one of the shop's languages (${shop.languages.join(", ")})` });
    }
    shop.domainPrefixes.forEach((prefix, index) => {
      if (!shop.languages.includes(prefix)) {
        ctx.addIssue({ code: "custom", path: ["domainPrefixes", index], message: `'${prefix}' is not one of the shop's languages` });
      }
    });
    if (shop.domainPrefixes.length > 0 && shop.domainPrefixes.length !== shop.languages.length) {
      ctx.addIssue({ code: "custom", path: ["domainPrefixes"], message: "a shop with prefixes needs one prefix for every language" });
    }
  });

export const shopConfigSchema = z
  .object({
    fallbackLanguage: language,
    urlLanguages: z.array(language).min(1),
    environments: z.object(
      Object.fromEntries(ENVIRONMENTS.map((env) => [env, z.object({ tokenCookie: z.string().regex(/^[A-Za-z0-9_]+$/) }).strict()])) as Record<
        Environment,
        z.ZodObject<{ tokenCookie: z.ZodString }>
      >,
    ),
    legacyPaths: z.array(legacyPath),
    shops: z.array(shopSchema).min(1),
  })
  .strict()
  .superRefine((config, ctx) => {
    const seenIds = new Set<string>();
    const seenHosts = new Map<string, string>();
    config.shops.forEach((shop, index) => {
      if (seenIds.has(shop.id)) ctx.addIssue({ code: "custom", path: ["shops", index, "id"], message: `duplicate shop id '${shop.id}'` });
      seenIds.add(shop.id);
      for (const env of ENVIRONMENTS) {
        shop.hosts[env].forEach((host, hostIndex) => {
          const owner = seenHosts.get(host);
          if (owner) {
            ctx.addIssue({ code: "custom", path: ["shops", index, "hosts", env, hostIndex], message: `host '${host}' is already used by shop ${owner}` });
          }
          seenHosts.set(host, shop.id);
        });
      }
    });
  });

export type ShopDefinition = z.infer<typeof shopSchema>;
export type ShopConfig = z.infer<typeof shopConfigSchema>;

export class ShopConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid shop config:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ShopConfigError";
  }
}

/** Validates raw JSON; throws ShopConfigError naming every bad field (e.g. `shops[1].currency`). */
export function parseShopConfig(raw: unknown): ShopConfig {
  const result = shopConfigSchema.safeParse(raw);
  if (result.success) return result.data;
  throw new ShopConfigError(result.error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`));
}

function formatPath(path: (string | number)[]): string {
  return path.reduce<string>((out, part) => (typeof part === "number" ? `${out}[${part}]` : out ? `${out}.${part}` : part), "") || "(root)";
}

export interface ResolvedShop {
  shop: ShopDefinition;
  environment: Environment;
  /** The host the shop prefers in this environment (first host listed). */
  preferredHost: string;
}

/**
 * Host table: exact host (with port where one is used) -> shop and environment.
 * Built once per config; lookups are a single Map access.
 */
export class ShopDirectory {
  private readonly byHost = new Map<string, ResolvedShop>();

  constructor(readonly config: ShopConfig) {
    for (const shop of config.shops) {
      for (const environment of ENVIRONMENTS) {
        const hosts = shop.hosts[environment];
        for (const host of hosts) this.byHost.set(host, { shop, environment, preferredHost: hosts[0]! });
      }
    }
  }

  /** Exact, case-insensitive match of the request host; undefined means the no-shop-found shop. */
  resolve(host: string): ResolvedShop | undefined {
    return this.byHost.get(host.toLowerCase());
  }

  shop(id: string): ShopDefinition | undefined {
    return this.config.shops.find((shop) => shop.id === id);
  }

  /** Rows of the host table, for `npm run config:check` and the no-shop-found page. */
  hostTable(): { host: string; shop: string; environment: Environment; preferred: boolean }[] {
    return [...this.byHost.entries()].map(([host, entry]) => ({
      host,
      shop: entry.shop.id,
      environment: entry.environment,
      preferred: entry.preferredHost === host,
    }));
  }
}
