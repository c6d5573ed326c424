"use client";

import Link from "next/link";
import { useCallback, useState } from "react";
import { useRouter } from "next/navigation";
import { newSaleKey } from "@/components/sale/sale-store";
import { checkLookup } from "@/lib/fines/lookup-kind";
import { selectedFines } from "@/lib/fines/selection";
import { kioskCheckProblem, kioskProblem } from "@/lib/i18n/kiosk-problems";
import type { FineRow } from "@/lib/fines/view";
import { KIOSK_LOCALES, KIOSK_LOCALE_NAMES, type KioskLocale } from "@/lib/i18n/kiosk-messages";
import type { KioskText } from "@/lib/i18n/kiosk-text";
import { kioskLookUpAction, kioskPayFinesAction } from "./actions";
import { FinePicker } from "./fine-picker";
import { IdleGuard } from "./idle-guard";
import { NumberEntry } from "./number-entry";

type Kind = "id" | "notice";
type Stage =
  | { is: "start" }
  | { is: "enter"; kind: Kind }
  | { is: "fines"; kind: Kind; fines: FineRow[] }
  | { is: "leaving" };

/**
 * One customer's visit. Everything (the number typed, the fines, the choice) lives in this
 * component's state only: no URL, no storage. Clearing the screen remounts it.
 */
function Visit({ text, locale, onDone }: { text: KioskText; locale: KioskLocale; onDone(): void }) {
  const [stage, setStage] = useState<Stage>({ is: "start" });
  const [digits, setDigits] = useState("");
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key] = useState(newSaleKey);

  const enter = (kind: Kind) => {
    setDigits("");
    setError(null);
    setStage({ is: "enter", kind });
  };

  const lookUp = useCallback(async () => {
    if (stage.is !== "enter") return;
    // The server's own check, here first: a number that cannot be right is never sent.
    const checked = checkLookup(stage.kind, digits);
    if (!checked.ok) return setError(text.problems[kioskCheckProblem(stage.kind, checked.reason)]);
    setBusy(true);
    setError(null);
    const result = await kioskLookUpAction({ kind: stage.kind, value: digits });
    setBusy(false);
    // Codes, never the server's English: the kiosk says it in the customer's language.
    if (!result.ok) return setError(text.problems[kioskProblem(result.code)]);
    setSelected(new Set());
    setStage({ is: "fines", kind: stage.kind, fines: result.data.fines });
  }, [stage, digits, text]);

  async function pay() {
    if (stage.is !== "fines") return;
    setBusy(true);
    setError(null);
    const chosen = selectedFines(stage.fines, selected).map((f) => ({
      noticeNumber: f.noticeNumber,
      grossCents: f.grossCents,
    }));
    const result = await kioskPayFinesAction({
      kind: stage.kind,
      value: digits,
      idempotencyKey: key,
      fines: chosen,
      lang: locale,
    });
    if (!result.ok) {
      setBusy(false);
      return setError(text.problems[kioskProblem(result.code)]);
    }
    setStage({ is: "leaving" });
    // The hosted checkout replaces this page: going back never shows the customer's fines.
    window.location.replace(result.data.paymentPageUrl);
  }

  return (
    <>
      {/* The start screen has nothing to clear but the language; every other step does. */}
      <IdleGuard
        onIdle={onDone}
        text={text.idle}
        active={stage.is === "enter" || stage.is === "fines" || locale !== "en"}
      />
      {stage.is === "leaving" && <p className="pt-24 text-center text-4xl">{text.fines.leaving}</p>}
      {stage.is === "enter" && (
        <NumberEntry
          kind={stage.kind}
          text={text}
          digits={digits}
          error={error}
          busy={busy}
          onDigits={setDigits}
          onLookUp={lookUp}
          onBack={onDone}
        />
      )}
      {stage.is === "fines" && (
        <FinePicker
          fines={stage.fines}
          text={text.fines}
          selected={selected}
          error={error}
          busy={busy}
          onSelect={setSelected}
          onPay={pay}
          onDone={onDone}
        />
      )}
      {stage.is === "start" && <StartScreen text={text.start} locale={locale} onEnter={enter} />}
    </>
  );
}

function StartScreen({
  text,
  locale,
  onEnter: enter,
}: {
  text: KioskText["start"];
  locale: KioskLocale;
  onEnter(kind: Kind): void;
}) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center gap-8 pt-8 text-center portrait:pt-24">
      <nav aria-label={text.language} className="flex flex-wrap justify-center gap-3">
        {KIOSK_LOCALES.map((l) => (
          <Link
            key={l}
            href={l === "en" ? "/kiosk" : `/kiosk?lang=${l}`}
            lang={l === "en" ? "en-ZA" : l}
            aria-current={l === locale ? "true" : undefined}
            replace
            className={`flex min-h-14 min-w-40 items-center justify-center rounded-2xl px-6 text-2xl ${l === locale ? "bg-white font-semibold text-slate-900" : "bg-slate-700 text-white"}`}
          >
            {KIOSK_LOCALE_NAMES[l]}
          </Link>
        ))}
      </nav>
      <h1 className="text-5xl font-bold">{text.title}</h1>
      <p className="text-3xl text-slate-200">{text.intro}</p>
      <div className="flex w-full flex-col gap-6">
        <button
          type="button"
          onClick={() => enter("id")}
          className="min-h-12 rounded-2xl bg-brand py-8 text-4xl font-semibold"
        >
          {text.useId}
        </button>
        <button
          type="button"
          onClick={() => enter("notice")}
          className="min-h-12 rounded-2xl bg-slate-600 py-8 text-4xl font-semibold"
        >
          {text.useNotice}
        </button>
      </div>
    </div>
  );
}

/**
 * The kiosk's traffic-fine screen; clears itself after a minute without a touch, or on
 * Done. The language goes with the customer: clearing returns to English.
 */
export function KioskFines({ text, locale }: { text: KioskText; locale: KioskLocale }) {
  const [visit, setVisit] = useState(0);
  const router = useRouter();
  const clear = useCallback(() => {
    setVisit((v) => v + 1);
    if (locale !== "en") router.replace("/kiosk");
  }, [locale, router]);
  return <Visit key={`${locale}-${visit}`} text={text} locale={locale} onDone={clear} />;
}
