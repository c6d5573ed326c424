import type { Metadata } from "next";
import { requirePageRole } from "@/lib/auth/staff";
import { listUsers } from "@/lib/office/users";
import { formatSaDateTime } from "@/lib/reports/day";
import { CreateUserForm } from "./create-user-form";
import { UserActions } from "./user-actions";
import { DataTable, TableHead } from "@/components/ui/table";

export const metadata: Metadata = { title: "Users" };
export const dynamic = "force-dynamic";

export default async function UsersPage() {
  const staff = await requirePageRole("supervisor");
  const rows = await listUsers();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">Users</h1>
      <DataTable label="Users">
        <TableHead columns={["User name", "Name", "Role", "State", "Change"]} />
        <tbody>
          {rows.map((u) => {
            const state = u.disabled
              ? "disabled"
              : u.locked
                ? `locked until ${formatSaDateTime(u.lockedUntil!)}`
                : "active";
            return (
              <tr
                key={u.id}
                data-username={u.username}
                className="border-b border-slate-200 align-top"
              >
                <td className="id">{u.username}</td>
                <td>{u.displayName}</td>
                <td>{u.role}</td>
                <td data-testid={`state-${u.username}`}>{state}</td>
                <td>
                  <UserActions
                    user={{
                      id: u.id,
                      username: u.username,
                      role: u.role,
                      disabled: u.disabled,
                      locked: u.locked,
                      self: u.id === staff.userId,
                    }}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </DataTable>
      <CreateUserForm />
    </div>
  );
}
