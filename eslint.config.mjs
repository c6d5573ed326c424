import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import path from "node:path";
import { cycleThrough, resolveImport } from "./eslint/import-graph.mjs";

/**
 * Kassa's layering (docs/architecture.md, "Folders and what each may touch"), checked here so
 * that it cannot drift: components never import app/; a client file ("use client") never
 * imports lib/db, lib/upstream, lib/env or a kind's call upstream (lib/kinds/<kind>/upstream,
 * wire, kind: the API key and the journal stay on the server;
 * `import type` is erased and allowed); lib/sandbox imports nothing of the app but lib/money
 * and lib/env-schema.
 */
const SERVER_ONLY =
  /^(@\/|(\.\.?\/)+)lib\/(db|upstream|env)(\/|$)|^(@\/|(\.\.?\/)+)lib\/env(\.ts)?$|^(@\/|(\.\.?\/)+)lib\/kinds\/[^/]+\/(upstream|wire|kind)$/;

/**
 * Rooms: folders whose inside only their own files import. Everything else comes in through
 * the door (index.ts); the card room's client.ts is the browser's way in (no server code).
 */
const ROOMS = {
  "lib/sales/card": {
    group: [
      "@/lib/sales/card/*",
      "!@/lib/sales/card/client",
      "**/sales/card/*",
      "!**/sales/card/client",
    ],
    message:
      "Import card payments from @/lib/sales/card (or @/lib/sales/card/client in the browser), not from inside the folder.",
  },
  "lib/sales/spool": {
    group: ["@/lib/sales/spool/*", "**/sales/spool/*"],
    message: "Import the spool from @/lib/sales/spool, not from inside the folder.",
  },
  "lib/upstream": {
    group: ["@/lib/upstream/*", "**/upstream/*"],
    message:
      "Import the core service's client from @/lib/upstream (its index), not from inside the folder.",
  },
};

/** The rooms a file may not enter from outside: every room but its own. */
const roomsFor = (own) =>
  Object.entries(ROOMS)
    .filter(([room]) => room !== own)
    .map(([, pattern]) => pattern);

const kassa = {
  rules: {
    "no-cycle": {
      meta: {
        type: "problem",
        docs: {
          description:
            "No import cycle among app/, components/ and lib/, type imports and import() included.",
        },
        schema: [],
      },
      create(context) {
        const root = context.cwd;
        const file = context.filename;
        const name = (f) => path.relative(root, f);
        const check = (node, source) => {
          if (typeof source !== "string") return;
          const target = resolveImport(root, file, source);
          const route = target && cycleThrough(root, file, target);
          if (route)
            context.report({
              node,
              message: `Import cycle (type imports count too): ${[file, ...route].map(name).join(" -> ")}. Move what both need into a module of its own.`,
            });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) =>
            node.source.type === "Literal" && check(node, node.source.value),
          TSImportType: (node) => check(node, node.argument?.literal?.value),
        };
      },
    },
    "client-imports": {
      meta: {
        type: "problem",
        docs: { description: "A client file never imports lib/db, lib/upstream or lib/env." },
        schema: [],
      },
      create(context) {
        const body = context.sourceCode.ast.body;
        const isClient = body.some(
          (node) => node.type === "ExpressionStatement" && node.directive === "use client",
        );
        if (!isClient) return {};
        const check = (node, source, typeOnly) => {
          if (!typeOnly && SERVER_ONLY.test(source)) {
            context.report({
              node,
              message: `A client file must not import ${source}: it runs in the browser (docs/architecture.md).`,
            });
          }
        };
        return {
          ImportDeclaration(node) {
            const typeOnly =
              node.importKind === "type" ||
              (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === "type"));
            check(node, node.source.value, typeOnly);
          },
          ExportNamedDeclaration(node) {
            if (node.source) check(node, node.source.value, node.exportKind === "type");
          },
          ExportAllDeclaration(node) {
            check(node, node.source.value, node.exportKind === "type");
          },
          ImportExpression(node) {
            if (node.source.type === "Literal" && typeof node.source.value === "string")
              check(node, node.source.value, false);
          },
        };
      },
    },
  },
};

/** What a client piece (components/, the slip models) may not import. */
const CLIENT_PIECE = [
  ...roomsFor(undefined),
  {
    group: ["@/app", "@/app/*", "**/app/*"],
    message:
      "components/ never imports app/: move what a component needs (a server action) into lib/actions/, or pass it as a prop.",
  },
  {
    // Types included: a component's types come from client-safe modules
    // (lib/sales/types.ts, lib/slip/tokens.ts, lib/ops/breaker-state.ts ...).
    group: [
      "@/lib/db",
      "@/lib/db/*",
      "@/lib/upstream",
      "@/lib/upstream/*",
      "**/lib/db/*",
      "**/lib/upstream/*",
    ],
    message:
      "components/ never imports lib/db or lib/upstream, not even a type: take the type from a client-safe module (lib/sales/types.ts ...) or the value as a prop from the page.",
  },
];

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      ".next*/**",
      ".data/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "bench/results/**",
      "next-env.d.ts",
      "lib/db/migrations/**",
    ],
  },
  {
    plugins: { kassa },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "kassa/client-imports": "error",
    },
  },
  {
    // No import cycles, type imports included: lib/errors.ts and lib/db sit at the bottom,
    // actions and pages on top (eslint/import-graph.mjs; eslint-plugin-import's no-cycle
    // skips type imports).
    files: ["app/**", "components/**", "lib/**"],
    rules: { "kassa/no-cycle": "error" },
  },
  {
    // The logging rule (docs/architecture.md): server code logs through log() (lib/log.ts).
    // lib/sandbox is a program of its own (npm run sandbox), with its own console and no
    // import of Kassa's logger (it stands in for the core service).
    files: ["lib/**"],
    ignores: ["lib/sandbox/**"],
    rules: { "no-console": "error" },
  },
  {
    // Type-aware rules for the code that runs, not the tests (kept out to keep lint quick).
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}"],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/switch-exhaustiveness-check": [
        "error",
        { considerDefaultExhaustiveForUnions: false, requireDefaultForNonUnion: false },
      ],
    },
  },
  {
    files: ["app/**", "components/**", "lib/**"],
    ignores: Object.keys(ROOMS).map((room) => `${room}/**`),
    rules: { "no-restricted-imports": ["error", { patterns: roomsFor(undefined) }] },
  },
  ...Object.keys(ROOMS).map((room) => ({
    files: [`${room}/**`],
    rules: { "no-restricted-imports": ["error", { patterns: roomsFor(room) }] },
  })),
  {
    // The client-safe registry meta.ts is a client piece like components/.
    files: ["components/**", "lib/kinds/meta.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: CLIENT_PIECE }] },
  },
  {
    // The slip models (lib/slip, each kind's slip-model.ts and their registry slips.ts) are
    // pure: the screen, the printer and the browser draw them, so no env() and no server code.
    files: ["lib/slip/**", "lib/kinds/*/slip-model.ts", "lib/kinds/slips.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...CLIENT_PIECE,
            {
              group: [
                "server-only",
                "@/lib/env",
                "@/lib/env/*",
                "**/lib/env",
                "@/lib/kinds/*/upstream",
                "@/lib/kinds/*/wire",
                "@/lib/kinds/*/kind",
              ],
              message:
                "A slip model is pure and client-safe: take the merchant's settings as an argument, never from env() or server code.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["lib/sandbox/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/*", "../*", "!../money", "!../env-schema"],
              message:
                "lib/sandbox stands in for the core service: it imports nothing of Kassa but lib/money and lib/env-schema.",
            },
          ],
        },
      ],
    },
  },
];

export default config;
