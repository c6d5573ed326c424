import type { Actor } from "@/lib/audit";

/** What an audit actor is made of: a signed-in staff member (Staff, lib/auth/staff.ts). */
interface SignedIn {
  userId: string;
  username: string;
  role: string;
  till: { id: string };
  deviceId?: string | null;
}

/** The audit actor for a signed-in staff member. */
export function actorOf(staff: SignedIn): Actor {
  return {
    userId: staff.userId,
    username: staff.username,
    role: staff.role,
    tillId: staff.deviceId === null ? null : staff.till.id,
  };
}
