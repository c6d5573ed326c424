import { redirect } from "next/navigation";
import { currentStaff } from "@/lib/auth/staff";
import { HOME_OF } from "@/lib/auth/session-rules";

/** The root sends each role to its own home. */
export default async function Home() {
  const staff = await currentStaff();
  redirect(staff ? HOME_OF[staff.role] : "/login");
}
