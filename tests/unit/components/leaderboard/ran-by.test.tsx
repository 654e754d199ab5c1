import { describe, expect, it } from "vitest";
import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import type { LeaderboardEntry } from "@/lib/server/leaderboard/ranked-board";
import { parseLeaderboardParams } from "@/lib/server/leaderboard/params";
import { renderIntl } from "../../../support/render-intl";
import { boardEntry } from "../../../support/board-entry";

// Issue 49, point 4 on the board: a third-party run carries a mark whose tooltip names whose
// method it is; every stated "who ran it" is the method link's tooltip; nothing when not stated.

const entry = (id: string, rank: number, who: Pick<LeaderboardEntry, "ranBy" | "methodOwner">) =>
  boardEntry(id, rank, who);

const entries = [
  entry("a", 1, { ranBy: "third-party", methodOwner: "Mem0 authors" }),
  entry("b", 2, { ranBy: "first-party", methodOwner: null }),
  entry("c", 3, { ranBy: null, methodOwner: null }),
];
const table = (locale: "en" | "zh") =>
  renderIntl(<LeaderboardTable entries={entries} params={parseLeaderboardParams({})} lowNMin={0} />, locale);

describe("who ran it on the board", () => {
  it("marks the third-party run and titles each stated method link, in English and Chinese", () => {
    const en = table("en");
    expect(en.match(/data-testid="ran-by"/g)).toHaveLength(1);
    expect(en).toContain(`title="Third-party: the submitter ran Mem0 authors&#x27;s method (self-reported)."`);
    expect(en).toContain(`title="First-party: the submitter built this method (self-reported)."`);
    expect(en.match(/title="(First|Third)-party/g)).toHaveLength(3); // the mark and two links
    const zh = table("zh");
    expect(zh).toContain(`title="第三方：提交者运行的是 Mem0 authors 的方法（自报）。"`);
    expect(zh).toContain(">第三方<");
  });
});
