import type { Crumb } from "../components/Breadcrumbs";
import { homePath, type ShopRouting } from "@domain/routes";

export interface TrailNode {
  categoryId: string;
  name: string;
  path: string;
}

/** Home, then the category trail in its order (the query returns the nodes unordered). */
export function trailCrumbs(shop: ShopRouting, language: string, homeLabel: string, trail: string[], nodes: TrailNode[]): Crumb[] {
  const byId = new Map(nodes.map((node) => [node.categoryId, node]));
  const crumbs: Crumb[] = [{ label: homeLabel, link: homePath(shop, language) }];
  for (const id of trail) {
    const node = byId.get(id);
    if (node) crumbs.push({ label: node.name, link: node.path });
  }
  return crumbs;
}
