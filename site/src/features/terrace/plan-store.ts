/**
 * The planner's plan kept in this browser, so a reload (or a visit later) finds it where it was:
 * the drawing, the board, the substructure, the direction, the edge boards and the step, in
 * localStorage under one key of the page's origin (every shop has its own host, so each shop keeps
 * its own plan). What is read back is checked by the plan rules the shop API applies
 * (domain/terrace/plan.ts); anything else (an old format, a hand-edited value) is dropped.
 */
import { terracePlanSchema, type TerracePlan, type TerraceTexts } from "@domain/terrace/plan";

export const PLAN_STORAGE_KEY = "bh:terrace-plan";

export const PLANNER_STEPS = ["draw", "choose", "result"] as const;
export type Step = (typeof PLANNER_STEPS)[number];

export interface StoredPlan {
  plan: TerracePlan;
  step: Step;
}

const isStep = (value: unknown): value is Step => (PLANNER_STEPS as readonly unknown[]).includes(value);

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The plan kept in this browser, or null (none, or one the rules refuse: it is removed). */
export function readStoredPlan(texts: TerraceTexts): StoredPlan | null {
  const store = storage();
  const raw = store?.getItem(PLAN_STORAGE_KEY);
  if (!store || !raw) return null;
  try {
    const value = JSON.parse(raw) as { plan?: unknown; step?: unknown } | null;
    const checked = terracePlanSchema(texts).safeParse(value?.plan);
    if (checked.success && isStep(value?.step)) return { plan: checked.data, step: value.step };
  } catch {
    // Not JSON: dropped below.
  }
  store.removeItem(PLAN_STORAGE_KEY);
  return null;
}

/**
 * Keeps the plan of this moment: a plan the rules accept replaces the kept one; an emptied
 * drawing removes it; a drawing in the middle of a change (not a valid plan yet) keeps the last.
 */
export function keepPlan(plan: TerracePlan, step: Step, texts: TerraceTexts): void {
  const store = storage();
  if (!store) return;
  try {
    if (plan.outline.length === 0) store.removeItem(PLAN_STORAGE_KEY);
    else if (terracePlanSchema(texts).safeParse(plan).success) store.setItem(PLAN_STORAGE_KEY, JSON.stringify({ plan, step }));
  } catch {
    // A full or blocked storage: the planner works on without keeping the plan.
  }
}
