"use client";

import Link from "next/link";
import { useCallback, useState } from "react";
import { useRouter } from "next/navigation";
import { useForm, useWatch } from "react-hook-form";
import { schemaResolver } from "@/components/forms/schema-resolver";
import { newSaleKey } from "@/components/sale/sale-store";
import { selectedFines, unpaidNotices } from "@/lib/kinds/fines/selection";
import { isKioskProblem, kioskProblem } from "@/lib/i18n/kiosk-problems";
import type { FineRow } from "@/lib/kinds/fines/view";
import { KIOSK_LOCALES, KIOSK_LOCALE_NAMES, type KioskLocale } from "@/lib/i18n/kiosk-messages";
import type { KioskText } from "@/lib/i18n/kiosk-text";
import { kioskLookUpAction, kioskPayFinesAction } from "./actions";
import { FinePicker } from "./fine-picker";
import { IdleGuard } from "./idle-guard";
import { NumberEntry } from "./number-entry";
import type { KioskLookupInput, KioskPayInput } from "./schema";

const lookupResolver = schemaResolver<KioskLookupInput>(() =>
  import("./schema").then((m) => m.kioskLookupSchema),
);
const payResolver = schemaResolver<KioskPayInput>(() =>
  import("./schema").then((m) => m.kioskPaySchema),
);

type Kind = "id" | "notice";
type Stage =
  | { is: "start" }
  | { is: "enter"; kind: Kind }
  | { is: "fines"; kind: Kind; fines: FineRow[] }
  | { is: "leaving" };

/**
 * One customer's visit. Everything (the number typed, the fines, the choice) lives in this
 * component's forms only: no URL, no storage. Clearing the screen remounts it. The forms'
 * messages are the kiosk's problem keys (the shared schemas' and the actions' codes), said
 * in the customer's language.
 */
function Visit({
  text,
  locale,
  idleMs,
  onDone,
}: {
  text: KioskText;
  locale: KioskLocale;
  idleMs: number;
  onDone(): void;
}) {
  const [stage, setStage] = useState<Stage>({ is: "start" });
  const [key] = useState(newSaleKey);
  const entry = useForm<KioskLookupInput>({
    resolver: lookupResolver,
    defaultValues: { kind: "id", value: "" },
  });
  const pick = useForm<KioskPayInput>({ resolver: payResolver });
  const digits = useWatch({ control: entry.control, name: "value" });
  const chosen = useWatch({ control: pick.control, name: "fines" }) ?? [];
  const say = (problem: string | undefined) =>
    problem ? text.problems[isKioskProblem(problem, text.problems) ? problem : "help"] : null;

  const enter = (kind: Kind) => {
    entry.reset({ kind, value: "" });
    setStage({ is: "enter", kind });
  };

  // The shared schema checks the number here first: one that cannot be right is never sent.
  const lookUp = entry.handleSubmit(async ({ kind, value }) => {
    const result = await kioskLookUpAction({ kind, value });
    // Codes, never the server's English: the kiosk says it in the customer's language.
    if (!result.ok) return entry.setError("root", { message: kioskProblem(result.code) });
    // A lone fine the customer can pay is theirs to pay: it starts ticked, so Pay is ready.
    const payable = unpaidNotices(result.data.fines);
    const lone = payable.length === 1 ? selectedFines(result.data.fines, new Set(payable)) : [];
    pick.reset({
      kind,
      value,
      idempotencyKey: key,
      lang: locale,
      fines: lone.map((f) => ({ noticeNumber: f.noticeNumber, grossCents: f.grossCents })),
    });
    setStage({ is: "fines", kind, fines: result.data.fines });
  });

  const pay = pick.handleSubmit(async (input) => {
    const result = await kioskPayFinesAction(input);
    if (!result.ok) return pick.setError("root", { message: kioskProblem(result.code) });
    setStage({ is: "leaving" });
    // The hosted checkout replaces this page: going back never shows the customer's fines.
    window.location.replace(result.data.paymentPageUrl);
  });

  function select(fines: FineRow[], selected: ReadonlySet<string>) {
    pick.setValue(
      "fines",
      selectedFines(fines, selected).map((f) => ({
        noticeNumber: f.noticeNumber,
        grossCents: f.grossCents,
      })),
    );
  }

  return (
    <>
      {/* The start screen has nothing to clear but the language; every other step does. */}
      <IdleGuard
        onIdle={onDone}
        text={text.idle}
        idleMs={idleMs}
        active={stage.is === "enter" || stage.is === "fines" || locale !== "en"}
      />
      {stage.is === "leaving" && <p className="pt-24 text-center text-4xl">{text.fines.leaving}</p>}
      {stage.is === "enter" && (
        <NumberEntry
          kind={stage.kind}
          text={text}
          digits={digits}
          error={say(entry.formState.errors.value?.message ?? entry.formState.errors.root?.message)}
          busy={entry.formState.isSubmitting}
          onDigits={(value) => entry.setValue("value", value)}
          onLookUp={() => void lookUp()}
          onBack={onDone}
        />
      )}
      {stage.is === "fines" && (
        <FinePicker
          fines={stage.fines}
          text={text.fines}
          selected={new Set(chosen.map((f) => f.noticeNumber))}
          error={say(pick.formState.errors.fines?.message ?? pick.formState.errors.root?.message)}
          busy={pick.formState.isSubmitting}
          onSelect={(selected) => select(stage.fines, selected)}
          onPay={() => void pay()}
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
    <div className="mx-auto flex w-full max-w-3xl flex-col items-center gap-8 pt-8 text-center portrait:pt-24">
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
 * The kiosk's traffic-fine screen; clears itself after `idleMs` without a touch, or on Done.
 * The language goes with the customer: clearing returns to the start screen in English.
 */
export function KioskFines({
  text,
  locale,
  idleMs,
}: {
  text: KioskText;
  locale: KioskLocale;
  idleMs: number;
}) {
  const [visit, setVisit] = useState(0);
  const router = useRouter();
  const clear = useCallback(() => {
    setVisit((v) => v + 1);
    if (locale !== "en") router.replace("/kiosk");
  }, [locale, router]);
  return (
    <Visit key={`${locale}-${visit}`} text={text} locale={locale} idleMs={idleMs} onDone={clear} />
  );
}
