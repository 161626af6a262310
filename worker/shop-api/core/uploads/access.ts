/**
 * Who may read an upload: the one place that decides it. The visitor who uploaded it (the
 * same bearer token), and back-office staff of a role that works complaints (service, ops)
 * once it is attached to something (a complaint); nobody else.
 */
import type { StaffRole } from "@shop-api/tables/staff";
import type { Upload } from "@shop-api/tables/uploads";

export interface UploadReader {
  /** The caller's visitor id (SHA-256 of a well-formed bearer token), or null without one. */
  visitorId: string | null;
  /** The role of a signed-in staff member (back office), or null / absent for everyone else. */
  staffRole?: StaffRole | null;
}

/** The staff roles that see the images of complaints. */
const STAFF_READERS: readonly StaffRole[] = ["service", "ops"];

export function mayReadUpload(reader: UploadReader, upload: Pick<Upload, "ownerId" | "attachedTo">): boolean {
  if (reader.staffRole && STAFF_READERS.includes(reader.staffRole)) return upload.attachedTo !== null;
  return reader.visitorId !== null && reader.visitorId === upload.ownerId;
}
