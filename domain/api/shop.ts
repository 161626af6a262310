/**
 * The shop's live reads: who the shop is (`GET /apiv2/masterdata`), the visitor's environment
 * (`GET /apiv2/environment`: navigation, banners, consent, tracking, the signed-in customer),
 * the customer's type (`GET /apiv2/isBusiness`) and the internal-user check
 * (`GET /apiv2/internal-user`).
 */
import type { CustomerType } from "../account";
import type { BannerLocation, BannerPlatform } from "../environment-banners";

export interface MasterdataAnswer {
  shop: { id: string; name: string; baseUrl: string; baseDomain: string; defaultLocale: string };
  storeConfig: { name: string; preferredDomain: string; language: string; domainPrefixes: string[]; deliveryCountries: string[] };
  currency: string;
  taxRate: number;
  languages: string[];
  countries: { code: string; label: string; flag: string }[];
}

export interface EnvironmentLink {
  url: string;
  description: string;
  textColor: string;
  textBackground: string;
}

export interface EnvironmentAnswer {
  environment: {
    variables: { version: string };
    isInternal: boolean;
    /** The shop's banner blocks of the language, by where they show (domain/environment-banners.ts). */
    banners: { platform: BannerPlatform; location: BannerLocation; content: string }[];
    navigation: {
      loginLink: EnvironmentLink;
      signUpLink: EnvironmentLink;
      topNavigation: { id: string; name: string; url: string; active: boolean }[];
    };
    footer: Record<string, never>;
    /** The consent manager's script is added when cookies are enabled. */
    cookies: { enabled: boolean; key: string };
    tagManager: { containerId: string } | null;
    serviceWorker: { enabled: boolean };
    isSearchEnabled: boolean;
    minimumSearchCharacters: number;
    /** Whether the address forms can offer suggestions (GET /apiv2/address/find). */
    addressLookup: boolean;
    customer: { signedIn: boolean; firstName: string | null };
    /** The signed-in customer's project count (0 for a guest: the header counts the browser's) and my projects' path. */
    projects: { count: number; link: string };
  };
}

/** The answer of `GET /apiv2/isBusiness`: the signed-in customer's type; a guest is private. */
export type IsBusinessAnswer = CustomerType;

export interface InternalUserAnswer {
  isInternal: boolean;
}
