import { ApolloClient, HttpLink, InMemoryCache, gql } from "@apollo/client/core";
import type { Campaign } from "../../domain/campaign";
import { sanitizeRichText } from "../../domain/sanitize-rich-text";

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

export interface ShopData {
  id: string;
  name: string;
  currency: string;
  languages: string[];
  defaultLanguage: string;
  domainPrefixes: string[];
  deliveryCountries: string[];
  baseUrl: string;
  taxRate: number;
}

export interface CategoryData {
  id: string;
  parentId: string | null;
  position: number;
  isWorld: boolean;
  name: string;
  slug: string;
  description: string;
  teaser: string;
  image: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  path: string[];
  sorting: { sortBy: string; direction: string }[];
}

export interface TopCategoryData {
  id: string;
  name: string;
  imagePath: string | null;
  urlPath: string;
  topCategoryPosition: number;
  topCategoryDescription: string;
}

export interface ManufacturerData {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  url: string | null;
  description: string;
  shortDescription: string;
}

export interface CmsPageData {
  identifier: string;
  pageType: string;
  title: string;
  contentHeading: string;
  content: string;
  metaTitle: string | null;
  metaDescription: string | null;
  robots: string;
  excludeFromSitemap: boolean;
  updatedAt: string;
}

/** A sales campaign as the GraphQL layer answers it (domain/campaign.ts). */
export type CampaignData = Campaign & { updatedAt: string };

export interface CmsBlockData {
  identifier: string;
  content: string;
  updatedAt: string;
}

/** Just enough of another shop's pages to link to them (hreflang). */
export interface PageSlugsData {
  categories: { id: string; slug: string }[];
  manufacturers: { id: string; slug: string }[];
  cmsPages: { identifier: string; pageType: string; robots: string }[];
}

export interface SeoLinkData {
  position: number;
  label: string;
  url: string;
}

export interface MoneyData {
  value: number;
  amount: number;
  currency: string;
  formattedValue: string;
  formattedWithCurrency: string;
}

export interface ProductData {
  sku: string;
  type: string;
  parentSku: string | null;
  slug: string;
  ean: string | null;
  content: {
    title: string;
    subTitle: string;
    shortDescription: string;
    description: string;
    lowStockMessage: string;
    measurement: string;
    features: string[];
    attributes: { code: string; label: string; type: string; value: string; isVisible: boolean }[];
    metaTitle: string | null;
    metaDescription: string | null;
  };
  manufacturer: { id: string; name: string; slug: string; logo: string | null } | null;
  categoryId: string;
  categoryIds: string[];
  price: {
    packagePrice: MoneyData;
    unitPrice: MoneyData;
    referencePrice: MoneyData;
    savingsPercentage: number;
    tax: { isIncluded: boolean; percentage: number; label: string; amount: MoneyData };
  } | null;
  unit: { code: string; label: string };
  packageContent: number;
  blendPercent: number;
  shippingGroup: string;
  isDecking: boolean;
  isExpress: boolean;
  isClearance: boolean;
  isPlusProduct: boolean;
  isOutOfStock: boolean;
  isSalable: boolean;
  reachedEOF: boolean;
  stock: { isInStock: boolean; quantity: number; minimumOrderQuantity: number; notificationQuantity: number };
  delivery: { minDays: number; maxDays: number; express: boolean };
  samples: { active: boolean; express: boolean; longDeliveryTime: boolean; sampleOrderIsFreeOfCharge: boolean; maxSamples: number };
  /** A video's `poster` is its still image under /images/videos/ (docs/decisions/0047). */
  media: { kind: string; url: string; alt: string; poster: string | null }[];
  downloads: { title: string; url: string }[];
  tutorials: { title: string; content: string; type: string; url: string | null; poster: string | null }[];
  childProducts: { sku: string; slug: string; content: { title: string } }[];
  configurableAttributes: { code: string; label: string; options: { value: string; label: string }[] }[];
  /** The component types of the roof-window configuration; empty without one. */
  roofWindowComponents: string[];
  /** Rating and count over all reviews of the language; `reviews` the latest LATEST_REVIEWS of them, newest first. */
  reviewSummary: { ratingValue: number; maxValue: number; totalReviewCount: number; reviews: ReviewData[] };
  updatedAt: string;
}

const MONEY = `value amount currency formattedValue formattedWithCurrency`;

const SHOP_QUERY = gql`
  query BuildShop($shop: ID!) {
    shop(id: $shop) {
      id
      name
      currency
      languages
      defaultLanguage
      domainPrefixes
      deliveryCountries
      baseUrl
      taxRate
    }
  }
`;

const STRUCTURE_QUERY = gql`
  query BuildStructure($shop: ID!, $language: String!) {
    categories(shop: $shop, language: $language) {
      id
      parentId
      position
      isWorld
      name
      slug
      description
      teaser
      image
      metaTitle
      metaDescription
      path
      sorting {
        sortBy
        direction
      }
    }
    topCategories(shop: $shop, language: $language) {
      id
      name
      imagePath
      urlPath
      topCategoryPosition
      topCategoryDescription
    }
    manufacturers(shop: $shop, language: $language) {
      id
      name
      slug
      logo
      url
      description
      shortDescription
    }
    cmsPages(shop: $shop, language: $language) {
      identifier
      pageType
      title
      contentHeading
      content
      metaTitle
      metaDescription
      robots
      excludeFromSitemap
      updatedAt
    }
    topSeoLinks(shop: $shop, language: $language) {
      position
      label
      url
    }
    cmsBlocks(shop: $shop, language: $language) {
      identifier
      content
      updatedAt
    }
    campaigns(shop: $shop, language: $language) {
      identifier
      campaignName
      campaignDescription
      campaignCoupon
      startsAt
      endsAt
      isActive
      isArchived
      navigationIsActive
      filterIsActive
      navigationBanner {
        url
        imageDesktop
        imageMobile
        text
      }
      start {
        isActive
        url
        imageDesktop
        imageMobile
      }
      hub {
        isActive
        identifier
        bigImage {
          top
          url
          textLeft
          textRight
        }
        firstSlider {
          title
          url
          image
        }
        secondSlider {
          title
          url
          image
        }
      }
      updatedAt
    }
  }
`;

const PAGE_SLUGS_QUERY = gql`
  query BuildPageSlugs($shop: ID!, $language: String!) {
    categories(shop: $shop, language: $language) {
      id
      slug
    }
    manufacturers(shop: $shop, language: $language) {
      id
      slug
    }
    cmsPages(shop: $shop, language: $language) {
      identifier
      pageType
      robots
    }
  }
`;

/** The largest page of productSlugs (the GraphQL layer's MAX_SLUG_PAGE_SIZE): 25 requests per shop and language at 50,000 products. */
const SLUG_PAGE_SIZE = 2000;

const PRODUCT_SLUGS_QUERY = gql`
  query BuildProductSlugs($shop: ID!, $language: String!, $after: String, $changedAfterImport: Int) {
    productSlugs(shop: $shop, language: $language, first: ${SLUG_PAGE_SIZE}, after: $after, changedAfterImport: $changedAfterImport) {
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        sku
        slug
      }
    }
  }
`;

/** How many of a product's reviews its page shows (the newest; rating and count cover all). */
export const LATEST_REVIEWS = 5;

export interface ReviewData {
  id: string;
  /** 1 to 5. */
  mark: number;
  comment: string;
  reviewer: string;
  answer: string | null;
  createdAt: string;
}

const PRODUCTS_QUERY = gql`
  query BuildProducts($shop: ID!, $language: String!, $first: Int!, $after: String, $changedAfterImport: Int) {
    products(shop: $shop, language: $language, first: $first, after: $after, changedAfterImport: $changedAfterImport) {
      totalCount
      pageInfo { hasNextPage endCursor }
      nodes {
        sku type parentSku slug ean
        content { title subTitle shortDescription description lowStockMessage measurement features metaTitle metaDescription
          attributes { code label type value isVisible } }
        manufacturer { id name slug logo }
        categoryId categoryIds
        price {
          packagePrice { ${MONEY} } unitPrice { ${MONEY} } referencePrice { ${MONEY} } savingsPercentage
          tax { isIncluded percentage label amount { ${MONEY} } }
        }
        unit { code label } packageContent blendPercent shippingGroup
        isDecking isExpress isClearance isPlusProduct isOutOfStock isSalable reachedEOF
        stock { isInStock quantity minimumOrderQuantity notificationQuantity }
        delivery { minDays maxDays express }
        samples { active express longDeliveryTime sampleOrderIsFreeOfCharge maxSamples }
        media { kind url alt poster }
        downloads { title url }
        tutorials { title content type url poster }
        childProducts { sku slug content { title } }
        configurableAttributes { code label options { value label } }
        roofWindowComponents
        reviewSummary(latest: ${LATEST_REVIEWS}) { ratingValue maxValue totalReviewCount reviews { id mark comment reviewer answer createdAt } }
        updatedAt
      }
    }
  }
`;

const CHANGES_QUERY = gql`
  query BuildChanges($afterImport: Int!, $shop: ID!) {
    catalogueChanges(afterImport: $afterImport, shop: $shop) {
      skus
    }
  }
`;

const VERSION_QUERY = gql`
  query BuildCatalogueVersion {
    catalogueVersion {
      lastImport
      historyStart
    }
  }
`;

/** Where the catalogue's change log stands (GraphQL catalogueVersion). */
export interface CatalogueVersion {
  lastImport: number;
  historyStart: string | null;
}

export interface StructureData {
  categories: CategoryData[];
  topCategories: TopCategoryData[];
  manufacturers: ManufacturerData[];
  cmsPages: CmsPageData[];
  topSeoLinks: SeoLinkData[];
  cmsBlocks: CmsBlockData[];
  campaigns: CampaignData[];
}

/** Every query the build sends; the GraphQL cost limit is kept at twice the largest (tests/unit/graphql-build-cost.test.ts). */
export const BUILD_QUERIES = {
  BuildShop: SHOP_QUERY,
  BuildStructure: STRUCTURE_QUERY,
  BuildPageSlugs: PAGE_SLUGS_QUERY,
  BuildProductSlugs: PRODUCT_SLUGS_QUERY,
  BuildProducts: PRODUCTS_QUERY,
  BuildChanges: CHANGES_QUERY,
  BuildCatalogueVersion: VERSION_QUERY,
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

interface ProductPage {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: ProductData[];
}

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
      const { data } = await client.query<{ shop: ShopData | null }>({ query: SHOP_QUERY, variables: { shop: shopId } });
      if (!data.shop) throw new Error(`Shop ${shopId} is not in the catalogue; import the shops first`);
      return data.shop;
    },

    async structure(shopId: string, language: string): Promise<StructureData> {
      const { data } = await client.query<StructureData>({ query: STRUCTURE_QUERY, variables: { shop: shopId, language } });
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
          .query<{ products: ProductPage }>({ query: PRODUCTS_QUERY, variables: { shop: shopId, language, first: pageSize, after, changedAfterImport } })
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
      const { data } = await client.query<PageSlugsData>({ query: PAGE_SLUGS_QUERY, variables: { shop: shopId, language } });
      return data;
    },

    /** sku -> slug of a shop's products in a language, paged; only changed ones with changedAfterImport. */
    async productSlugs(shopId: string, language: string, changedAfterImport?: number): Promise<{ sku: string; slug: string }[]> {
      const slugs: { sku: string; slug: string }[] = [];
      let after: string | null = null;
      for (;;) {
        const result: { data: { productSlugs: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: { sku: string; slug: string }[] } } } =
          await client.query({ query: PRODUCT_SLUGS_QUERY, variables: { shop: shopId, language, after, changedAfterImport } });
        const page = result.data.productSlugs;
        slugs.push(...page.nodes);
        if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return slugs;
        after = page.pageInfo.endCursor;
      }
    },

    /** SKUs of the shop the imports after the given one changed. */
    async changedSkus(shopId: string, afterImport: number): Promise<string[]> {
      const { data } = await client.query<{ catalogueChanges: { skus: string[] } }>({ query: CHANGES_QUERY, variables: { afterImport, shop: shopId } });
      return data.catalogueChanges.skus;
    },

    async version(): Promise<CatalogueVersion> {
      const { data } = await client.query<{ catalogueVersion: CatalogueVersion }>({ query: VERSION_QUERY });
      return data.catalogueVersion;
    },
  };
}

export type CatalogueClient = ReturnType<typeof createCatalogueClient>;
