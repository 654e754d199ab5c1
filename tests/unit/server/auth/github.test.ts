import { describe, expect, it } from "vitest";
import { isUnderApi, nextPageUrl, pickVerifiedEmail } from "../../../../lib/server/auth/github";

const e = (email: string, primary: boolean, verified: boolean) => ({ email, primary, verified });

describe("pickVerifiedEmail", () => {
  it("takes the primary address when GitHub verified it", () => {
    expect(pickVerifiedEmail([e("other@x.test", false, true), e("main@x.test", true, true)])).toBe("main@x.test");
  });

  it("skips an unverified primary address for another verified one", () => {
    expect(pickVerifiedEmail([e("victim@x.test", true, false), e("mine@x.test", false, true)])).toBe("mine@x.test");
  });

  it("prefers a real mailbox to the users.noreply address when the primary one is unverified", () => {
    const list = [
      e("victim@x.test", true, false),
      e("1+octo@users.noreply.github.com", false, true),
      e("mine@x.test", false, true),
    ];
    expect(pickVerifiedEmail(list)).toBe("mine@x.test");
    expect(pickVerifiedEmail([e("1+octo@users.noreply.github.com", false, true)])).toBe(
      "1+octo@users.noreply.github.com",
    );
  });

  it("returns null when nothing is verified (or the list is empty)", () => {
    expect(pickVerifiedEmail([e("victim@x.test", true, false), e("also@x.test", false, false)])).toBeNull();
    expect(pickVerifiedEmail([])).toBeNull();
  });
});

describe("nextPageUrl", () => {
  it('finds rel="next" wherever it sits in GitHub\'s Link header', () => {
    const link =
      '<https://api.github.com/user/emails?page=1>; rel="prev", <https://api.github.com/user/emails?per_page=100&page=3>; rel="next", ' +
      '<https://api.github.com/user/emails?page=5>; rel="last", <https://api.github.com/user/emails?page=1>; rel="first"';
    expect(nextPageUrl(link)).toBe("https://api.github.com/user/emails?per_page=100&page=3");
  });

  it("accepts an unquoted or multi-valued rel and extra parameters", () => {
    expect(nextPageUrl("<https://h/x?page=2>; rel=next")).toBe("https://h/x?page=2");
    expect(nextPageUrl('<https://h/x?page=2>; title="n"; rel="next last"')).toBe("https://h/x?page=2");
  });

  it("returns null on the last page or without a header", () => {
    expect(nextPageUrl('<https://h/x?page=1>; rel="prev", <https://h/x?page=1>; rel="first"')).toBeNull();
    expect(nextPageUrl('<https://h/x?page=9>; rel="nextish"')).toBeNull();
    expect(nextPageUrl(null)).toBeNull();
    expect(nextPageUrl("")).toBeNull();
  });
});

describe("isUnderApi", () => {
  it("accepts URLs on the API origin (GitHub rewrites paths, e.g. /user/61721/repos)", () => {
    expect(isUnderApi("https://api.github.com/user/emails?page=2", "https://api.github.com")).toBe(true);
    expect(isUnderApi("https://api.github.com/user/1/emails?page=2", "https://api.github.com")).toBe(true);
    expect(isUnderApi("https://ghe.example/api/v3/user/emails?page=2", "https://ghe.example/api/v3")).toBe(true);
  });

  it("refuses another origin, scheme or port, and paths outside the API prefix", () => {
    expect(isUnderApi("https://evil.example/user/emails?page=2", "https://api.github.com")).toBe(false);
    expect(isUnderApi("http://api.github.com/user/emails?page=2", "https://api.github.com")).toBe(false);
    expect(isUnderApi("https://api.github.com:8443/user/emails", "https://api.github.com")).toBe(false);
    expect(isUnderApi("https://api.github.com.evil.example/user/emails", "https://api.github.com")).toBe(false);
    expect(isUnderApi("https://ghe.example/login/oauth/x", "https://ghe.example/api/v3")).toBe(false);
    expect(isUnderApi("https://ghe.example/api/v30/user/emails", "https://ghe.example/api/v3")).toBe(false);
  });
});
