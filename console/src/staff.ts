/** The staff member the console shows (GET /admin/api/session), as the shop API names it (core/staff-auth.ts). */
export type StaffRole = "merchandiser" | "service" | "ops";

export interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
}

export interface SessionView {
  staff: StaffMember;
  expiresAt: string;
  idleTimeoutSeconds: number;
}

/** The same rule as the staff API's: a role may use what lists it, ops may use everything. */
export const mayUse = (role: StaffRole, roles: readonly StaffRole[]): boolean => role === "ops" || roles.includes(role);
