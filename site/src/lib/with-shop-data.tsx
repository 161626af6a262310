import React from "react";
import type { BaseContext, ChromeData } from "./page-data";
import { latestShopData, loadShopData, shopDataFor, shopDataVersion, subscribeShopData, type ShopData } from "./shop-data";

/** What the page context names besides the base keys: the shop data file of the page's build and language (site/sourcing/shop-data.ts). */
export interface ShopDataContext {
  shopData?: string;
}

/**
 * The shop data of a page (lib/shop-data.ts): its own file's, or while that loads in the
 * browser the latest of its language; null only for a language none of whose files is there yet.
 */
export function useShopData(id: string | undefined, language: string): ShopData | null {
  React.useSyncExternalStore(subscribeShopData, shopDataVersion, shopDataVersion);
  const own = id ? shopDataFor(id) : null;
  React.useEffect(() => {
    if (id && !own) loadShopData(id).catch(() => undefined);
  }, [id, own]);
  return own ?? latestShopData(language);
}

type WithChrome = { data: ChromeData; pageContext: BaseContext };
/** The props Gatsby gives the wrapped page or Head: the page query's own data, without the shop's. */
export type WithoutChrome<P extends WithChrome> = Omit<P, "data" | "pageContext"> & {
  data?: Omit<P["data"], keyof ChromeData> | null;
  pageContext: P["pageContext"] & ShopDataContext;
};

/**
 * A page template (or its Head) that gets the shop's data with its own, as if its query
 * still asked for it (docs/decisions/0052): the page's data wins over the shop's on a
 * shared key. Renders nothing until the shop data of the page's language is there (only
 * a client-side navigation into another language can wait).
 */
export function withShopData<P extends WithChrome>(Component: React.ComponentType<P>): (props: WithoutChrome<P>) => React.ReactElement | null {
  function WithShopData(props: WithoutChrome<P>) {
    const shared = useShopData(props.pageContext.shopData, props.pageContext.language);
    const own = props.data;
    const data = React.useMemo(() => (shared ? { ...shared, ...own } : null), [shared, own]);
    if (!data) return null;
    return <Component {...({ ...props, data } as unknown as P)} />;
  }
  WithShopData.displayName = `WithShopData(${Component.displayName ?? Component.name})`;
  return WithShopData;
}
