/**
 * The GraphQL layer over the catalogue master data, served at /graphql by the shop API.
 * The static build sources every page from here (paged, per shop and language);
 * `changedSince` lets an incremental build fetch only what an import changed.
 * Money: `Money.value` in major units, `amount` in minor units, formatted per shop locale.
 */
export const typeDefs = /* GraphQL */ `
  type Query {
    shops: [Shop!]!
    shop(id: ID!): Shop
    categories(shop: ID!, language: String!): [Category!]!
    topCategories(shop: ID!, language: String!): [TopCategory!]!
    """
    Active products sold in the shop that have content in the language (variants included), ordered by sku.
    first: 1-200 (default 50); after: endCursor of the previous page; changedSince: ISO date-time,
    only products an import changed after it; changedAfterImport: only products the imports after
    that import id changed (give one of the two at most). Errors: unknown shop, language not offered by the shop.
    """
    products(shop: ID!, language: String!, first: Int = 50, after: String, changedSince: String, changedAfterImport: Int): ProductConnection!
    product(shop: ID!, language: String!, sku: ID!): Product
    """
    The SKU and slug of the same products as products(), for links to them (hreflang): pages of
    up to 2,000 (default 1,000), so a build of 50,000 products needs 25 requests per shop and
    language instead of 250. after, changedSince and changedAfterImport as in products().
    """
    productSlugs(shop: ID!, language: String!, first: Int = 1000, after: String, changedSince: String, changedAfterImport: Int): ProductSlugConnection!
    "Manufacturers with at least one active product in the shop, by name."
    manufacturers(shop: ID!, language: String!): [Manufacturer!]!
    cmsPages(shop: ID!, language: String!): [CmsPage!]!
    "Content blocks of the shop in the language (e.g. header-info, header-warning banners), by identifier."
    cmsBlocks(shop: ID!, language: String!): [CmsBlock!]!
    topSeoLinks(shop: ID!, language: String!): [SeoLink!]!
    "The shop's sales campaigns in the language that are not archived, by start (the build shows the running one)."
    campaigns(shop: ID!, language: String!): [Campaign!]!
    """
    SKUs changed by imports after the given ISO time (since) or after the given import id (afterImport),
    one of the two, for the rebuild pipeline. until: newest change time seen (or since; null with afterImport).
    """
    catalogueChanges(since: String, afterImport: Int, shop: ID): CatalogueChanges!
    """
    Where the catalogue's change log stands: lastImport, the newest import's id (0 before the first);
    historyStart, the time of the oldest import kept (another value when the catalogue was replaced).
    A build reads it before its products and passes lastImport as the next changedAfterImport.
    """
    catalogueVersion: CatalogueVersion!
  }

  type Shop {
    id: ID!
    name: String!
    currency: String!
    taxRate: Float!
    languages: [String!]!
    defaultLanguage: String!
    domainPrefixes: [String!]!
    deliveryCountries: [String!]!
    baseUrl: String!
  }

  type Category {
    id: ID!
    parentId: ID
    position: Int!
    isWorld: Boolean!
    name: String!
    slug: String!
    description: String!
    teaser: String!
    image: String
    metaTitle: String
    metaDescription: String
    sorting: [Sorting!]!
    "Ids from the world down to this category (inclusive)."
    path: [ID!]!
  }

  type Sorting {
    sortBy: String!
    direction: String!
  }

  type TopCategory {
    id: ID!
    name: String!
    imagePath: String
    urlPath: String!
    topCategoryPosition: Int!
    topCategoryDescription: String!
  }

  type ProductConnection {
    nodes: [Product!]!
    totalCount: Int!
    pageInfo: PageInfo!
  }

  type ProductSlugConnection {
    nodes: [ProductSlug!]!
    pageInfo: PageInfo!
  }

  type ProductSlug {
    sku: ID!
    slug: String!
  }

  type PageInfo {
    hasNextPage: Boolean!
    endCursor: String
  }

  type Product {
    sku: ID!
    type: String!
    parentSku: ID
    slug: String!
    ean: String
    content: ProductContent!
    manufacturer: Manufacturer
    categoryId: ID!
    categoryIds: [ID!]!
    price: ProductPrice
    unit: Unit!
    packageContent: Float!
    blendPercent: Float!
    shippingGroup: String!
    isDecking: Boolean!
    isExpress: Boolean!
    isClearance: Boolean!
    isPlusProduct: Boolean!
    "Standard shipping at home (mainland) is free for a cart of only such products."
    isFreeShipping: Boolean!
    "A short label by the title in the language (e.g. Bestseller); null for none."
    marketingLabel: String
    "Place among the merchandiser's top products (TopProducts), first among the home page's popular products; null: not one."
    topPosition: Int
    "SKUs of the products sold in a set with this one that the shop lists in the language, in the merchandiser's order (each variant has its own)."
    productSets: [ID!]!
    isOutOfStock: Boolean!
    "Active, and in stock or not yet end of life."
    isSalable: Boolean!
    reachedEOF: Boolean!
    stock: Stock!
    delivery: DeliveryTime!
    samples: Samples!
    media: [Media!]!
    downloads: [Download!]!
    tutorials: [Tutorial!]!
    "Variants of a configurable product visible in the same shop and language."
    childProducts: [Product!]!
    configurableAttributes: [ConfigurableAttribute!]!
    "The component types of the product's roof-window configuration in step order (window, flashing, blind, accessories); empty without one."
    roofWindowComponents: [String!]!
    "Reviews written in the requested language, newest first; rating and count over all of them, the list only the latest (0-50) when asked."
    reviewSummary(latest: Int): ReviewSummary!
    updatedAt: String!
  }

  type ProductContent {
    sku: ID!
    title: String!
    subTitle: String!
    shortDescription: String!
    description: String!
    lowStockMessage: String!
    measurement: String!
    features: [String!]!
    attributes: [Attribute!]!
    metaTitle: String
    metaDescription: String
    "The Plus tab's text (rich text); empty: the tab's general text."
    plusContent: String!
    "What the top products list says of the product; empty for none."
    topDescription: String!
  }

  type Attribute {
    code: String!
    label: String!
    type: String!
    value: String!
    isVisible: Boolean!
  }

  type Money {
    "Major units, e.g. 49.95"
    value: Float!
    "Minor units, e.g. 4995"
    amount: Int!
    currency: String!
    "Number formatted for the language, e.g. 49,95 (spaces are no-break spaces)"
    formattedValue: String!
    "With currency, e.g. 49,95 € (spaces are no-break spaces); CHF as CHF 1’234.50 in every language"
    formattedWithCurrency: String!
  }

  "Tax included in the package price, e.g. label inkl. 19% MwSt."
  type Tax {
    isIncluded: Boolean!
    percentage: Float!
    amount: Money!
    label: String!
  }

  type ProductPrice {
    packagePrice: Money!
    unitPrice: Money!
    "Lowest package price in force during the 30 days before the current price took effect (EU price-indication rule; the current price excluded). The current price when there was no earlier price in that window."
    referencePrice: Money!
    "round((referencePrice - current) / referencePrice * 100) when the reference price is higher than the current price, else 0."
    savingsPercentage: Int!
    tax: Tax!
  }

  "A measurement unit; label is its short label in the language (locales/<lang>/server.json units; unknown codes: the label of TUBE)."
  type Unit {
    code: String!
    label: String!
  }

  type Stock {
    isInStock: Boolean!
    quantity: Int!
    minimumOrderQuantity: Float!
    notificationQuantity: Int!
  }

  type DeliveryTime {
    minDays: Int!
    maxDays: Int!
    express: Boolean!
  }

  type Samples {
    active: Boolean!
    express: Boolean!
    longDeliveryTime: Boolean!
    sampleOrderIsFreeOfCharge: Boolean!
    maxSamples: Int!
  }

  type Media {
    kind: String!
    url: String!
    alt: String!
    "A video's poster image (a path under /images/videos/); null for images and videos without one."
    poster: String
  }

  type Download {
    title: String!
    url: String!
  }

  type Tutorial {
    title: String!
    content: String!
    type: String!
    url: String
    "A video tutorial's poster image (a path under /images/videos/); null otherwise."
    poster: String
  }

  type ConfigurableAttribute {
    code: String!
    label: String!
    options: [ConfigurableOption!]!
  }
  type ConfigurableOption {
    value: String!
    label: String!
  }

  type ReviewSummary {
    ratingValue: Float!
    maxValue: Int!
    totalReviewCount: Int!
    reviews: [Review!]!
  }
  type Review {
    id: ID!
    mark: Int!
    comment: String!
    reviewer: String!
    answer: String
    createdAt: String!
  }

  type Manufacturer {
    id: ID!
    name: String!
    slug: String!
    logo: String
    url: String
    description: String!
    shortDescription: String!
    productCount: Int!
  }

  type CmsPage {
    identifier: ID!
    pageType: String!
    title: String!
    contentHeading: String!
    content: String!
    metaTitle: String
    metaDescription: String
    robots: String!
    excludeFromSitemap: Boolean!
    "Beside the content; null for none."
    sidebar: CmsSection
    "Sections after the content, in order."
    repeaters: [CmsSection!]!
    "Ids of the manufacturers the page shows (those with a page in the shop and language are the page's to pick)."
    manufacturers: [ID!]!
    "The world (top category) the page belongs to; null for none."
    worldId: ID
    "The newsletter sign-up after the content."
    newsletter: Boolean!
    creationTime: String!
    updatedAt: String!
  }

  "A titled piece of sanitised HTML of a CMS page."
  type CmsSection {
    title: String!
    content: String!
  }

  "A named piece of sanitised HTML the pages place (banners, notices)."
  type CmsBlock {
    identifier: ID!
    content: String!
    updatedAt: String!
  }

  "A sales campaign: it runs while isActive, not isArchived and startsAt <= now < endsAt."
  type Campaign {
    identifier: ID!
    campaignName: String!
    "Sanitised HTML."
    campaignDescription: String!
    "A voucher code of the shop, or null when the reduced prices need no code."
    campaignCoupon: String
    startsAt: String!
    endsAt: String!
    isActive: Boolean!
    isArchived: Boolean!
    navigationIsActive: Boolean!
    filterIsActive: Boolean!
    navigationBanner: CampaignNavigationBanner
    start: CampaignStart!
    hub: CampaignHub!
    updatedAt: String!
  }
  type CampaignNavigationBanner {
    url: String!
    imageDesktop: String!
    imageMobile: String!
    text: String!
  }
  type CampaignStart {
    isActive: Boolean!
    url: String!
    imageDesktop: String!
    imageMobile: String!
  }
  type CampaignHub {
    isActive: Boolean!
    "The identifier of the SALES page the hub shows on."
    identifier: String!
    bigImage: CampaignBigImage!
    firstSlider: [CampaignSlide!]!
    secondSlider: [CampaignSlide!]!
  }
  type CampaignBigImage {
    top: String!
    url: String!
    textLeft: String!
    textRight: String!
  }
  type CampaignSlide {
    title: String!
    url: String!
    image: String!
  }

  type SeoLink {
    position: Int!
    label: String!
    url: String!
  }

  type CatalogueChanges {
    skus: [ID!]!
    until: String
  }

  type CatalogueVersion {
    lastImport: Int!
    historyStart: String
  }
`;
