import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docker-compose.yml and the Dockerfile cannot run here (no container engine), so their
// security-relevant lines are held as text.
const read = (file: string) => readFileSync(path.join(import.meta.dirname, "../../..", file), "utf8");

describe("docker-compose.yml", () => {
  const compose = read("docker-compose.yml");

  it("publishes the web port on loopback unless WEB_PORT says otherwise", () => {
    expect(compose).toContain('- "${WEB_PORT:-127.0.0.1:3000}:3000"');
    expect(compose).not.toMatch(/^\s+- "?\$\{WEB_PORT:-3000\}/m);
  });

  it("has no default Postgres password", () => {
    const uses = [...compose.matchAll(/\$\{POSTGRES_PASSWORD([^}]*)\}/g)].map((m) => m[1]);
    expect(uses.length).toBeGreaterThanOrEqual(2);
    for (const use of uses) expect(use).toMatch(/^:\?/);
  });

  it("gives every app service the whole .env", () => {
    const services = ["migrate", "web", "worker"];
    for (const name of services) {
      const block = compose.slice(
        compose.indexOf(`\n  ${name}:\n`),
        compose.indexOf("healthcheck", compose.indexOf(`\n  ${name}:\n`)),
      );
      expect(block, name).toContain("env_file: .env");
    }
  });
});

describe("Dockerfile", () => {
  it("leaves the web image's code to root (only Next's cache is writable by node)", () => {
    const web = read("Dockerfile")
      .split(/^FROM /m)
      .find((stage) => stage.startsWith("base AS web"));
    expect(web).toBeDefined();
    expect(web).not.toMatch(/--chown=node/);
    expect(web).toMatch(/chown node:node \.next\/cache/);
    expect(web).toMatch(/^USER node$/m);
  });
});
