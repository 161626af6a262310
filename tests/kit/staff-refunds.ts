/**
 * The setup of tests of staff's refunds: a harness with the Stripe stand-in (useStripeStandIn), up
 * again before each test, and staff sessions of every role with a caller of the staff routes.
 */
import type { StaffRole } from "@shop-api/core/staff-auth";
import type { Harness } from "./commerce";
import { staffCaller, staffLogins, type StaffCaller } from "./staff-session";
import { useStripeStandIn, type StripeSetup } from "./stripe-stand-in";

export interface StaffRefundsSetup<H extends Harness> extends StripeSetup<H> {
  call: StaffCaller;
  tokens: Record<StaffRole, string>;
}

/**
 * Registers the setup for the tests of a file: the harness made by `create`, staff logged in and calling at
 * `now` (the time, unless named); `timeout` for making it, where it takes longer than a test may.
 */
export function useStaffRefunds<H extends Harness>(
  create: () => Promise<H>,
  ready: (setup: StaffRefundsSetup<H>) => void,
  { now = () => new Date(), timeout }: { now?: () => Date; timeout?: number } = {},
): void {
  let setup: StaffRefundsSetup<H> | undefined;
  useStripeStandIn(
    create,
    async ({ h, stripe }) => {
      setup = { h, stripe, tokens: await staffLogins(h.env, h.db, now), call: staffCaller(h.env, now) };
      ready(setup);
    },
    timeout,
  );
  beforeEach(() => {
    if (setup) setup.stripe.down = false;
  });
}
