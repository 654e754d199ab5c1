// Integration tier set-up. `npm test` (scripts/dev/test.mjs) provisions Postgres/Redis once and
// sets H2HMEM_TEST_SERVICES=1 plus DATABASE_URL/REDIS_URL; then there is nothing to do here.
// Run directly (`npx vitest run --project integration`), this provisions the same services.
import { provisionTestServices } from "./services";

export default async function setup(): Promise<(() => Promise<void>) | void> {
  if (process.env.H2HMEM_TEST_SERVICES === "1") return;
  const services = await provisionTestServices({ e2e: false });
  // Workers are started after global setup and inherit this process's environment.
  Object.assign(process.env, services.env);
  return services.stop;
}
