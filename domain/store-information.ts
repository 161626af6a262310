/**
 * What a shop tells about itself on every page (the page model's storeInformation): the
 * service phone of each shop, shown by the footer and the contact page and answered by
 * GET /apiv2/byPath. One list for the storefront and the shop API.
 */
const SERVICE_PHONES: Readonly<Record<string, string>> = {
  DE: "+49 30 1234 5670",
  CH: "+41 44 123 45 67",
  AT: "+43 1 234 56 70",
  FR: "+33 1 23 45 67 80",
  IT: "+39 02 1234 5670",
  NL: "+31 20 123 4567",
  COM: "+49 30 1234 5679",
  BRAND: "+49 30 1234 5690",
};

/** The shop's service phone (international form); a shop not in the list has the DE service's. */
export function servicePhone(shopId: string): string {
  return SERVICE_PHONES[shopId] ?? SERVICE_PHONES.DE!;
}
