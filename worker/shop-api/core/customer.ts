/**
 * The signed-in customer of a request: the one seam through which modules that serve
 * customers (returns: their orders without typing anything) learn who is signed in.
 *
 * Customer sessions belong to the accounts module (issue 13: `customer_sessions`, the
 * `x-customer-session` header the edge sends from its cookie). Until it is wired here, no
 * request is signed in and `signedInCustomer` answers null. Wiring it: accounts set their
 * session reader once (`readCustomerSessionsWith`, from the route table) or replace the
 * body of `signedInCustomer` with their session lookup; nothing else changes for the
 * modules that call it.
 */
import type { ShopContext } from "./context";

export interface SignedInCustomer {
  /** The customer's id (customers.id of the accounts module). */
  id: string;
  /** The customer's verified e-mail address. */
  email: string;
  type: "private" | "business";
}

export type CustomerSessionReader = (ctx: ShopContext) => Promise<SignedInCustomer | null>;

const NOBODY: CustomerSessionReader = async () => null;
let readSession: CustomerSessionReader = NOBODY;

/** Sets how sessions are read (the accounts module's reader); null goes back to "nobody is signed in". */
export function readCustomerSessionsWith(reader: CustomerSessionReader | null): void {
  readSession = reader ?? NOBODY;
}

/** The customer signed in on this request, or null. */
export function signedInCustomer(ctx: ShopContext): Promise<SignedInCustomer | null> {
  return readSession(ctx);
}
