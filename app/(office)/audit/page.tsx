import type { Metadata } from "next";
import Link from "next/link";
import { requirePageRole } from "@/lib/auth/staff";
import { AUDIT_PAGE_SIZE, auditFilterChoices, queryAudit } from "@/lib/office/audit-log";
import { formatSaDateTime, isSaDay } from "@/lib/reports/day";
import { auditFilterSchema } from "./schema";
import { listTills } from "@/lib/office/till-settings";
import { AUDIT_KIND_LABELS, ROLE_LABELS } from "@/lib/audit-labels";
import { labelOf } from "@/lib/sales/labels";

export const metadata: Metadata = { title: "Audit log" };
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | undefined>>;

export default async function AuditPage({ searchParams }: { searchParams: Search }) {
  await requirePageRole("supervisor");
  const raw = await searchParams;
  const f = auditFilterSchema.parse({ user: raw.user || undefined, kind: raw.kind || undefined, day: raw.day || undefined, page: raw.page ?? 1 });
  const day = f.day && isSaDay(f.day) ? f.day : undefined;
  const [{ rows, total }, choices, tillList] = await Promise.all([
    queryAudit({ username: f.user, kind: f.kind, day, page: f.page }),
    auditFilterChoices(),
    listTills(),
  ]);
  const tillNames = new Map(tillList.map((t) => [t.id, t.name]));
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const link = (page: number) => {
    const q = new URLSearchParams();
    if (f.user) q.set("user", f.user);
    if (f.kind) q.set("kind", f.kind);
    if (day) q.set("day", day);
    q.set("page", String(page));
    return `/audit?${q.toString()}`;
  };
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Audit log</h1>
      <form method="get" className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow">
        <div className="flex flex-col gap-1">
          <label htmlFor="filter-user" className="font-medium">
            User
          </label>
          <select id="filter-user" name="user" defaultValue={f.user ?? ""} className="rounded border border-slate-400 px-2 py-2">
            <option value="">Everyone</option>
            {choices.usernames.map((u) => (
              <option key={u} value={u}>{u}</option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="filter-kind" className="font-medium">
            Kind of event
          </label>
          <select id="filter-kind" name="kind" defaultValue={f.kind ?? ""} className="rounded border border-slate-400 px-2 py-2">
            <option value="">All kinds</option>
            {choices.kinds.map((k) => (
              <option key={k} value={k}>{labelOf(AUDIT_KIND_LABELS as Record<string, string>, k)}</option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="filter-day" className="font-medium">
            Day
          </label>
          <input id="filter-day" type="date" name="day" defaultValue={day ?? ""} className="rounded border border-slate-400 px-2 py-2" />
        </div>
        <button type="submit" className="rounded-lg bg-brand px-4 py-2 font-semibold text-white">Filter</button>
      </form>
      <p data-testid="audit-total">{total === 1 ? "1 event" : `${total} events`}</p>
      <table className="stack-cards w-full text-left text-sm" aria-label="Audit events">
        <thead>
          <tr className="border-b border-slate-400">
            <th scope="col">When (SA time)</th>
            <th scope="col">User</th>
            <th scope="col">Role</th>
            <th scope="col">Till</th>
            <th scope="col">Event</th>
            <th scope="col">Subject</th>
            <th scope="col">Detail</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => (
            <tr key={e.id} className="border-b border-slate-200 align-top">
              <td data-label="When" className="whitespace-nowrap">{formatSaDateTime(e.at)}</td>
              <td data-label="User">{e.username}</td>
              <td data-label="Role">{e.role ? labelOf(ROLE_LABELS, e.role) : ""}</td>
              <td data-label="Till">{e.tillId ? (tillNames.get(e.tillId) ?? e.tillId) : ""}</td>
              <td data-label="Event" data-kind={e.kind}>{labelOf(AUDIT_KIND_LABELS as Record<string, string>, e.kind)}</td>
              <td data-label="Subject" className="break-all font-mono">{e.subject}</td>
              <td data-label="Detail" className="break-all font-mono text-xs">{e.detail ? JSON.stringify(e.detail) : ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <nav aria-label="Pages" className="flex items-center gap-4">
        {f.page > 1 && <Link href={link(f.page - 1)} className="underline">Previous page</Link>}
        <span>Page {f.page} of {pages}</span>
        {f.page < pages && <Link href={link(f.page + 1)} className="underline">Next page</Link>}
      </nav>
    </div>
  );
}
