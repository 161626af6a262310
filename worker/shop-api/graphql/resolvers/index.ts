import { mergeResolvers } from "../resolver-map";
import { campaignResolvers } from "./campaigns";
import { categoryResolvers } from "./categories";
import { changeResolvers } from "./changes";
import { cmsResolvers } from "./cms";
import { manufacturerResolvers } from "./manufacturers";
import { productResolvers } from "./products";
import { seoResolvers } from "./seo";
import { shopResolvers } from "./shops";

export const resolvers = mergeResolvers(
  shopResolvers,
  categoryResolvers,
  productResolvers,
  manufacturerResolvers,
  cmsResolvers,
  seoResolvers,
  changeResolvers,
  campaignResolvers,
);
