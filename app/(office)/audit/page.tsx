import { ROLE_LABELS } from "@/lib/audit-labels";
import { labelOf } from "@/lib/sales/labels";
import type { Metadata } from "next";
import Link from "next/link";
import { requirePageRole } from "@/lib/auth/staff";
import {
  AUDIT_PAGE_SIZE,
  auditFilterChoices,
  detailLines,
  kindLabel,
  queryAudit,
  subjectLink,
} from "@/lib/office/audit-log";
import { formatSaDateTime, isSaDay } from "@/lib/reports/day";
import { auditFilterSchema } from "./schema";
import { DataTable, TableHead, WholeIds } from "@/components/ui/table";
import { Labelled } from "@/components/sale/fields";
import { RecordPanel } from "./record-panel";

export const metadata: Metadata = { title: "Audit log" };
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | undefined>>;

/** The log's choices: the query's name, the choice's label, and its words for "any". */
const FILTERS = [
  ["user", "User", "Everyone"],
  ["kind", "Kind of event", "All kinds"],
  ["till", "Till", "All tills"],
  ["cashier", "Cashier", "All cashiers"],
] as const;

export default async function AuditPage({ searchParams }: { searchParams: Search }) {
  await requirePageRole("supervisor");
  const raw = await searchParams;
  const f = auditFilterSchema.parse({
    user: raw.user || undefined,
    kind: raw.kind || undefined,
    day: raw.day || undefined,
    till: raw.till || undefined,
    cashier: raw.cashier || undefined,
    page: raw.page ?? 1,
  });
  const day = f.day && isSaDay(f.day) ? f.day : undefined;
  const [{ rows, total }, choices] = await Promise.all([
    queryAudit({
      username: f.user,
      kind: f.kind,
      day,
      tillId: f.till,
      cashierId: f.cashier,
      page: f.page,
    }),
    auditFilterChoices(),
  ]);
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const options = {
    user: choices.usernames.map((u) => ({ value: u, label: u })),
    kind: choices.kinds.map((k) => ({ value: k, label: kindLabel(k) })),
    till: choices.tills.map((t) => ({ value: t.id, label: t.name })),
    cashier: choices.cashiers.map((c) => ({ value: c.id, label: c.name })),
  };
  const link = (page: number) => {
    const q = new URLSearchParams();
    for (const [name] of FILTERS) if (f[name]) q.set(name, f[name]);
    if (day) q.set("day", day);
    q.set("page", String(page));
    return `/audit?${q.toString()}`;
  };
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Audit log</h1>
      <RecordPanel />
      <form method="get" className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow">
        {FILTERS.map(([name, label, all]) => (
          <FilterSelect
            key={name}
            name={name}
            label={label}
            all={all}
            value={f[name]}
            options={options[name]}
          />
        ))}
        <Labelled id="filter-day" label="Day">
          <input
            id="filter-day"
            type="date"
            name="day"
            defaultValue={day ?? ""}
            className="rounded border border-slate-400 px-2 py-2"
          />
        </Labelled>
        <button type="submit" className="rounded-lg bg-brand px-4 py-2 font-semibold text-white">
          Filter
        </button>
      </form>
      <p data-testid="audit-total">{total === 1 ? "1 event" : `${total} events`}</p>
      <DataTable label="Audit events" stack className="text-sm">
        <TableHead
          columns={["When (SA time)", "User", "Role", "Till", "Event", "Subject", "Detail"]}
        />
        <tbody>
          {rows.map((e) => {
            const href = subjectLink(e.kind, e.subject);
            const reason = typeof e.detail?.reason === "string" ? e.detail.reason : undefined;
            return (
              <tr
                key={e.id}
                data-kind={e.kind}
                data-reason={reason}
                className="border-b border-slate-200 align-top"
              >
                <td data-label="When" className="whitespace-nowrap">
                  {formatSaDateTime(e.at)}
                </td>
                <td data-label="User">
                  {e.username}
                  {e.displayName && e.displayName !== e.username && (
                    <span className="block text-xs text-slate-600">{e.displayName}</span>
                  )}
                </td>
                <td data-label="Role">{e.role ? labelOf(ROLE_LABELS, e.role) : ""}</td>
                <td data-label="Till">{e.tillName ?? e.tillId}</td>
                <td data-label="Event">{kindLabel(e.kind)}</td>
                <td data-label="Subject" className="id">
                  {href ? (
                    <Link href={href} className="underline">
                      {e.subject}
                    </Link>
                  ) : (
                    e.subject
                  )}
                </td>
                <td data-label="Detail" className="text-xs [overflow-wrap:anywhere]">
                  {detailLines(e.detail).map((line) => (
                    <span key={line} className="block">
                      <WholeIds text={line} />
                    </span>
                  ))}
                </td>
              </tr>
            );
          })}
        </tbody>
      </DataTable>
      <nav aria-label="Pages" className="flex items-center gap-4">
        {f.page > 1 && (
          <Link href={link(f.page - 1)} className="underline">
            Previous page
          </Link>
        )}
        <span>
          Page {f.page} of {pages}
        </span>
        {f.page < pages && (
          <Link href={link(f.page + 1)} className="underline">
            Next page
          </Link>
        )}
      </nav>
    </div>
  );
}

/** One filter of the log: a labelled choice whose empty option means "all". */
function FilterSelect(props: {
  name: string;
  label: string;
  all: string;
  value: string | undefined;
  options: { value: string; label: string }[];
}) {
  const id = `filter-${props.name}`;
  return (
    <Labelled id={id} label={props.label}>
      <select
        id={id}
        name={props.name}
        defaultValue={props.value ?? ""}
        className="max-w-full rounded border border-slate-400 px-2 py-2"
      >
        <option value="">{props.all}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}
