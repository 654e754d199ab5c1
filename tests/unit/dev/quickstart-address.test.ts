import { describe, expect, it } from "vitest";
import { appAddress } from "@/scripts/dev/quickstart-steps.mjs";

// Issue 45, point 4: the quick start's banner names the address sign-in keeps its session on.
describe("appAddress", () => {
  it("is AUTH_URL's when set, else localhost on the chosen port", () => {
    expect(appAddress(undefined, 3000)).toBe("http://localhost:3000");
    expect(appAddress("http://192.168.1.20:3000/", 3000)).toBe("http://192.168.1.20:3000");
    expect(appAddress("https://board.example/h2hmem/", 3000)).toBe("https://board.example/h2hmem");
  });
});
