/** The account a prepayment goes to, as the shop config holds it and the order shows it. */
export interface BankAccountView {
  holder: string;
  bank: string;
  iban: string;
  bic: string;
}
