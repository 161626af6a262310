/** Where the sign-up form shows: the footer of every page, its block on the home page, or after a CMS page's content. */
export type NewsletterPlacement = "footer" | "home" | "page";

export interface NewsletterSignupProps {
  placement: NewsletterPlacement;
  /** The shop's currency and the page's language: the voucher's value in the texts. */
  currency: string;
  language: string;
}
