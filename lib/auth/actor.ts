import type { Actor } from "@/lib/audit";
import type { Staff } from "./staff";

/** The audit actor for a signed-in staff member. */
export function actorOf(staff: Staff): Actor {
  return {
    userId: staff.userId,
    username: staff.username,
    role: staff.role,
    tillId: staff.deviceId === null ? null : staff.till.id,
  };
}
