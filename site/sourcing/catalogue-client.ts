import { ApolloClient, HttpLink, InMemoryCache } from "@apollo/client/core";
import { sanitizeRichText } from "@domain/sanitize-rich-text";
import {
  BuildCatalogueVersionDocument,
  BuildChangesDocument,
  BuildPageSlugsDocument,
  BuildProductsDocument,
  BuildProductSlugsDocument,
  BuildShopDocument,
  BuildStructureDocument,
  type BuildCatalogueVersionQuery,
  type BuildMoneyFragment,
  type BuildPageSlugsQuery,
  type BuildProductsQuery,
  type BuildProductSlugsQuery,
  type BuildShopQuery,
  type BuildStructureQuery,
} from "./generated/operations";

/**
 * Reads the shop's master data from the GraphQL layer (/graphql of the shop API,
 * reached through the worker like every other client) with the build's token
 * (GRAPHQL_TOKEN, docs/decisions/0027). Pages through products.
 * The rich text the templates insert as HTML (category descriptions, CMS pages and
 * blocks, product descriptions) is sanitised as it arrives (sanitize.ts).
 */
export interface CatalogueClientOptions {
  url: string;
  /** The shop API's GRAPHQL_TOKEN, sent as `Authorization: Bearer <token>`. */
  token: string;
  pageSize?: number;
  onProgress?: (message: string) => void;
  /** Waits before each further try of a request that failed on the network (default 0.5 s, 2 s). */
  retryDelaysMs?: readonly number[];
  /** How long one try may wait for its answer before it counts as failed on the network (default 120 s). */
  requestTimeoutMs?: number;
}

/**
 * What the build works with: the answers to its queries (queries.graphql), typed by the
 * generated operation types; names for the parts other modules take.
 */
export type ShopData = NonNullable<BuildShopQuery["shop"]>;
export type StructureData = BuildStructureQuery;
export type CategoryData = StructureData["categories"][number];
export type ManufacturerData = StructureData["manufacturers"][number];
export type CmsPageData = StructureData["cmsPages"][number];
export type PageSlugsData = BuildPageSlugsQuery;
type ProductPage = BuildProductsQuery["products"];
type ProductSlugPage = BuildProductSlugsQuery["productSlugs"];
export type ProductData = ProductPage["nodes"][number];
export type MoneyData = BuildMoneyFragment;
/** Where the catalogue's change log stands (GraphQL catalogueVersion). */
export type CatalogueVersion = BuildCatalogueVersionQuery["catalogueVersion"];

/** Every query the build sends; the GraphQL cost limit is kept at twice the largest (tests/unit/graphql-build-cost.test.ts). */
export const BUILD_QUERIES = {
  BuildShop: BuildShopDocument,
  BuildStructure: BuildStructureDocument,
  BuildPageSlugs: BuildPageSlugsDocument,
  BuildProductSlugs: BuildProductSlugsDocument,
  BuildProducts: BuildProductsDocument,
  BuildChanges: BuildChangesDocument,
  BuildCatalogueVersion: BuildCatalogueVersionDocument,
};

function withSafeRichText(structure: StructureData): StructureData {
  return {
    ...structure,
    categories: structure.categories.map((category) => ({ ...category, description: sanitizeRichText(category.description) })),
    cmsPages: structure.cmsPages.map((page) => ({ ...page, content: sanitizeRichText(page.content) })),
    cmsBlocks: structure.cmsBlocks.map((block) => ({ ...block, content: sanitizeRichText(block.content) })),
    campaigns: structure.campaigns.map((campaign) => ({ ...campaign, campaignDescription: sanitizeRichText(campaign.campaignDescription) })),
  };
}

function withSafeDescription(product: ProductData): ProductData {
  return { ...product, content: { ...product.content, description: sanitizeRichText(product.content.description) } };
}

/** Tries of one request that fails on the network (the answer never came), with the wait before each further try. */
const NETWORK_RETRY_DELAYS_MS = [500, 2000];
/**
 * One try's wait for the answer's headers. A page of 200 products takes well under a second
 * from the local worker and a few from D1 in production; without a limit of its own a request
 * the worker never answers waits for undici's 300 s headers timeout (ADR 0054).
 */
const REQUEST_TIMEOUT_MS = 120_000;

/** How often a request refused for now (429, the GraphQL layer's per-address limit) is sent again, and the longest wait before that. */
const RATE_LIMITED_TRIES = 5;
const MAX_RATE_LIMIT_WAIT_MS = 60_000;

/**
 * fetch that tries a request again when it fails on the network: a closed keep-alive
 * connection (`SocketError: other side closed`), a reset, a refused connection while the
 * local worker reloads, no answer within `timeoutMs`. The build only reads (every query of
 * BUILD_QUERIES), so a second try is safe. A request refused with 429 is sent again after its
 * Retry-After (at most 60 s, five times): the refusal is for now, not for the request. Any other
 * answer, whatever its status, is never tried again; nor is a request its caller aborted.
 */
export function retryingFetch(
  base: typeof fetch,
  delays: readonly number[] = NETWORK_RETRY_DELAYS_MS,
  onRetry?: (message: string) => void,
  timeoutMs: number = REQUEST_TIMEOUT_MS,
): typeof fetch {
  return async (input, init) => {
    for (let failed = 0, limited = 0; ;) {
      const timeout = AbortSignal.timeout(timeoutMs);
      let response: Response;
      try {
        response = await base(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
      } catch (error) {
        if (failed >= delays.length || init?.signal?.aborted) throw error;
        const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
        onRetry?.(`${error instanceof Error ? error.message : String(error)}${cause}; trying again (${failed + 2}/${delays.length + 1})`);
        await sleep(delays[failed]!);
        failed += 1;
        continue;
      }
      if (response.status !== 429 || limited >= RATE_LIMITED_TRIES) return response;
      limited += 1;
      const wait = retryAfterMs(response.headers.get("retry-after"));
      await response.body?.cancel();
      onRetry?.(`rate limited (429); trying again in ${(wait / 1000).toFixed(0)} s (${limited}/${RATE_LIMITED_TRIES})`);
      await sleep(wait);
    }
  };
}

/** A Retry-After in seconds as milliseconds, at most MAX_RATE_LIMIT_WAIT_MS; one second when it is missing or not a number. */
function retryAfterMs(header: string | null): number {
  const seconds = header === null || header.trim() === "" ? Number.NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, MAX_RATE_LIMIT_WAIT_MS) : 1000;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createCatalogueClient({ url, token, pageSize = 200, onProgress, retryDelaysMs, requestTimeoutMs }: CatalogueClientOptions) {
  const client = new ApolloClient({
    link: new HttpLink({
      uri: url,
      fetch: retryingFetch(fetch, retryDelaysMs, onProgress, requestTimeoutMs),
      headers: { authorization: `Bearer ${token}` },
    }),
    cache: new InMemoryCache({ addTypename: false }),
    defaultOptions: { query: { fetchPolicy: "no-cache", errorPolicy: "none" } },
  });

  return {
    async shop(shopId: string): Promise<ShopData> {
      const { data } = await client.query({ query: BuildShopDocument, variables: { shop: shopId } });
      if (!data.shop) throw new Error(`Shop ${shopId} is not in the catalogue; import the shops first`);
      return data.shop;
    },

    async structure(shopId: string, language: string): Promise<StructureData> {
      const { data } = await client.query({ query: BuildStructureDocument, variables: { shop: shopId, language } });
      return withSafeRichText(data);
    },

    /**
     * Every product of the shop in the language, or only those the imports after the given one
     * changed, a page at a time. The next page is asked for as soon as one arrives, so the
     * GraphQL layer reads it while the build works on this one.
     */
    async *productPages(shopId: string, language: string, changedAfterImport?: number): AsyncGenerator<ProductData[]> {
      const ask = (after: string | null): Promise<ProductPage> => {
        const answer = client
          .query({ query: BuildProductsDocument, variables: { shop: shopId, language, first: pageSize, after, changedAfterImport } })
          .then((result) => result.data.products);
        // Awaited below; a caller that stops early leaves it unread and its failure with nobody to tell.
        answer.catch(() => undefined);
        return answer;
      };
      let sourced = 0;
      for (let next: Promise<ProductPage> | null = ask(null); next;) {
        const page: ProductPage = await next;
        next = page.pageInfo.hasNextPage && page.pageInfo.endCursor ? ask(page.pageInfo.endCursor) : null;
        sourced += page.nodes.length;
        onProgress?.(`${shopId}/${language}: sourced ${sourced}/${page.totalCount} products`);
        yield page.nodes.map(withSafeDescription);
      }
    },

    /** Slugs of a shop's categories, manufacturers and CMS pages in a language (for hreflang). */
    async pageSlugs(shopId: string, language: string): Promise<PageSlugsData> {
      const { data } = await client.query({ query: BuildPageSlugsDocument, variables: { shop: shopId, language } });
      return data;
    },

    /** sku -> slug of a shop's products in a language, paged; only changed ones with changedAfterImport. */
    async productSlugs(shopId: string, language: string, changedAfterImport?: number): Promise<ProductSlugPage["nodes"]> {
      const slugs: ProductSlugPage["nodes"] = [];
      let after: string | null = null;
      for (;;) {
        const page: ProductSlugPage = (
          await client.query({ query: BuildProductSlugsDocument, variables: { shop: shopId, language, after, changedAfterImport } })
        ).data.productSlugs;
        slugs.push(...page.nodes);
        if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return slugs;
        after = page.pageInfo.endCursor;
      }
    },

    /** SKUs of the shop the imports after the given one changed. */
    async changedSkus(shopId: string, afterImport: number): Promise<string[]> {
      const { data } = await client.query({ query: BuildChangesDocument, variables: { afterImport, shop: shopId } });
      return data.catalogueChanges.skus;
    },

    async version(): Promise<CatalogueVersion> {
      const { data } = await client.query({ query: BuildCatalogueVersionDocument });
      return data.catalogueVersion;
    },
  };
}

export type CatalogueClient = ReturnType<typeof createCatalogueClient>;
