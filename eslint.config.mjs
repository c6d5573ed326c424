import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/**
 * Kassa's layering (docs/architecture.md, "Folders and what each may touch"), checked here so
 * that it cannot drift: components never import app/; a client file ("use client") never
 * imports lib/db, lib/upstream or lib/env (the API key and the journal stay on the server;
 * `import type` is erased and allowed); lib/sandbox imports nothing of the app but lib/money
 * and lib/env-schema.
 */
const SERVER_ONLY =
  /^(@\/|(\.\.?\/)+)lib\/(db|upstream|env)(\/|$)|^(@\/|(\.\.?\/)+)lib\/env(\.ts)?$/;

/**
 * Rooms: folders whose inside only their own files import. Everything else comes in through
 * the door (index.ts); the card room's client.ts is the browser's way in (no server code).
 */
const ROOMS = [
  {
    group: [
      "@/lib/sales/card/*",
      "!@/lib/sales/card/client",
      "**/sales/card/*",
      "!**/sales/card/client",
    ],
    message:
      "Import card payments from @/lib/sales/card (or @/lib/sales/card/client in the browser), not from inside the folder.",
  },
  {
    group: ["@/lib/sales/spool/*", "**/sales/spool/*"],
    message: "Import the spool from @/lib/sales/spool, not from inside the folder.",
  },
];

const kassa = {
  rules: {
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
    // No import cycles: lib/errors.ts and lib/db sit at the bottom, actions and pages on top.
    files: ["app/**", "components/**", "lib/**"],
    // Packages are never parsed for it: they cannot import Kassa, and parsing them is slow.
    settings: { "import/ignore": ["node_modules"] },
    rules: { "import/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    files: ["app/**", "components/**", "lib/**"],
    ignores: ["lib/sales/card/**", "lib/sales/spool/**"],
    rules: { "no-restricted-imports": ["error", { patterns: ROOMS }] },
  },
  {
    files: ["components/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...ROOMS,
            {
              group: ["@/app", "@/app/*", "**/app/*"],
              message:
                "components/ never imports app/: move what a component needs (a server action) into lib/actions/, or pass it as a prop.",
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
