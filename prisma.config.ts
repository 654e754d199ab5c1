import "dotenv/config";
import { defineConfig } from "prisma/config";

// Prisma 7 no longer reads .env itself; the fallback URL only lets `prisma generate`
// run without a database (generation never connects).
export default defineConfig({
  schema: "prisma/schema.prisma",
  datasource: {
    url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/h2hmem",
  },
});
