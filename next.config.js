// @ts-check
/** @type {import('next').NextConfig} */
const nextConfig = {
  // The Docker image (Dockerfile, target `web`) builds Next's self-contained server. Only
  // there: `next start` (quick start, tests, `npm start`) warns about standalone output.
  output: process.env.NEXT_OUTPUT === "standalone" ? "standalone" : undefined,
  poweredByHeader: false,
  serverExternalPackages: ["pg", "bullmq", "ioredis", "pino", "bcryptjs"],
  experimental: {
    serverActions: { bodySizeLimit: "50mb" },
  },
};

export default nextConfig;
