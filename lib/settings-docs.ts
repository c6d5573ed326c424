import { SETTING_GROUPS, SETTINGS, type Setting, type SettingGroup } from "./env-schema";

/**
 * docs/settings.md and .env.example, made from the one list of settings (lib/env-schema.ts).
 * `npm run settings:docs` writes them; tests/unit/settings-docs.test.ts fails when they differ.
 */

const entries = Object.entries(SETTINGS) as [string, Setting][];

/** The default as the docs say it: its own words, else the schema's default, else unset. */
function shownDefault(setting: Setting): string {
  if (setting.shownDefault) return setting.shownDefault;
  const parsed = setting.schema.safeParse(undefined);
  return parsed.success && parsed.data !== undefined ? `\`${String(parsed.data)}\`` : "unset";
}

function inGroup(group: SettingGroup): [string, Setting][] {
  return entries.filter(([, s]) => s.group === group);
}

const groups = Object.keys(SETTING_GROUPS) as SettingGroup[];

export function settingsMarkdown(): string {
  const lines = [
    "# Settings",
    "",
    "_Checked against the code: on every `npm test` (tests/unit/settings-docs.test.ts). Made from",
    "`lib/env-schema.ts` by `npm run settings:docs`: change a setting there, never here._",
    "",
    "All configuration is environment variables, checked when the server starts; a wrong value",
    "stops the start with a message naming the variable. Nothing needs to be set to try Kassa with",
    "its built-in sandbox. `.env.example` lists the same variables, for a systemd `EnvironmentFile`",
    "or docker's `--env-file`.",
  ];
  for (const group of groups) {
    lines.push("", `## ${SETTING_GROUPS[group]}`, "");
    for (const [name, setting] of inGroup(group))
      lines.push(`- \`${name}\`: ${setting.about} Default: ${shownDefault(setting)}.`);
  }
  return lines.join("\n") + "\n";
}

/** Markdown to plain text: links become their words, code marks go. */
function plain(markdown: string): string {
  return markdown.replace(/\[([^\]]+)\]\([^)]+\)/g, "$1").replace(/`/g, "");
}

/** Comment lines of at most `width` characters. */
function comment(text: string, width = 100): string[] {
  const lines: string[] = [];
  let line = "#";
  for (const word of text.split(/\s+/)) {
    if (line.length + 1 + word.length > width && line !== "#") {
      lines.push(line);
      line = "#";
    }
    line += ` ${word}`;
  }
  lines.push(line);
  return lines;
}

export function envExample(): string {
  const lines = [
    ...comment(
      "Kassa's settings: every environment variable it reads. Made from lib/env-schema.ts by npm run settings:docs (docs/settings.md says the same); change a setting there, never here. Nothing needs to be set to run Kassa with its built-in sandbox: uncomment what you set.",
    ),
  ];
  for (const group of groups) {
    lines.push("", `## ${plain(SETTING_GROUPS[group])}`);
    for (const [name, setting] of inGroup(group)) {
      const parsed = setting.schema.safeParse(undefined);
      const value =
        !setting.shownDefault && parsed.success && parsed.data !== undefined
          ? String(parsed.data)
          : "";
      lines.push(
        "",
        ...comment(`${plain(setting.about)} Default: ${plain(shownDefault(setting))}.`),
        `# ${name}=${value}`,
      );
    }
  }
  return lines.join("\n") + "\n";
}
