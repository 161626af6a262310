import type { GraphQLResolveInfo } from 'graphql';
import type { ProductSource, ProductPriceSource, ProductConnectionSource } from '../sources';
import type { GraphQLContext } from '../context';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
};

export type Attribute = {
  __typename?: 'Attribute';
  code: Scalars['String']['output'];
  isVisible: Scalars['Boolean']['output'];
  label: Scalars['String']['output'];
  type: Scalars['String']['output'];
  value: Scalars['String']['output'];
};

/** A sales campaign: it runs while isActive, not isArchived and startsAt <= now < endsAt. */
export type Campaign = {
  __typename?: 'Campaign';
  /** A voucher code of the shop, or null when the reduced prices need no code. */
  campaignCoupon: Maybe<Scalars['String']['output']>;
  /** Sanitised HTML. */
  campaignDescription: Scalars['String']['output'];
  campaignName: Scalars['String']['output'];
  endsAt: Scalars['String']['output'];
  filterIsActive: Scalars['Boolean']['output'];
  hub: CampaignHub;
  identifier: Scalars['ID']['output'];
  isActive: Scalars['Boolean']['output'];
  isArchived: Scalars['Boolean']['output'];
  navigationBanner: Maybe<CampaignNavigationBanner>;
  navigationIsActive: Scalars['Boolean']['output'];
  start: CampaignStart;
  startsAt: Scalars['String']['output'];
  updatedAt: Scalars['String']['output'];
};

export type CampaignBigImage = {
  __typename?: 'CampaignBigImage';
  textLeft: Scalars['String']['output'];
  textRight: Scalars['String']['output'];
  top: Scalars['String']['output'];
  url: Scalars['String']['output'];
};

export type CampaignHub = {
  __typename?: 'CampaignHub';
  bigImage: CampaignBigImage;
  firstSlider: Array<CampaignSlide>;
  /** The identifier of the SALES page the hub shows on. */
  identifier: Scalars['String']['output'];
  isActive: Scalars['Boolean']['output'];
  secondSlider: Array<CampaignSlide>;
};

export type CampaignNavigationBanner = {
  __typename?: 'CampaignNavigationBanner';
  imageDesktop: Scalars['String']['output'];
  imageMobile: Scalars['String']['output'];
  text: Scalars['String']['output'];
  url: Scalars['String']['output'];
};

export type CampaignSlide = {
  __typename?: 'CampaignSlide';
  image: Scalars['String']['output'];
  title: Scalars['String']['output'];
  url: Scalars['String']['output'];
};

export type CampaignStart = {
  __typename?: 'CampaignStart';
  imageDesktop: Scalars['String']['output'];
  imageMobile: Scalars['String']['output'];
  isActive: Scalars['Boolean']['output'];
  url: Scalars['String']['output'];
};

export type CatalogueChanges = {
  __typename?: 'CatalogueChanges';
  skus: Array<Scalars['ID']['output']>;
  until: Maybe<Scalars['String']['output']>;
};

export type CatalogueVersion = {
  __typename?: 'CatalogueVersion';
  historyStart: Maybe<Scalars['String']['output']>;
  lastImport: Scalars['Int']['output'];
};

export type Category = {
  __typename?: 'Category';
  description: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  image: Maybe<Scalars['String']['output']>;
  isWorld: Scalars['Boolean']['output'];
  metaDescription: Maybe<Scalars['String']['output']>;
  metaTitle: Maybe<Scalars['String']['output']>;
  name: Scalars['String']['output'];
  parentId: Maybe<Scalars['ID']['output']>;
  /** Ids from the world down to this category (inclusive). */
  path: Array<Scalars['ID']['output']>;
  position: Scalars['Int']['output'];
  slug: Scalars['String']['output'];
  sorting: Array<Sorting>;
  teaser: Scalars['String']['output'];
};

/** A named piece of sanitised HTML the pages place (banners, notices). */
export type CmsBlock = {
  __typename?: 'CmsBlock';
  content: Scalars['String']['output'];
  identifier: Scalars['ID']['output'];
  updatedAt: Scalars['String']['output'];
};

export type CmsPage = {
  __typename?: 'CmsPage';
  content: Scalars['String']['output'];
  contentHeading: Scalars['String']['output'];
  creationTime: Scalars['String']['output'];
  excludeFromSitemap: Scalars['Boolean']['output'];
  identifier: Scalars['ID']['output'];
  /** Ids of the manufacturers the page shows (those with a page in the shop and language are the page's to pick). */
  manufacturers: Array<Scalars['ID']['output']>;
  metaDescription: Maybe<Scalars['String']['output']>;
  metaTitle: Maybe<Scalars['String']['output']>;
  /** The newsletter sign-up after the content. */
  newsletter: Scalars['Boolean']['output'];
  pageType: Scalars['String']['output'];
  /** Sections after the content, in order. */
  repeaters: Array<CmsSection>;
  robots: Scalars['String']['output'];
  /** Beside the content; null for none. */
  sidebar: Maybe<CmsSection>;
  title: Scalars['String']['output'];
  updatedAt: Scalars['String']['output'];
  /** The world (top category) the page belongs to; null for none. */
  worldId: Maybe<Scalars['ID']['output']>;
};

/** A titled piece of sanitised HTML of a CMS page. */
export type CmsSection = {
  __typename?: 'CmsSection';
  content: Scalars['String']['output'];
  title: Scalars['String']['output'];
};

export type ConfigurableAttribute = {
  __typename?: 'ConfigurableAttribute';
  code: Scalars['String']['output'];
  label: Scalars['String']['output'];
  options: Array<ConfigurableOption>;
};

export type ConfigurableOption = {
  __typename?: 'ConfigurableOption';
  label: Scalars['String']['output'];
  value: Scalars['String']['output'];
};

export type DeliveryTime = {
  __typename?: 'DeliveryTime';
  express: Scalars['Boolean']['output'];
  maxDays: Scalars['Int']['output'];
  minDays: Scalars['Int']['output'];
};

export type Download = {
  __typename?: 'Download';
  title: Scalars['String']['output'];
  url: Scalars['String']['output'];
};

export type Manufacturer = {
  __typename?: 'Manufacturer';
  description: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  logo: Maybe<Scalars['String']['output']>;
  name: Scalars['String']['output'];
  productCount: Scalars['Int']['output'];
  shortDescription: Scalars['String']['output'];
  slug: Scalars['String']['output'];
  url: Maybe<Scalars['String']['output']>;
};

export type Media = {
  __typename?: 'Media';
  alt: Scalars['String']['output'];
  kind: Scalars['String']['output'];
  /** A video's poster image (a path under /images/videos/); null for images and videos without one. */
  poster: Maybe<Scalars['String']['output']>;
  url: Scalars['String']['output'];
};

export type Money = {
  __typename?: 'Money';
  /** Minor units, e.g. 4995 */
  amount: Scalars['Int']['output'];
  currency: Scalars['String']['output'];
  /** Number formatted for the language, e.g. 49,95 (spaces are no-break spaces) */
  formattedValue: Scalars['String']['output'];
  /** With currency, e.g. 49,95 € (spaces are no-break spaces); CHF as CHF 1’234.50 in every language */
  formattedWithCurrency: Scalars['String']['output'];
  /** Major units, e.g. 49.95 */
  value: Scalars['Float']['output'];
};

export type PageInfo = {
  __typename?: 'PageInfo';
  endCursor: Maybe<Scalars['String']['output']>;
  hasNextPage: Scalars['Boolean']['output'];
};

export type Product = {
  __typename?: 'Product';
  blendPercent: Scalars['Float']['output'];
  categoryId: Scalars['ID']['output'];
  categoryIds: Array<Scalars['ID']['output']>;
  /** Variants of a configurable product visible in the same shop and language. */
  childProducts: Array<Product>;
  configurableAttributes: Array<ConfigurableAttribute>;
  content: ProductContent;
  delivery: DeliveryTime;
  downloads: Array<Download>;
  ean: Maybe<Scalars['String']['output']>;
  isClearance: Scalars['Boolean']['output'];
  isDecking: Scalars['Boolean']['output'];
  isExpress: Scalars['Boolean']['output'];
  /** Standard shipping at home (mainland) is free for a cart of only such products. */
  isFreeShipping: Scalars['Boolean']['output'];
  isOutOfStock: Scalars['Boolean']['output'];
  isPlusProduct: Scalars['Boolean']['output'];
  /** Active, and in stock or not yet end of life. */
  isSalable: Scalars['Boolean']['output'];
  manufacturer: Maybe<Manufacturer>;
  /** A short label by the title in the language (e.g. Bestseller); null for none. */
  marketingLabel: Maybe<Scalars['String']['output']>;
  media: Array<Media>;
  packageContent: Scalars['Float']['output'];
  parentSku: Maybe<Scalars['ID']['output']>;
  price: Maybe<ProductPrice>;
  /** SKUs of the products sold in a set with this one that the shop lists in the language, in the merchandiser's order (each variant has its own). */
  productSets: Array<Scalars['ID']['output']>;
  reachedEOF: Scalars['Boolean']['output'];
  /** Reviews written in the requested language, newest first; rating and count over all of them, the list only the latest (0-50) when asked. */
  reviewSummary: ReviewSummary;
  /** The component types of the product's roof-window configuration in step order (window, flashing, blind, accessories); empty without one. */
  roofWindowComponents: Array<Scalars['String']['output']>;
  samples: Samples;
  shippingGroup: Scalars['String']['output'];
  sku: Scalars['ID']['output'];
  slug: Scalars['String']['output'];
  stock: Stock;
  /** Place among the merchandiser's top products (TopProducts), first among the home page's popular products; null: not one. */
  topPosition: Maybe<Scalars['Int']['output']>;
  tutorials: Array<Tutorial>;
  type: Scalars['String']['output'];
  unit: Unit;
  updatedAt: Scalars['String']['output'];
};


export type ProductReviewSummaryArgs = {
  latest?: InputMaybe<Scalars['Int']['input']>;
};

export type ProductConnection = {
  __typename?: 'ProductConnection';
  nodes: Array<Product>;
  pageInfo: PageInfo;
  totalCount: Scalars['Int']['output'];
};

export type ProductContent = {
  __typename?: 'ProductContent';
  attributes: Array<Attribute>;
  description: Scalars['String']['output'];
  features: Array<Scalars['String']['output']>;
  lowStockMessage: Scalars['String']['output'];
  measurement: Scalars['String']['output'];
  metaDescription: Maybe<Scalars['String']['output']>;
  metaTitle: Maybe<Scalars['String']['output']>;
  /** The Plus tab's text (rich text); empty: the tab's general text. */
  plusContent: Scalars['String']['output'];
  shortDescription: Scalars['String']['output'];
  sku: Scalars['ID']['output'];
  subTitle: Scalars['String']['output'];
  title: Scalars['String']['output'];
  /** What the top products list says of the product; empty for none. */
  topDescription: Scalars['String']['output'];
};

export type ProductPrice = {
  __typename?: 'ProductPrice';
  packagePrice: Money;
  /** Lowest package price in force during the 30 days before the current price took effect (EU price-indication rule; the current price excluded). The current price when there was no earlier price in that window. */
  referencePrice: Money;
  /** round((referencePrice - current) / referencePrice * 100) when the reference price is higher than the current price, else 0. */
  savingsPercentage: Scalars['Int']['output'];
  tax: Tax;
  unitPrice: Money;
};

export type ProductSlug = {
  __typename?: 'ProductSlug';
  sku: Scalars['ID']['output'];
  slug: Scalars['String']['output'];
};

export type ProductSlugConnection = {
  __typename?: 'ProductSlugConnection';
  nodes: Array<ProductSlug>;
  pageInfo: PageInfo;
};

export type Query = {
  __typename?: 'Query';
  /** The shop's sales campaigns in the language that are not archived, by start (the build shows the running one). */
  campaigns: Array<Campaign>;
  /**
   * SKUs changed by imports after the given ISO time (since) or after the given import id (afterImport),
   * one of the two, for the rebuild pipeline. until: newest change time seen (or since; null with afterImport).
   */
  catalogueChanges: CatalogueChanges;
  /**
   * Where the catalogue's change log stands: lastImport, the newest import's id (0 before the first);
   * historyStart, the time of the oldest import kept (another value when the catalogue was replaced).
   * A build reads it before its products and passes lastImport as the next changedAfterImport.
   */
  catalogueVersion: CatalogueVersion;
  categories: Array<Category>;
  /** Content blocks of the shop in the language (e.g. header-info, header-warning banners), by identifier. */
  cmsBlocks: Array<CmsBlock>;
  cmsPages: Array<CmsPage>;
  /** Manufacturers with at least one active product in the shop, by name. */
  manufacturers: Array<Manufacturer>;
  product: Maybe<Product>;
  /**
   * The SKU and slug of the same products as products(), for links to them (hreflang): pages of
   * up to 2,000 (default 1,000), so a build of 50,000 products needs 25 requests per shop and
   * language instead of 250. after, changedSince and changedAfterImport as in products().
   */
  productSlugs: ProductSlugConnection;
  /**
   * Active products sold in the shop that have content in the language (variants included), ordered by sku.
   * first: 1-200 (default 50); after: endCursor of the previous page; changedSince: ISO date-time,
   * only products an import changed after it; changedAfterImport: only products the imports after
   * that import id changed (give one of the two at most). Errors: unknown shop, language not offered by the shop.
   */
  products: ProductConnection;
  shop: Maybe<Shop>;
  shops: Array<Shop>;
  topCategories: Array<TopCategory>;
  topSeoLinks: Array<SeoLink>;
};


export type QueryCampaignsArgs = {
  language: Scalars['String']['input'];
  shop: Scalars['ID']['input'];
};


export type QueryCatalogueChangesArgs = {
  afterImport?: InputMaybe<Scalars['Int']['input']>;
  shop?: InputMaybe<Scalars['ID']['input']>;
  since?: InputMaybe<Scalars['String']['input']>;
};


export type QueryCategoriesArgs = {
  language: Scalars['String']['input'];
  shop: Scalars['ID']['input'];
};


export type QueryCmsBlocksArgs = {
  language: Scalars['String']['input'];
  shop: Scalars['ID']['input'];
};


export type QueryCmsPagesArgs = {
  language: Scalars['String']['input'];
  shop: Scalars['ID']['input'];
};


export type QueryManufacturersArgs = {
  language: Scalars['String']['input'];
  shop: Scalars['ID']['input'];
};


export type QueryProductArgs = {
  language: Scalars['String']['input'];
  shop: Scalars['ID']['input'];
  sku: Scalars['ID']['input'];
};


export type QueryProductSlugsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  changedAfterImport?: InputMaybe<Scalars['Int']['input']>;
  changedSince?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  language: Scalars['String']['input'];
  shop: Scalars['ID']['input'];
};


export type QueryProductsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  changedAfterImport?: InputMaybe<Scalars['Int']['input']>;
  changedSince?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  language: Scalars['String']['input'];
  shop: Scalars['ID']['input'];
};


export type QueryShopArgs = {
  id: Scalars['ID']['input'];
};


export type QueryTopCategoriesArgs = {
  language: Scalars['String']['input'];
  shop: Scalars['ID']['input'];
};


export type QueryTopSeoLinksArgs = {
  language: Scalars['String']['input'];
  shop: Scalars['ID']['input'];
};

export type Review = {
  __typename?: 'Review';
  answer: Maybe<Scalars['String']['output']>;
  comment: Scalars['String']['output'];
  createdAt: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  mark: Scalars['Int']['output'];
  reviewer: Scalars['String']['output'];
};

export type ReviewSummary = {
  __typename?: 'ReviewSummary';
  maxValue: Scalars['Int']['output'];
  ratingValue: Scalars['Float']['output'];
  reviews: Array<Review>;
  totalReviewCount: Scalars['Int']['output'];
};

export type Samples = {
  __typename?: 'Samples';
  active: Scalars['Boolean']['output'];
  express: Scalars['Boolean']['output'];
  longDeliveryTime: Scalars['Boolean']['output'];
  maxSamples: Scalars['Int']['output'];
  sampleOrderIsFreeOfCharge: Scalars['Boolean']['output'];
};

export type SeoLink = {
  __typename?: 'SeoLink';
  label: Scalars['String']['output'];
  position: Scalars['Int']['output'];
  url: Scalars['String']['output'];
};

export type Shop = {
  __typename?: 'Shop';
  baseUrl: Scalars['String']['output'];
  currency: Scalars['String']['output'];
  defaultLanguage: Scalars['String']['output'];
  deliveryCountries: Array<Scalars['String']['output']>;
  domainPrefixes: Array<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  languages: Array<Scalars['String']['output']>;
  name: Scalars['String']['output'];
  taxRate: Scalars['Float']['output'];
};

export type Sorting = {
  __typename?: 'Sorting';
  direction: Scalars['String']['output'];
  sortBy: Scalars['String']['output'];
};

export type Stock = {
  __typename?: 'Stock';
  isInStock: Scalars['Boolean']['output'];
  minimumOrderQuantity: Scalars['Float']['output'];
  notificationQuantity: Scalars['Int']['output'];
  quantity: Scalars['Int']['output'];
};

/** Tax included in the package price, e.g. label inkl. 19% MwSt. */
export type Tax = {
  __typename?: 'Tax';
  amount: Money;
  isIncluded: Scalars['Boolean']['output'];
  label: Scalars['String']['output'];
  percentage: Scalars['Float']['output'];
};

export type TopCategory = {
  __typename?: 'TopCategory';
  id: Scalars['ID']['output'];
  imagePath: Maybe<Scalars['String']['output']>;
  name: Scalars['String']['output'];
  topCategoryDescription: Scalars['String']['output'];
  topCategoryPosition: Scalars['Int']['output'];
  urlPath: Scalars['String']['output'];
};

export type Tutorial = {
  __typename?: 'Tutorial';
  content: Scalars['String']['output'];
  /** A video tutorial's poster image (a path under /images/videos/); null otherwise. */
  poster: Maybe<Scalars['String']['output']>;
  title: Scalars['String']['output'];
  type: Scalars['String']['output'];
  url: Maybe<Scalars['String']['output']>;
};

/** A measurement unit; label is its short label in the language (locales/<lang>/server.json units; unknown codes: the label of TUBE). */
export type Unit = {
  __typename?: 'Unit';
  code: Scalars['String']['output'];
  label: Scalars['String']['output'];
};



export type ResolverTypeWrapper<T> = Promise<T> | T;

export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;





/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  Attribute: ResolverTypeWrapper<Attribute>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  Campaign: ResolverTypeWrapper<Campaign>;
  CampaignBigImage: ResolverTypeWrapper<CampaignBigImage>;
  CampaignHub: ResolverTypeWrapper<CampaignHub>;
  CampaignNavigationBanner: ResolverTypeWrapper<CampaignNavigationBanner>;
  CampaignSlide: ResolverTypeWrapper<CampaignSlide>;
  CampaignStart: ResolverTypeWrapper<CampaignStart>;
  CatalogueChanges: ResolverTypeWrapper<CatalogueChanges>;
  CatalogueVersion: ResolverTypeWrapper<CatalogueVersion>;
  Category: ResolverTypeWrapper<Category>;
  CmsBlock: ResolverTypeWrapper<CmsBlock>;
  CmsPage: ResolverTypeWrapper<CmsPage>;
  CmsSection: ResolverTypeWrapper<CmsSection>;
  ConfigurableAttribute: ResolverTypeWrapper<ConfigurableAttribute>;
  ConfigurableOption: ResolverTypeWrapper<ConfigurableOption>;
  DeliveryTime: ResolverTypeWrapper<DeliveryTime>;
  Download: ResolverTypeWrapper<Download>;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  Manufacturer: ResolverTypeWrapper<Manufacturer>;
  Media: ResolverTypeWrapper<Media>;
  Money: ResolverTypeWrapper<Money>;
  PageInfo: ResolverTypeWrapper<PageInfo>;
  Product: ResolverTypeWrapper<ProductSource>;
  ProductConnection: ResolverTypeWrapper<ProductConnectionSource>;
  ProductContent: ResolverTypeWrapper<ProductContent>;
  ProductPrice: ResolverTypeWrapper<ProductPriceSource>;
  ProductSlug: ResolverTypeWrapper<ProductSlug>;
  ProductSlugConnection: ResolverTypeWrapper<ProductSlugConnection>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Review: ResolverTypeWrapper<Review>;
  ReviewSummary: ResolverTypeWrapper<ReviewSummary>;
  Samples: ResolverTypeWrapper<Samples>;
  SeoLink: ResolverTypeWrapper<SeoLink>;
  Shop: ResolverTypeWrapper<Shop>;
  Sorting: ResolverTypeWrapper<Sorting>;
  Stock: ResolverTypeWrapper<Stock>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  Tax: ResolverTypeWrapper<Tax>;
  TopCategory: ResolverTypeWrapper<TopCategory>;
  Tutorial: ResolverTypeWrapper<Tutorial>;
  Unit: ResolverTypeWrapper<Unit>;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  Attribute: Attribute;
  Boolean: Scalars['Boolean']['output'];
  Campaign: Campaign;
  CampaignBigImage: CampaignBigImage;
  CampaignHub: CampaignHub;
  CampaignNavigationBanner: CampaignNavigationBanner;
  CampaignSlide: CampaignSlide;
  CampaignStart: CampaignStart;
  CatalogueChanges: CatalogueChanges;
  CatalogueVersion: CatalogueVersion;
  Category: Category;
  CmsBlock: CmsBlock;
  CmsPage: CmsPage;
  CmsSection: CmsSection;
  ConfigurableAttribute: ConfigurableAttribute;
  ConfigurableOption: ConfigurableOption;
  DeliveryTime: DeliveryTime;
  Download: Download;
  Float: Scalars['Float']['output'];
  ID: Scalars['ID']['output'];
  Int: Scalars['Int']['output'];
  Manufacturer: Manufacturer;
  Media: Media;
  Money: Money;
  PageInfo: PageInfo;
  Product: ProductSource;
  ProductConnection: ProductConnectionSource;
  ProductContent: ProductContent;
  ProductPrice: ProductPriceSource;
  ProductSlug: ProductSlug;
  ProductSlugConnection: ProductSlugConnection;
  Query: Record<PropertyKey, never>;
  Review: Review;
  ReviewSummary: ReviewSummary;
  Samples: Samples;
  SeoLink: SeoLink;
  Shop: Shop;
  Sorting: Sorting;
  Stock: Stock;
  String: Scalars['String']['output'];
  Tax: Tax;
  TopCategory: TopCategory;
  Tutorial: Tutorial;
  Unit: Unit;
};

export type AttributeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Attribute'] = ResolversParentTypes['Attribute']> = {
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  isVisible?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  value?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type CampaignResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Campaign'] = ResolversParentTypes['Campaign']> = {
  campaignCoupon?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  campaignDescription?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  campaignName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  endsAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  filterIsActive?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  hub?: Resolver<ResolversTypes['CampaignHub'], ParentType, ContextType>;
  identifier?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isActive?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  isArchived?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  navigationBanner?: Resolver<Maybe<ResolversTypes['CampaignNavigationBanner']>, ParentType, ContextType>;
  navigationIsActive?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  start?: Resolver<ResolversTypes['CampaignStart'], ParentType, ContextType>;
  startsAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type CampaignBigImageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CampaignBigImage'] = ResolversParentTypes['CampaignBigImage']> = {
  textLeft?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  textRight?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  top?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type CampaignHubResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CampaignHub'] = ResolversParentTypes['CampaignHub']> = {
  bigImage?: Resolver<ResolversTypes['CampaignBigImage'], ParentType, ContextType>;
  firstSlider?: Resolver<Array<ResolversTypes['CampaignSlide']>, ParentType, ContextType>;
  identifier?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  isActive?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  secondSlider?: Resolver<Array<ResolversTypes['CampaignSlide']>, ParentType, ContextType>;
};

export type CampaignNavigationBannerResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CampaignNavigationBanner'] = ResolversParentTypes['CampaignNavigationBanner']> = {
  imageDesktop?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  imageMobile?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  text?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type CampaignSlideResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CampaignSlide'] = ResolversParentTypes['CampaignSlide']> = {
  image?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type CampaignStartResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CampaignStart'] = ResolversParentTypes['CampaignStart']> = {
  imageDesktop?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  imageMobile?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  isActive?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type CatalogueChangesResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CatalogueChanges'] = ResolversParentTypes['CatalogueChanges']> = {
  skus?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
  until?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type CatalogueVersionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CatalogueVersion'] = ResolversParentTypes['CatalogueVersion']> = {
  historyStart?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  lastImport?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type CategoryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Category'] = ResolversParentTypes['Category']> = {
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  image?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  isWorld?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  metaDescription?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  metaTitle?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  parentId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  path?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
  position?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  slug?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sorting?: Resolver<Array<ResolversTypes['Sorting']>, ParentType, ContextType>;
  teaser?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type CmsBlockResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CmsBlock'] = ResolversParentTypes['CmsBlock']> = {
  content?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  identifier?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type CmsPageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CmsPage'] = ResolversParentTypes['CmsPage']> = {
  content?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  contentHeading?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  creationTime?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  excludeFromSitemap?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  identifier?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  manufacturers?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
  metaDescription?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  metaTitle?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  newsletter?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  pageType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  repeaters?: Resolver<Array<ResolversTypes['CmsSection']>, ParentType, ContextType>;
  robots?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sidebar?: Resolver<Maybe<ResolversTypes['CmsSection']>, ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  worldId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
};

export type CmsSectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CmsSection'] = ResolversParentTypes['CmsSection']> = {
  content?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ConfigurableAttributeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ConfigurableAttribute'] = ResolversParentTypes['ConfigurableAttribute']> = {
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  options?: Resolver<Array<ResolversTypes['ConfigurableOption']>, ParentType, ContextType>;
};

export type ConfigurableOptionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ConfigurableOption'] = ResolversParentTypes['ConfigurableOption']> = {
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  value?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type DeliveryTimeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DeliveryTime'] = ResolversParentTypes['DeliveryTime']> = {
  express?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  maxDays?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  minDays?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type DownloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Download'] = ResolversParentTypes['Download']> = {
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ManufacturerResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Manufacturer'] = ResolversParentTypes['Manufacturer']> = {
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  logo?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  productCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  shortDescription?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  slug?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  url?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type MediaResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Media'] = ResolversParentTypes['Media']> = {
  alt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  poster?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type MoneyResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Money'] = ResolversParentTypes['Money']> = {
  amount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  formattedValue?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  formattedWithCurrency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  value?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export type PageInfoResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PageInfo'] = ResolversParentTypes['PageInfo']> = {
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type ProductResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Product'] = ResolversParentTypes['Product']> = {
  blendPercent?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  categoryId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  categoryIds?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
  childProducts?: Resolver<Array<ResolversTypes['Product']>, ParentType, ContextType>;
  configurableAttributes?: Resolver<Array<ResolversTypes['ConfigurableAttribute']>, ParentType, ContextType>;
  content?: Resolver<ResolversTypes['ProductContent'], ParentType, ContextType>;
  delivery?: Resolver<ResolversTypes['DeliveryTime'], ParentType, ContextType>;
  downloads?: Resolver<Array<ResolversTypes['Download']>, ParentType, ContextType>;
  ean?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  isClearance?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  isDecking?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  isExpress?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  isFreeShipping?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  isOutOfStock?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  isPlusProduct?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  isSalable?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  manufacturer?: Resolver<Maybe<ResolversTypes['Manufacturer']>, ParentType, ContextType>;
  marketingLabel?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  media?: Resolver<Array<ResolversTypes['Media']>, ParentType, ContextType>;
  packageContent?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  parentSku?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  price?: Resolver<Maybe<ResolversTypes['ProductPrice']>, ParentType, ContextType>;
  productSets?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
  reachedEOF?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  reviewSummary?: Resolver<ResolversTypes['ReviewSummary'], ParentType, ContextType, Partial<ProductReviewSummaryArgs>>;
  roofWindowComponents?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  samples?: Resolver<ResolversTypes['Samples'], ParentType, ContextType>;
  shippingGroup?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sku?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  slug?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  stock?: Resolver<ResolversTypes['Stock'], ParentType, ContextType>;
  topPosition?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  tutorials?: Resolver<Array<ResolversTypes['Tutorial']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  unit?: Resolver<ResolversTypes['Unit'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ProductConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ProductConnection'] = ResolversParentTypes['ProductConnection']> = {
  nodes?: Resolver<Array<ResolversTypes['Product']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type ProductContentResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ProductContent'] = ResolversParentTypes['ProductContent']> = {
  attributes?: Resolver<Array<ResolversTypes['Attribute']>, ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  features?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  lowStockMessage?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  measurement?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  metaDescription?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  metaTitle?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  plusContent?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  shortDescription?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sku?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  subTitle?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  topDescription?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ProductPriceResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ProductPrice'] = ResolversParentTypes['ProductPrice']> = {
  packagePrice?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  referencePrice?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  savingsPercentage?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  tax?: Resolver<ResolversTypes['Tax'], ParentType, ContextType>;
  unitPrice?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
};

export type ProductSlugResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ProductSlug'] = ResolversParentTypes['ProductSlug']> = {
  sku?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  slug?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ProductSlugConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ProductSlugConnection'] = ResolversParentTypes['ProductSlugConnection']> = {
  nodes?: Resolver<Array<ResolversTypes['ProductSlug']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type QueryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  campaigns?: Resolver<Array<ResolversTypes['Campaign']>, ParentType, ContextType, RequireFields<QueryCampaignsArgs, 'language' | 'shop'>>;
  catalogueChanges?: Resolver<ResolversTypes['CatalogueChanges'], ParentType, ContextType, Partial<QueryCatalogueChangesArgs>>;
  catalogueVersion?: Resolver<ResolversTypes['CatalogueVersion'], ParentType, ContextType>;
  categories?: Resolver<Array<ResolversTypes['Category']>, ParentType, ContextType, RequireFields<QueryCategoriesArgs, 'language' | 'shop'>>;
  cmsBlocks?: Resolver<Array<ResolversTypes['CmsBlock']>, ParentType, ContextType, RequireFields<QueryCmsBlocksArgs, 'language' | 'shop'>>;
  cmsPages?: Resolver<Array<ResolversTypes['CmsPage']>, ParentType, ContextType, RequireFields<QueryCmsPagesArgs, 'language' | 'shop'>>;
  manufacturers?: Resolver<Array<ResolversTypes['Manufacturer']>, ParentType, ContextType, RequireFields<QueryManufacturersArgs, 'language' | 'shop'>>;
  product?: Resolver<Maybe<ResolversTypes['Product']>, ParentType, ContextType, RequireFields<QueryProductArgs, 'language' | 'shop' | 'sku'>>;
  productSlugs?: Resolver<ResolversTypes['ProductSlugConnection'], ParentType, ContextType, RequireFields<QueryProductSlugsArgs, 'first' | 'language' | 'shop'>>;
  products?: Resolver<ResolversTypes['ProductConnection'], ParentType, ContextType, RequireFields<QueryProductsArgs, 'first' | 'language' | 'shop'>>;
  shop?: Resolver<Maybe<ResolversTypes['Shop']>, ParentType, ContextType, RequireFields<QueryShopArgs, 'id'>>;
  shops?: Resolver<Array<ResolversTypes['Shop']>, ParentType, ContextType>;
  topCategories?: Resolver<Array<ResolversTypes['TopCategory']>, ParentType, ContextType, RequireFields<QueryTopCategoriesArgs, 'language' | 'shop'>>;
  topSeoLinks?: Resolver<Array<ResolversTypes['SeoLink']>, ParentType, ContextType, RequireFields<QueryTopSeoLinksArgs, 'language' | 'shop'>>;
};

export type ReviewResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Review'] = ResolversParentTypes['Review']> = {
  answer?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  comment?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  mark?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  reviewer?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ReviewSummaryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReviewSummary'] = ResolversParentTypes['ReviewSummary']> = {
  maxValue?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  ratingValue?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  reviews?: Resolver<Array<ResolversTypes['Review']>, ParentType, ContextType>;
  totalReviewCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type SamplesResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Samples'] = ResolversParentTypes['Samples']> = {
  active?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  express?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  longDeliveryTime?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  maxSamples?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  sampleOrderIsFreeOfCharge?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type SeoLinkResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SeoLink'] = ResolversParentTypes['SeoLink']> = {
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  position?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ShopResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Shop'] = ResolversParentTypes['Shop']> = {
  baseUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  defaultLanguage?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  deliveryCountries?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  domainPrefixes?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  languages?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  taxRate?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export type SortingResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Sorting'] = ResolversParentTypes['Sorting']> = {
  direction?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sortBy?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type StockResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Stock'] = ResolversParentTypes['Stock']> = {
  isInStock?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  minimumOrderQuantity?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  notificationQuantity?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  quantity?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type TaxResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Tax'] = ResolversParentTypes['Tax']> = {
  amount?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  isIncluded?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  percentage?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
};

export type TopCategoryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TopCategory'] = ResolversParentTypes['TopCategory']> = {
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  imagePath?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  topCategoryDescription?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  topCategoryPosition?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  urlPath?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type TutorialResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Tutorial'] = ResolversParentTypes['Tutorial']> = {
  content?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  poster?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  url?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type UnitResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Unit'] = ResolversParentTypes['Unit']> = {
  code?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type Resolvers<ContextType = GraphQLContext> = {
  Attribute?: AttributeResolvers<ContextType>;
  Campaign?: CampaignResolvers<ContextType>;
  CampaignBigImage?: CampaignBigImageResolvers<ContextType>;
  CampaignHub?: CampaignHubResolvers<ContextType>;
  CampaignNavigationBanner?: CampaignNavigationBannerResolvers<ContextType>;
  CampaignSlide?: CampaignSlideResolvers<ContextType>;
  CampaignStart?: CampaignStartResolvers<ContextType>;
  CatalogueChanges?: CatalogueChangesResolvers<ContextType>;
  CatalogueVersion?: CatalogueVersionResolvers<ContextType>;
  Category?: CategoryResolvers<ContextType>;
  CmsBlock?: CmsBlockResolvers<ContextType>;
  CmsPage?: CmsPageResolvers<ContextType>;
  CmsSection?: CmsSectionResolvers<ContextType>;
  ConfigurableAttribute?: ConfigurableAttributeResolvers<ContextType>;
  ConfigurableOption?: ConfigurableOptionResolvers<ContextType>;
  DeliveryTime?: DeliveryTimeResolvers<ContextType>;
  Download?: DownloadResolvers<ContextType>;
  Manufacturer?: ManufacturerResolvers<ContextType>;
  Media?: MediaResolvers<ContextType>;
  Money?: MoneyResolvers<ContextType>;
  PageInfo?: PageInfoResolvers<ContextType>;
  Product?: ProductResolvers<ContextType>;
  ProductConnection?: ProductConnectionResolvers<ContextType>;
  ProductContent?: ProductContentResolvers<ContextType>;
  ProductPrice?: ProductPriceResolvers<ContextType>;
  ProductSlug?: ProductSlugResolvers<ContextType>;
  ProductSlugConnection?: ProductSlugConnectionResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  Review?: ReviewResolvers<ContextType>;
  ReviewSummary?: ReviewSummaryResolvers<ContextType>;
  Samples?: SamplesResolvers<ContextType>;
  SeoLink?: SeoLinkResolvers<ContextType>;
  Shop?: ShopResolvers<ContextType>;
  Sorting?: SortingResolvers<ContextType>;
  Stock?: StockResolvers<ContextType>;
  Tax?: TaxResolvers<ContextType>;
  TopCategory?: TopCategoryResolvers<ContextType>;
  Tutorial?: TutorialResolvers<ContextType>;
  Unit?: UnitResolvers<ContextType>;
};

