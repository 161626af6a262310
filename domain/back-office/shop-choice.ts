/** A shop as the back office's filters offer it (the `shops` of the list answers). */
export interface ShopChoice {
  id: string;
  name: string;
}
