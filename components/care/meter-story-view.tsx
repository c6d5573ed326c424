import type { CareCaseRow } from "@/lib/care/journal";
import { OUTCOME_LABELS, municipalityName, type Outcome } from "@/lib/care/next-step";
import type { MeterCodes, MeterStory, StoryToken } from "@/lib/care/story";
import { METER_CODES, isMeterCode } from "@/lib/care/meter-codes";
import { formatRand } from "@/lib/money";
import { formatSaDateTime } from "@/lib/reports/day";
import { groupTokenDigits } from "@/lib/slip/tokens";
import { CardTable, Cell } from "@/components/ui/table";

const code = (n: number | null) => (n === null ? "—" : String(n));
const codes = (c: MeterCodes | null) =>
  c ? `SGC ${code(c.sgc)} / KRN ${code(c.krn)} / TI ${code(c.ti)}` : "not known";

function TokenItem({
  token,
  story,
  notLoadable = false,
}: {
  token: StoryToken;
  story: MeterStory;
  notLoadable?: boolean;
}) {
  const sale = story.sales.find((s) => s.id === token.saleId);
  return (
    <li
      className={`flex flex-col rounded border bg-white p-2 ${notLoadable ? "border-danger" : "border-slate-300"}`}
      data-kind={token.kind}
      data-flag={notLoadable ? "not-loadable" : undefined}
    >
      <span className="font-semibold">
        {token.label}
        {token.kind === "fbe" && <span className="ml-2 rounded bg-brand/15 px-1">Free</span>}
      </span>
      <span data-care-token={token.digits} className="font-mono text-xl font-bold">
        {groupTokenDigits(token.digits)}
      </span>
      <span className="text-sm text-slate-600">
        Bought {formatSaDateTime(token.at)}
        {sale ? ` at ${sale.tillName} by ${sale.soldBy}` : ""}
      </span>
    </li>
  );
}

/**
 * One meter's story, for the counter's helper and the office: the key change (when, the codes
 * before and after), the tokens in the order to enter them, the tokens bought before the key
 * change (flagged: they never load after it), every sale of the last 90 days at every till
 * with its SGC/KRN/TI and who sold it, and the cases recorded for the meter.
 */
export function MeterStoryView({
  story,
  cases,
}: {
  story: MeterStory;
  cases?: readonly CareCaseRow[];
}) {
  const change = story.keyChange;
  const changeSale = change ? story.sales.find((s) => s.id === change.saleId) : undefined;
  return (
    <div className="flex flex-col gap-4">
      <p data-testid="key-change-status" className="rounded bg-slate-100 p-2">
        {change && changeSale
          ? `Key change with the sale of ${formatSaDateTime(change.at)} at ${changeSale.tillName}: ${codes(change.from)} → ${codes(change.to)}.`
          : "No key change in this meter's sales of the last 90 days."}
        {story.municipality ? ` Municipality: ${municipalityName(story.municipality)}.` : ""}
      </p>
      <section aria-labelledby="to-enter" className="flex flex-col gap-2">
        <h2 id="to-enter" className="text-xl font-semibold">
          Tokens in the order to enter them
        </h2>
        {story.toEnter.length === 0 ? (
          <p>No token to enter.</p>
        ) : (
          <ol aria-label="Tokens in order" className="flex flex-col gap-2">
            {story.toEnter.map((t) => (
              <TokenItem key={`${t.saleId}-${t.digits}`} token={t} story={story} />
            ))}
          </ol>
        )}
      </section>
      {story.beforeKeyChange.length > 0 && (
        <section aria-labelledby="before-change" className="flex flex-col gap-2">
          <h2 id="before-change" className="text-xl font-semibold text-danger">
            Bought before the key change: will not load after it
          </h2>
          <p>
            These tokens were made with the meter&apos;s old key. Once the key-change tokens are in,
            the meter never takes them. If the customer has not entered the key-change tokens yet,
            enter these first.
          </p>
          <ul aria-label="Not loadable after the key change" className="flex flex-col gap-2">
            {story.beforeKeyChange.map((t) => (
              <TokenItem key={`${t.saleId}-${t.digits}`} token={t} story={story} notLoadable />
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="meter-sales" className="flex flex-col gap-2">
        <h2 id="meter-sales" className="text-xl font-semibold">
          Sales of this meter, every till, last 90 days
        </h2>
        <CardTable
          label="Sales of this meter"
          headings={[
            "When",
            "Till",
            "Sold by",
            "Amount",
            "Receipt",
            "SGC / KRN / TI",
            "Key change",
          ]}
        >
          {story.sales.map((s) => (
            <tr key={s.id} data-sale={s.id} className="border-b align-top">
              <Cell label="When">{formatSaDateTime(s.at)}</Cell>
              <Cell label="Till">{s.tillName}</Cell>
              <Cell label="Sold by">{s.soldBy}</Cell>
              <Cell label="Amount">{formatRand(s.amountCents)}</Cell>
              <Cell label="Receipt" className="font-mono">
                {s.receiptNumber ?? "—"}
              </Cell>
              <Cell label="SGC / KRN / TI" className="font-mono">
                {`${code(s.meter.sgc)} / ${code(s.meter.krn)} / ${code(s.meter.ti)}`}
              </Cell>
              <Cell label="Key change">
                {s.tokens.some((t) => t.kind === "key_change") ? "Yes" : "No"}
              </Cell>
            </tr>
          ))}
        </CardTable>
      </section>
      {cases && (
        <section aria-labelledby="meter-cases" className="flex flex-col gap-2">
          <h2 id="meter-cases" className="text-xl font-semibold">
            Cases of this meter
          </h2>
          {cases.length === 0 ? <p>No case recorded.</p> : <CaseTable cases={cases} />}
        </section>
      )}
    </div>
  );
}

/** Cases: when, meter, what the meter showed, the step Kassa gave, who helped. */
export function CaseTable({ cases }: { cases: readonly CareCaseRow[] }) {
  return (
    <CardTable
      label="Cases"
      headings={["When", "Meter", "Meter showed", "Next step", "Cashier", "Till"]}
    >
      {cases.map((c) => (
        <tr key={c.id} data-case={c.id} className="border-b">
          <Cell label="When">{formatSaDateTime(c.at)}</Cell>
          <Cell label="Meter" className="font-mono">
            {c.meterNumber}
          </Cell>
          <Cell label="Meter showed" className="font-mono">
            {isMeterCode(c.code) ? METER_CODES[c.code].shown : c.code}
          </Cell>
          <Cell label="Next step">{OUTCOME_LABELS[c.outcome as Outcome] ?? c.outcome}</Cell>
          <Cell label="Cashier">{c.cashier}</Cell>
          <Cell label="Till">{c.tillName ?? "Office"}</Cell>
        </tr>
      ))}
    </CardTable>
  );
}
