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
  poweredByHeader: false,
  // `npm test` runs `tsc --noEmit` over the whole tree (tests included) as its own step;
  // checking types again inside every build only slows the build.
  typescript: { ignoreBuildErrors: true },
  reactStrictMode: true,
};

export default nextConfig;
