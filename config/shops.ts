import rawConfig from "./shops.json";
import { parseShopConfig, ShopDirectory } from "./shop-config";

/** The validated shop config, parsed once per isolate (bad config: the worker fails to start). */
export const shopDirectory = new ShopDirectory(parseShopConfig(rawConfig));
