/** Gatsby node types the shop's data is sourced into (explicit, so no field is lost to inference). */
export const NODE_TYPE_DEFS = `
  type ShopInfo implements Node @dontInfer {
    shopId: String!
    name: String!
    currency: String!
    languages: [String!]!
    defaultLanguage: String!
    domainPrefixes: [String!]!
    deliveryCountries: [String!]!
    taxRate: Float!
    origin: String!
    hreflangBases: JSON!
    paymentMethods: [String!]!
    buildYear: Int!
  }
  type ShopCategory implements Node @dontInfer {
    categoryId: String!
    language: String!
    parentId: String
    position: Int!
    isWorld: Boolean!
    name: String!
    path: String!
    trail: [String!]!
    data: JSON!
  }
  type ShopTopCategory implements Node @dontInfer {
    categoryId: String!
    language: String!
    position: Int!
    name: String!
    path: String!
    description: String!
    image: String
  }
  type ShopManufacturer implements Node @dontInfer {
    manufacturerId: String!
    language: String!
    name: String!
    path: String!
    data: JSON!
  }
  type ShopCmsPage implements Node @dontInfer {
    identifier: String!
    language: String!
    pageType: String!
    title: String!
    path: String!
    data: JSON!
  }
  type ShopSeoLink implements Node @dontInfer {
    language: String!
    position: Int!
    label: String!
    url: String!
  }
  type ShopCmsBlock implements Node @dontInfer {
    identifier: String!
    language: String!
    content: String!
    hash: String!
  }
  """The sales campaign running when the pages were built, per language (domain/campaign.ts; docs/decisions/0048)."""
  type ShopCampaign implements Node @dontInfer {
    identifier: String!
    language: String!
    carouselPath: String!
    data: JSON!
  }
  """A version of a page in some shop and language (hreflang): kind category|manufacturer|cms-id|cms-type."""
  type ShopAlternate implements Node @dontInfer {
    kind: String!
    key: String!
    shopId: String!
    language: String!
    href: String!
  }
  """A product's versions in every shop and language (hreflang); sourced incrementally like products."""
  type ShopProductVersions implements Node @dontInfer {
    sku: String!
    versions: [ShopProductVersion!]!
  }
  type ShopProductVersion {
    shopId: String!
    language: String!
    href: String!
  }
  type ShopProduct implements Node @dontInfer {
    sku: String!
    language: String!
    path: String!
    title: String!
    categoryIds: [String!]!
    categoryTrailIds: [String!]!
    breadcrumbIds: [String!]!
    manufacturerId: String
    packagePrice: Float
    parentSku: String
    updatedAt: String!
    reviewCount: Int!
    savingsPercentage: Int!
    isClearance: Boolean!
    """The list-card fields (site/src/lib/card.ts): what list pages query instead of data."""
    card: JSON!
    """The configurable attributes (configurable products; empty otherwise)."""
    configurable: JSON!
    data: JSON!
  }
  """The products of a page's list by SKU (the \`shopProducts\` query field, site/sourcing/shop-products.ts)."""
  type ShopProductList {
    nodes: [ShopProduct!]!
  }
`;

/** The node types sourced whole on every build (small); stale ones are deleted after sourcing. */
export const STRUCTURE_TYPES = [
  "ShopInfo",
  "ShopCategory",
  "ShopTopCategory",
  "ShopManufacturer",
  "ShopCmsPage",
  "ShopSeoLink",
  "ShopCmsBlock",
  "ShopCampaign",
  "ShopAlternate",
] as const;

export const NODE_TYPES = [...STRUCTURE_TYPES, "ShopProductVersions", "ShopProduct"] as const;
