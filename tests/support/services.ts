// Typed entry to the test service provisioning shared with scripts/dev/test.mjs.
import { provisionTestServices as provision } from "../../scripts/dev/test-services.mjs";

export type TestServices = { env: Record<string, string>; stop: () => Promise<void> };

export function provisionTestServices(opts: { e2e?: boolean } = {}): Promise<TestServices> {
  return provision(opts) as Promise<TestServices>;
}
