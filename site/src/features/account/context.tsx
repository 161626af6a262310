import React from "react";
import type { ShopRouting } from "@domain/routes";
import type { AccountPaths } from "./paths";

/** What the account screens know of the page they are on (given by the page template). */
export interface AccountSettings {
  shop: ShopRouting;
  language: string;
  currency: string;
  /** The shop's delivery countries (codes), for the address of a new account. */
  countries: string[];
  paths: AccountPaths;
  home: string;
  /** The shop's legal pages the consent texts link to (absent when the shop has none). */
  legal: { privacy?: string; withdrawal?: string; ordering?: string };
}

const AccountContext = React.createContext<AccountSettings | null>(null);

export function AccountProvider({ settings, children }: { settings: AccountSettings; children: React.ReactNode }) {
  return <AccountContext.Provider value={settings}>{children}</AccountContext.Provider>;
}

export function useAccountSettings(): AccountSettings {
  const settings = React.useContext(AccountContext);
  if (!settings) throw new Error("account screens need an AccountProvider");
  return settings;
}
