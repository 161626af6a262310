/**
 * The sales campaigns (migrations/0027_campaigns.sql; docs/decisions/0048): one row per shop,
 * language and identifier, written by the catalogue import (section `campaigns`), read by the
 * GraphQL layer for the build and by the rebuild pipeline's campaign clock, which notes in
 * `announced_state` the state it last asked a rebuild for.
 */
import { CAMPAIGN_STATES, campaignState, type Campaign, type CampaignState } from "@domain/campaign";
import { parseJsonOr } from "@worker/lib/json";
import { sql, type SqlFragment } from "@worker/lib/sql";

export interface CampaignRow {
  shop_id: string;
  language: string;
  identifier: string;
  name: string;
  /** Sanitised HTML. */
  description: string;
  coupon: string | null;
  starts_at: string;
  ends_at: string;
  is_active: number;
  is_archived: number;
  navigation_is_active: number;
  filter_is_active: number;
  /** JSON CampaignNavigationBanner or NULL. */
  navigation_banner: string | null;
  /** JSON CampaignStart. */
  start: string;
  /** JSON CampaignHub. */
  hub: string;
  announced_state: CampaignState | null;
  updated_at: string;
}

const EMPTY_HUB: Campaign["hub"] = {
  isActive: false,
  identifier: "",
  bigImage: { top: "", url: "", textLeft: "", textRight: "" },
  firstSlider: [],
  secondSlider: [],
};
const EMPTY_START: Campaign["start"] = { isActive: false, url: "", imageDesktop: "", imageMobile: "" };

/** The campaign of a row, with the field names the storefront uses. */
export function campaignOf(row: CampaignRow): Campaign {
  return {
    identifier: row.identifier,
    campaignName: row.name,
    campaignDescription: row.description,
    campaignCoupon: row.coupon,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    isActive: row.is_active === 1,
    isArchived: row.is_archived === 1,
    navigationIsActive: row.navigation_is_active === 1,
    filterIsActive: row.filter_is_active === 1,
    navigationBanner: row.navigation_banner === null ? null : parseJsonOr<Campaign["navigationBanner"]>(row.navigation_banner, null),
    start: parseJsonOr(row.start, EMPTY_START),
    hub: parseJsonOr(row.hub, EMPTY_HUB),
  };
}

/** The shop's campaigns in the language that are not archived, by start. */
export const selectShopCampaigns = (shopId: string, language: string): SqlFragment =>
  sql`SELECT * FROM campaigns WHERE shop_id = ${shopId} AND language = ${language} AND is_archived = 0 ORDER BY starts_at, identifier`;

/** The fields the campaign clock needs of every row. */
export type CampaignClockRow = Pick<
  CampaignRow,
  "shop_id" | "language" | "identifier" | "starts_at" | "ends_at" | "is_active" | "is_archived" | "announced_state"
>;

export const selectCampaignClock = (): SqlFragment =>
  sql`SELECT shop_id, language, identifier, starts_at, ends_at, is_active, is_archived, announced_state FROM campaigns ORDER BY shop_id, identifier, language`;

/** The state of a row at `now` (domain/campaign.ts campaignState). */
export function campaignRowState(row: CampaignClockRow, now: Date): CampaignState {
  return campaignState({ isActive: row.is_active === 1, isArchived: row.is_archived === 1, startsAt: row.starts_at, endsAt: row.ends_at }, now);
}

/** Notes the state a rebuild was asked for; only while the row still holds `from` (a second clock run writes nothing). */
export const setAnnouncedState = (
  row: Pick<CampaignRow, "shop_id" | "language" | "identifier">,
  from: CampaignState | null,
  to: CampaignState,
): SqlFragment => {
  if (!CAMPAIGN_STATES.includes(to)) throw new Error(`unknown campaign state '${to}'`);
  return sql`UPDATE campaigns SET announced_state = ${to}
    WHERE shop_id = ${row.shop_id} AND language = ${row.language} AND identifier = ${row.identifier} AND announced_state IS ${from}`;
};
