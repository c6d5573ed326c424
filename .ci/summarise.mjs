// Sums the JSON reports of Vitest and Playwright into one line: "N passed, N failed".
import fs from "node:fs";
import path from "node:path";

const dir = process.argv[2] ?? ".ci/out";
let passed = 0;
let failed = 0;
let skipped = 0;
const flaky = [];
const failures = [];

/** The first line of an error message, without terminal colours, short enough for a log line. */
function firstLine(message) {
  const line = String(message ?? "")
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .find((l) => l.trim());
  return (line ?? "").trim().slice(0, 300);
}

/**
 * Playwright's tests that failed and then passed on one of CI's retries, and those that failed on
 * every try, by file and title (the last try's first error line for a failure).
 */
function playwrightOutcomes(suite, file = suite.file) {
  for (const spec of suite.specs ?? [])
    for (const t of spec.tests ?? []) {
      const name = `${spec.file ?? file}: ${spec.title} [${t.projectName}]`;
      if (t.status === "flaky") flaky.push(name);
      if (t.status === "unexpected") {
        // The last try that failed (a serial group's later tries may be skipped).
        const last = (t.results ?? []).findLast((r) => r.error || r.errors?.length);
        failures.push(`${name}: ${firstLine(last?.error?.message ?? last?.errors?.[0]?.message)}`);
      }
    }
  for (const child of suite.suites ?? []) playwrightOutcomes(child, child.file ?? file);
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  } catch {
    return null;
  }
}

for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
  if (!file.endsWith(".json")) continue;
  const report = readJson(file);
  if (!report) continue;
  if (typeof report.numPassedTests === "number") {
    // Vitest (Jest-compatible JSON)
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    // A file that failed to load has no tests but is a failure.
    for (const suite of report.testResults ?? []) {
      const where = path.relative(process.cwd(), suite.name ?? "");
      if (suite.status === "failed" && (suite.assertionResults ?? []).length === 0) {
        failed += 1;
        failures.push(`${where}: did not load: ${firstLine(suite.message)}`);
      }
      for (const t of suite.assertionResults ?? [])
        if (t.status === "failed")
          failures.push(`${where}: ${t.fullName ?? t.title}: ${firstLine(t.failureMessages?.[0])}`);
    }
  } else if (report.stats && typeof report.stats.expected === "number") {
    // Playwright
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped ?? 0;
    for (const suite of report.suites ?? []) playwrightOutcomes(suite);
  }
}

// A retry that passed is counted as passed and named here, so a flaky spec is seen and fixed.
for (const name of flaky) console.log(`ci: flaky (failed, then passed on a retry): ${name}`);
// The failures again at the very end, where a reader of the log's tail sees them.
for (const failure of failures) console.log(`ci: failed: ${failure}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
