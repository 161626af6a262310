/** Reading a customer back after a write (the answers of sign-in, profile and password calls). */
import type { Customer } from "@domain/account";
import type { ShopContext } from "../core/context";
import { customerOf, selectCustomerById, type CustomerRow } from "../tables/customers";

/** The account as GET /apiv2/customer shows it; throws when it does not exist (a caller's bug). */
export async function readCustomer(ctx: ShopContext, id: string): Promise<Customer> {
  const row = await selectCustomerById(id).prepare(ctx.db).first<CustomerRow>();
  if (!row) throw new Error(`customer ${id} not found`);
  return customerOf(row);
}

/** The form an e-mail address is stored and looked up in. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
