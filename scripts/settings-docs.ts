/**
 * `npm run settings:docs`: writes docs/settings.md and .env.example from the one list of
 * settings in lib/env-schema.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { envExample, settingsMarkdown } from "../lib/settings-docs";

const root = path.resolve(import.meta.dirname, "..");
fs.writeFileSync(path.join(root, "docs/settings.md"), settingsMarkdown());
fs.writeFileSync(path.join(root, ".env.example"), envExample());
process.stdout.write("wrote docs/settings.md and .env.example from lib/env-schema.ts\n");
