import type { Metadata } from "next";
import { requirePageRole } from "@/lib/auth/staff";
import { env } from "@/lib/env";
import { mailOutboxNow } from "@/lib/mail";
import { formatSaDateTime } from "@/lib/reports/day";
import { ActionForm } from "@/components/office/action-form";
import { EmptyRow, TableHead } from "@/components/ui/table";
import { resendMailAction } from "./actions";
import { Warning } from "@/components/ui/warning";

export const metadata: Metadata = { title: "Mail" };
export const dynamic = "force-dynamic";

const STATUS_WORDS = {
  queued: "waiting to be sent again",
  sent: "sent",
  failed: "failed",
} as const;

/** Every e-mail Kassa sent or tried to send: nothing that failed is lost from view. */
export default async function MailPage() {
  await requirePageRole("supervisor");
  const config = env();
  const mail = await mailOutboxNow();
  const unsent = mail.filter((m) => m.status !== "sent").length;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">Mail</h1>
      <p>
        {config.smtpUrl
          ? `Sent through ${new URL(config.smtpUrl).host}, from ${config.mailFrom}.`
          : "No mail is sent: KASSA_SMTP_URL is not set."}{" "}
        {config.ownerEmail
          ? `The owner's summary and alerts go to ${config.ownerEmail.join(", ")}.`
          : "KASSA_OWNER_EMAIL is not set: no summary or alert is sent."}
      </p>
      {unsent > 0 && (
        <Warning testId="mail-unsent">
          {unsent} message(s) not sent yet. Kassa tries a waiting message again after 1, 2, 4, 8 and
          16 minutes; one that failed every time waits for Send again.
        </Warning>
      )}
      <table className="w-full text-left" aria-label="Outbox">
        <TableHead
          columns={["Written", "To", "Subject", "Status", "Tries", "Last error", "Send again"]}
        />
        <tbody>
          {mail.length === 0 && <EmptyRow span={7}>No mail yet.</EmptyRow>}
          {mail.map((m) => (
            <tr key={m.id} className="border-b border-slate-200 align-top">
              <td>{formatSaDateTime(m.createdAt)}</td>
              <td>{m.to}</td>
              <td>{m.subject}</td>
              <td>
                {STATUS_WORDS[m.status]}
                {m.sentAt ? ` ${formatSaDateTime(m.sentAt)}` : ""}
              </td>
              <td className="text-right">{m.attempts}</td>
              <td className="text-sm text-danger">{m.lastError}</td>
              <td>
                {m.status === "failed" && (
                  <ActionForm action={resendMailAction} submitLabel="Send again" done="Sent again.">
                    <input type="hidden" name="id" value={m.id} />
                  </ActionForm>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
