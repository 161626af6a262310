/**
 * Orders the benchmarks place and take back: the guest checkout's order call as the checkout
 * sends it (invoice, standard delivery, a Berlin address), and the ERP's cancellation event
 * that gives the stock back, so repeated runs never run out (bench:api, bench:load).
 */
import { loadShopConfig } from "./shops";

/** The back-office host of development, where the edge forwards /admin/* (the ERP's order events). */
export const BACK_OFFICE_HOST = loadShopConfig().backOffice?.hosts.development[0] ?? "admin.localhost:8787";

export const ORDER_ADDRESS = { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" };

/** The body of POST /apiv2/checkout/order for a guest with this address (by invoice unless another method is named). */
export function placeOrderBody(email: string, paymentMethod = "invoice") {
  return { email, billingAddress: ORDER_ADDRESS, deliveryMode: "standard", paymentMethod, acceptTerms: true };
}

/** The ERP's event that cancels an order: its path (on the back-office host, bearer ORDER_EVENTS_TOKEN) and body. */
export function cancelEvent(orderNumber: string, now = new Date()): { path: string; body: unknown } {
  return {
    path: `/admin/orders/${orderNumber}/events`,
    body: { eventId: `bench-cancel-${orderNumber}`, type: "cancelled", time: now.toISOString() },
  };
}
