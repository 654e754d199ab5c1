// @ts-check
/** @type {import('next').NextConfig} */
const nextConfig = {
  // Self-contained server output for the Docker image (docker-compose.yml).
  output: "standalone",
  poweredByHeader: false,
  serverExternalPackages: ["pg", "bullmq", "ioredis", "pino", "bcryptjs"],
  experimental: {
    serverActions: { bodySizeLimit: "50mb" },
  },
};

export default nextConfig;
