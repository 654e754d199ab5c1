import { describe, expect, it } from "vitest";
import { pickVerifiedEmail } from "./github-auth";

const e = (email: string, primary: boolean, verified: boolean) => ({ email, primary, verified });

describe("pickVerifiedEmail", () => {
  it("takes the primary address when GitHub verified it", () => {
    expect(pickVerifiedEmail([e("other@x.test", false, true), e("main@x.test", true, true)])).toBe("main@x.test");
  });

  it("skips an unverified primary address for another verified one", () => {
    expect(pickVerifiedEmail([e("victim@x.test", true, false), e("mine@x.test", false, true)])).toBe("mine@x.test");
  });

  it("prefers a real mailbox to the users.noreply address when the primary one is unverified", () => {
    const list = [e("victim@x.test", true, false), e("1+octo@users.noreply.github.com", false, true), e("mine@x.test", false, true)];
    expect(pickVerifiedEmail(list)).toBe("mine@x.test");
    expect(pickVerifiedEmail([e("1+octo@users.noreply.github.com", false, true)])).toBe("1+octo@users.noreply.github.com");
  });

  it("returns null when nothing is verified (or the list is empty)", () => {
    expect(pickVerifiedEmail([e("victim@x.test", true, false), e("also@x.test", false, false)])).toBeNull();
    expect(pickVerifiedEmail([])).toBeNull();
  });
});
