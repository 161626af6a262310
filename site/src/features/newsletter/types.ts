/** Where the sign-up form shows: the footer of every page, or its block on the home page. */
export type NewsletterPlacement = "footer" | "home";

export interface NewsletterSignupProps {
  placement: NewsletterPlacement;
  /** The shop's currency and the page's language: the voucher's value in the texts. */
  currency: string;
  language: string;
}
