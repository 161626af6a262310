/**
 * Each shop database keeps its own stock (docs/decisions/0064): the ERP's quantity of a product
 * is split among the databases whose shops sell it, evenly, the first of them (DB before the
 * others) taking what does not divide; a database none of whose shops sells the product holds
 * none of it. So a product sold in the shops of one database keeps its whole quantity there,
 * and the databases together never promise more than the ERP has. Each import sets the
 * allowances anew from the ERP's quantity then (it does not add to what is left).
 */

/**
 * The stock of a product in the database at `index` of `databases` (each the ids of the shops it holds, in the order
 * the import writes them). A product whose shops no database holds keeps its quantity in the first.
 */
export function stockAllowance(quantity: number, productShops: readonly string[], databases: readonly (readonly string[])[], index: number): number {
  const selling = databases.flatMap((shops, at) => (shops.some((shop) => productShops.includes(shop)) ? [at] : []));
  if (selling.length === 0) return index === 0 ? quantity : 0;
  if (!selling.includes(index)) return 0;
  const share = Math.floor(quantity / selling.length);
  return index === selling[0] ? quantity - share * (selling.length - 1) : share;
}
