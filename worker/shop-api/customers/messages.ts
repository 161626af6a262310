/**
 * The customer account's refusals in the API's English (like core/envelope.ts
 * MESSAGES); each goes with a stable `code` the account screens translate
 * (locales/<lang>/account.json). The form schemas' messages: core/account-form-texts.ts.
 */
export const ACCOUNT_MESSAGES = {
  /** Wrong e-mail or password, an unknown address and an unconfirmed account alike (no enumeration). */
  invalidCredentials: "The e-mail address or the password is not correct.",
  invalidToken: "This link is invalid or has expired. Please ask for a new one.",
  currentPasswordWrong: "The current password is not correct.",
  projectNameTaken: "You already have a project with this name.",
  projectLimit: "You cannot create more projects. Please delete one first.",
  projectFull: "A project holds at most {max} products.",
} as const;
