/** @type {import('next').NextConfig} */
const nextConfig = {
  // Each test run or helper may build into its own folder so that two builds never collide.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // PGlite ships a 9 MB WASM file: keep it on the server, never under .next/static.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@node-rs/argon2",
    "bwip-js",
    "pg",
    "rate-limiter-flexible",
  ],
  // The bench's own pages (`*.bench.tsx`: /bench and its empty action, which reads the whole
  // process's journal counters) exist only in `npm run bench`'s build; every other build lacks them.
  pageExtensions:
    process.env.KASSA_BENCH_BUILD === "1"
      ? ["bench.tsx", "bench.ts", "tsx", "ts", "jsx", "js"]
      : ["tsx", "ts", "jsx", "js"],
  poweredByHeader: false,
  // A new id per deployment (scripts/start.mjs makes one per build): a till page of an earlier
  // build that navigates is loaded whole from the new build. Unset by a plain `next build`.
  deploymentId: process.env.NEXT_DEPLOYMENT_ID || undefined,
  // `npm test` runs `tsc --noEmit` over the whole tree (tests included) as its own step;
  // checking types again inside every build only slows the build.
  typescript: { ignoreBuildErrors: true },
  reactStrictMode: true,
  experimental: {
    // A screen prefetched whole (the till's tiles prefetch their sale forms) is used for 30 s,
    // the least Next.js allows, rather than 5 minutes: the forms show the shift's
    // not-confirmed sales and the remembered municipality.
    staleTimes: { static: 30 },
  },
  turbopack: {
    // The WebUSB and Web Serial receipt printer packages export only under the "browser"
    // condition, which Turbopack does not pick: point it at their ES module builds.
    resolveAlias: {
      "@point-of-sale/webusb-receipt-printer":
        "./node_modules/@point-of-sale/webusb-receipt-printer/dist/webusb-receipt-printer.esm.js",
      "@point-of-sale/webserial-receipt-printer":
        "./node_modules/@point-of-sale/webserial-receipt-printer/dist/webserial-receipt-printer.esm.js",
    },
  },
};

export default nextConfig;
