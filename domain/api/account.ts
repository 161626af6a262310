/**
 * The customer account on the wire (docs/decisions/0037): registration, verification, sign-in
 * and out, the password reset, the profile and the projects. The customer and the project are
 * `Customer` and `Project` of domain/account.ts; each request body is what its form's schema of
 * domain/account-forms.ts takes (`registerSchema`, `loginSchema`, ...; the API checks the body
 * with the same schema).
 *
 *   POST  /apiv2/customer/register                 registerSchema           202 AccountMailSent
 *   GET   /apiv2/customer/verify?token=, POST {token}                        CustomerAnswer
 *   POST  /apiv2/customer/login                    loginSchema              CustomerAnswer
 *   POST  /apiv2/customer/logout                                            SignedOut
 *   POST  /apiv2/customer/password-reset           passwordResetRequestSchema     202 AccountMailSent
 *   POST  /apiv2/customer/password-reset/check     mailTokenSchema          PasswordResetCheck
 *   POST  /apiv2/customer/password-reset/confirm   passwordResetConfirmSchema   CustomerAnswer
 *   GET   /apiv2/customer                                                   MaybeCustomerAnswer
 *   PATCH /apiv2/customer                          profileSchema            CustomerAnswer
 *   POST  /apiv2/customer/password                 passwordChangeSchema     CustomerAnswer
 *
 *   GET    /apiv2/customer/projects, POST /apiv2/customer/projects/merge     ProjectsAnswer
 *   GET    /apiv2/customer/projects/count                                    ProjectCount
 *   POST   /apiv2/customer/projects, PATCH /apiv2/customer/projects/{id},
 *          POST .../items, PATCH|DELETE .../items/{itemId}                   ProjectAnswer
 *   DELETE /apiv2/customer/projects/{id}                                     ProjectDeleted
 *   POST   /apiv2/customer/projects/{id}/to-cart    projectToCartSchema      CartAddAnswer (domain/api/cart.ts)
 */
import type { Customer, Project } from "../account";

/** The answer of register and of the password reset request (202): the same whatever the address, so no address is told apart. */
export interface AccountMailSent {
  status: "verification_sent" | "reset_sent";
}

/** The signed-in customer after a call that signs in or changes the account. */
export interface CustomerAnswer {
  customer: Customer;
}

/** `GET /apiv2/customer`: the signed-in customer, or null. */
export interface MaybeCustomerAnswer {
  customer: Customer | null;
}

export interface SignedOut {
  signedOut: true;
}

/** Whether a password reset link's token is still good. */
export interface PasswordResetCheck {
  valid: boolean;
}

export interface ProjectsAnswer {
  projects: Project[];
}

export interface ProjectAnswer {
  project: Project;
}

export interface ProjectCount {
  count: number;
}

export interface ProjectDeleted {
  deleted: true;
}

/** The refusals of the account calls besides the core codes and the form codes (ACCOUNT_FORM_CODES of domain/account-forms.ts). */
export type AccountRefusalCode =
  | "invalid_token"
  | "current_password_wrong"
  | "project_name_taken"
  | "project_limit"
  | "project_full"
  | "project_empty"
  | "too_many_lines"
  | "unknown_product"
  | "configuration_unavailable";
