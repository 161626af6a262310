/**
 * The console's screens: one entry each, in the order of the navigation. A staff member sees
 * the entries whose roles include theirs (ops sees all, as the staff API allows ops
 * everything); the API checks the role again on every call. Adding a screen is one line here.
 */
import type { ComponentType } from "react";
import { CONSOLE_PATHS } from "@domain/back-office/console-routes";
import type { ScreenProps, StaffRole } from "../staff";
import { t } from "../texts";
import { CatalogueScreen } from "./Catalogue";
import { ContactMessages } from "./ContactMessages";
import { Inquiries } from "./Inquiries";
import { MailOutbox } from "./MailOutbox";
import { Orders } from "./Orders";
import { PublishingScreen } from "./Publishing";
import { Returns } from "./Returns";
import { SampleOrders } from "./SampleOrders";
import { SearchReport } from "./SearchReport";

export type { ScreenProps };

export interface ScreenEntry {
  /** The console path (`/catalogue`); sub-paths (`/catalogue/...`) show the same screen. */
  path: string;
  label: string;
  roles: readonly StaffRole[];
  Screen: ComponentType<ScreenProps>;
}

export const SCREENS: readonly ScreenEntry[] = [
  { path: CONSOLE_PATHS.catalogue, label: t("catalogue.nav"), roles: ["merchandiser"], Screen: CatalogueScreen },
  { path: CONSOLE_PATHS.publishing, label: t("publishing.nav"), roles: ["merchandiser"], Screen: PublishingScreen },
  { path: CONSOLE_PATHS.orders, label: t("orders.nav"), roles: ["service"], Screen: Orders },
  { path: CONSOLE_PATHS.sampleOrders, label: t("sampleOrders.nav"), roles: ["service"], Screen: SampleOrders },
  { path: CONSOLE_PATHS.returns, label: t("returns.nav"), roles: ["service"], Screen: Returns },
  { path: CONSOLE_PATHS.inquiries, label: t("inquiries.nav"), roles: ["service"], Screen: Inquiries },
  { path: CONSOLE_PATHS.contactMessages, label: t("contactMessages.nav"), roles: ["service"], Screen: ContactMessages },
  { path: CONSOLE_PATHS.searchReport, label: t("searchReport.nav"), roles: ["merchandiser"], Screen: SearchReport },
  { path: CONSOLE_PATHS.mail, label: t("mail.nav"), roles: ["service"], Screen: MailOutbox },
];
