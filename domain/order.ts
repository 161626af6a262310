/**
 * The order as the visitor who placed it sees it: its wire contract is domain/api/orders.ts.
 */
export type {
  BankAccountView,
  OrderAddress as OrderAddressView,
  OrderLine as OrderLineView,
  OrderPaymentStart,
  OrderPaymentState,
  PlacedOrder,
  VisitorOrderView as OrderView,
} from "./api/orders";
