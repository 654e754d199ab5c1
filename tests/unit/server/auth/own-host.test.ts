import { describe, expect, it } from "vitest";
import { hostCheck } from "@/lib/server/auth/own-host";

// Issue 45, point 4: which host a visit is on, against AUTH_URL's.
const h = (o: Record<string, string>) => new Headers(o);

describe("hostCheck", () => {
  it("is the same host when AUTH_URL names it (or AUTH_URL is unset)", () => {
    expect(hostCheck("http://localhost:3000", h({ host: "localhost:3000" }))).toEqual({ kind: "same" });
    expect(hostCheck(undefined, h({ host: "10.0.0.7:3000" }))).toEqual({ kind: "same" });
    expect(hostCheck("https://board.example", h({ host: "app:3000", "x-forwarded-host": "Board.Example" }))).toEqual({
      kind: "same",
    });
  });

  it("127.0.0.1 or a LAN address of an http deployment: sign-in works there, the link names AUTH_URL", () => {
    expect(hostCheck("http://localhost:3000/", h({ host: "127.0.0.1:3000" }))).toEqual({
      kind: "other",
      authOrigin: "http://localhost:3000",
    });
    expect(hostCheck("http://localhost:3000", h({ host: "192.168.1.20:3000" })).kind).toBe("other");
  });

  it("plain http on another host of an https deployment: blocked (the Secure cookie would be dropped)", () => {
    expect(hostCheck("https://board.example", h({ host: "10.0.0.7:3000" }))).toEqual({
      kind: "blocked",
      authOrigin: "https://board.example",
    });
    // Behind a TLS proxy under another name the browser is on https: a session works there.
    expect(hostCheck("https://board.example", h({ host: "mirror.example", "x-forwarded-proto": "https" })).kind).toBe(
      "other",
    );
  });
});
