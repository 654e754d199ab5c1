// The Hugging Face stand-in as a process, for Playwright's webServer list (playwright.config.ts):
// node --import ./bin/register.mjs tests/support/fake-huggingface-server.ts
// Env: HF_STAND_IN_PORT, HF_CLIENT_ID, HF_CLIENT_SECRET, APP_ORIGIN (the e2e app's base URL).
import { startFakeHuggingFace } from "./fake-huggingface";

const env = process.env;
const hf = await startFakeHuggingFace({
  clientId: env.HF_CLIENT_ID ?? "e2e-hf-client",
  clientSecret: env.HF_CLIENT_SECRET ?? "e2e-hf-secret",
  redirectUris: [`${env.APP_ORIGIN ?? "http://127.0.0.1:3310"}/api/auth/callback/huggingface`],
  port: Number(env.HF_STAND_IN_PORT ?? 3312),
});
console.log(`[fake-huggingface] OpenID Connect provider at ${hf.url}`);
for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => void hf.close().then(() => process.exit(0)));
