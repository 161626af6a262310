/**
 * The campaign clock (docs/decisions/0048): a campaign's start and end change what the pages of
 * its shop show (home banner, navigation banner, sales page, carousel) without any catalogue
 * change, so the build alone cannot notice them. Every run of the scheduled jobs (every 5
 * minutes) compares each campaign's state now (upcoming, running, ended, off; domain/campaign.ts)
 * with the state it last asked a rebuild for (campaigns.announced_state) and writes one rebuild
 * request for the shops whose campaigns changed state, so a Black Week that starts at midnight is
 * live minutes later instead of at the nightly rebuild. A campaign the clock has not seen yet
 * (just imported: the import's own request covers it) is only noted. A second run writes nothing.
 *
 * The request's trigger is `nightly` (the time-driven one of migrations/0015's list) with the
 * actor `campaign-clock`; the nightly run's once-a-day guard counts only its own (actor `cron`).
 */
import type { ShopApiEnv } from "@worker/env";
import { campaignRowState, selectCampaignClock, setAnnouncedState, type CampaignClockRow } from "../tables/campaigns";
import { requestRebuild } from "./requests";
import type { RebuildDeps } from "./settings";

export const CAMPAIGN_CLOCK_ACTOR = "campaign-clock";

export interface CampaignClockResult {
  /** The rebuild request written (null: no campaign changed state). */
  changeId: number | null;
  /** "DE/black-week running", one per shop and campaign that changed state. */
  changes: string[];
}

export async function runCampaignClock(env: ShopApiEnv, deps: RebuildDeps): Promise<CampaignClockResult> {
  const now = deps.now();
  const { results } = await selectCampaignClock().prepare(env.DB).all<CampaignClockRow>();
  const notes = results.flatMap((row) => {
    const state = campaignRowState(row, now);
    return state === row.announced_state ? [] : [{ row, state }];
  });
  if (notes.length === 0) return { changeId: null, changes: [] };
  const changed = notes.filter(({ row }) => row.announced_state !== null);
  const changes = [...new Set(changed.map(({ row, state }) => `${row.shop_id}/${row.identifier} ${state}`))].sort();
  const shops = [...new Set(changed.map(({ row }) => row.shop_id))].sort();
  // Noted first, guarded by the state read: of two overlapping runs only one sees its updates land.
  const updates = await env.DB.batch(notes.map(({ row, state }) => setAnnouncedState(row, row.announced_state, state).prepare(env.DB)));
  const landed = updates.some((result) => (result.meta?.changes ?? 0) > 0);
  if (shops.length === 0 || !landed) return { changeId: null, changes: [] };
  const changeId = await requestRebuild(env, { trigger: "nightly", shops, actor: CAMPAIGN_CLOCK_ACTOR, detail: `campaign clock: ${changes.join(", ")}` }, deps);
  return { changeId, changes };
}
