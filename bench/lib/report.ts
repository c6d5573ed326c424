import { execSync } from "node:child_process";
import os from "node:os";

export interface Row {
  figure: string;
  value: string;
  target: string;
  /** true: meets the target; false: misses it; null: for information only. */
  met: boolean | null;
}

export function machine() {
  const free = (() => {
    try {
      return (
        execSync("free -h", { encoding: "utf8" })
          .split("\n")
          .find((l) => l.startsWith("Mem:"))
          ?.replace(/\s+/g, " ")
          .trim() ?? ""
      );
    } catch {
      return `${Math.round(os.totalmem() / 2 ** 30)} GiB total`;
    }
  })();
  return {
    nproc: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? "unknown",
    memory: free,
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    loadAverageAtStart: os.loadavg().map((x) => Math.round(x * 100) / 100),
  };
}

export function printTable(rows: Row[]) {
  const width = (k: keyof Row) => Math.max(k.length, ...rows.map((r) => String(r[k]).length));
  const [wf, wv, wt] = [width("figure"), width("value"), width("target")];
  const line = (f: string, v: string, t: string, s: string) =>
    `${f.padEnd(wf)}  ${v.padStart(wv)}  ${t.padEnd(wt)}  ${s}`;
  console.log(line("figure", "value", "target", "status"));
  console.log(line("-".repeat(wf), "-".repeat(wv), "-".repeat(wt), "------"));
  for (const r of rows)
    console.log(
      line(r.figure, r.value, r.target, r.met === null ? "info" : r.met ? "met" : "MISSED"),
    );
}

export const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
