/** The staff member the console shows (GET /admin/api/session): the wire contract's (domain/api/staff-session.ts). */
import type { SessionView, StaffMember, StaffRole } from "@domain/api/staff-session";

export type { SessionView, StaffMember, StaffRole };

/** The same rule as the staff API's: a role may use what lists it, ops may use everything. */
export const mayUse = (role: StaffRole, roles: readonly StaffRole[]): boolean => role === "ops" || roles.includes(role);

/** What every screen gets (console/src/screens/index.ts). */
export interface ScreenProps {
  staff: StaffMember;
}
