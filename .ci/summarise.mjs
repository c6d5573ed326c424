// Sums the JSON reports of Vitest and Playwright into one line: "N passed, N failed".
import fs from "node:fs";
import path from "node:path";

const dir = process.argv[2] ?? ".ci/out";
let passed = 0;
let failed = 0;
let skipped = 0;
const flaky = [];

/** Playwright's tests that failed and then passed on CI's one retry, by file and title. */
function flakyOf(suite, file = suite.file) {
  for (const spec of suite.specs ?? [])
    for (const t of spec.tests ?? [])
      if (t.status === "flaky")
        flaky.push(`${spec.file ?? file}: ${spec.title} [${t.projectName}]`);
  for (const child of suite.suites ?? []) flakyOf(child, child.file ?? file);
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
      if (suite.status === "failed" && (suite.assertionResults ?? []).length === 0) failed += 1;
    }
  } else if (report.stats && typeof report.stats.expected === "number") {
    // Playwright
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped ?? 0;
    for (const suite of report.suites ?? []) flakyOf(suite);
  }
}

// A retry that passed is counted as passed and named here, so a flaky spec is seen and fixed.
for (const name of flaky) console.log(`ci: flaky (failed once and passed once): ${name}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
