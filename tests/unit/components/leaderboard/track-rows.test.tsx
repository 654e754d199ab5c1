import { describe, expect, it } from "vitest";
import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import { TrackSwitch } from "@/components/leaderboard/track-switch";
import type { EvidenceGroup } from "@/lib/scoring";
import type { LeaderboardEntry } from "@/lib/server/leaderboard/ranked-board";
import { parseLeaderboardParams } from "@/lib/server/leaderboard/params";
import { sortEntries } from "@/lib/server/leaderboard/view";
import { renderIntl } from "../../../support/render-intl";
import { boardEntry } from "../../../support/board-entry";

// Issue 48: the memory view's other-track entries as labelled, unranked lines; the recall@5 column only where
// evidence was reported ("not reported", never 0); the track switch as plain links.

const recall = (value: number) => ({ recallAt5: { value, ciLow: null, ciHigh: null, n: 10 } }) as EvidenceGroup;
const entry = boardEntry;
const memory = [entry("a", 1, { evidence: recall(0.75) }), entry("b", 2, { evidence: null })];
const full = entry("f", 1, { track: "full-context" });
const table = (entries: LeaderboardEntry[], trackReferences: LeaderboardEntry[], locale: "en" | "zh" = "en") =>
  renderIntl(
    <LeaderboardTable
      entries={entries}
      trackReferences={trackReferences}
      params={parseLeaderboardParams({})}
      lowNMin={0}
    />,
    locale,
  );

describe("track reference lines", () => {
  it("lists another track's entry labelled, without a rank, apart from the ranked rows", () => {
    const html = table(memory, [full]);
    expect(html.match(/data-testid="leaderboard-row"/g)).toHaveLength(2);
    const ref =
      /<tr[^>]*data-testid="track-reference-row" data-entry-id="f" data-track="full-context"[^>]*>(.*?)<\/tr>/s.exec(
        html,
      )?.[1];
    expect(ref).toContain("Reference: Full context");
    expect(ref).not.toContain('data-testid="rank"');
    expect(table(memory, [full], "zh")).toContain("参考：全上下文");
  });
});

describe("the recall@5 column", () => {
  it("is sortable, shows the value or 'not reported', and is absent when no entry reported evidence", () => {
    const html = table(memory, [full]);
    expect(html).toContain('data-sort="recallAt5"');
    const cells = [...html.matchAll(/data-testid="recall-at-5">(.*?)<\/td>/gs)].map((m) =>
      m[1]!.replace(/<[^>]+>/g, ""),
    );
    // The ranked rows, then the other track's line.
    expect(cells).toEqual(["0.750", "not reported", "not reported"]);
    expect(table(memory, [full], "zh")).toContain("未报告");
    expect(table([entry("c", 1)], [])).not.toContain("recall-at-5");
  });

  it("sorts not reported last, never as 0", () => {
    const withZero = [...memory, entry("z", 3, { evidence: recall(0) })];
    expect(sortEntries(withZero, "-recallAt5").map((e) => e.id)).toEqual(["a", "z", "b"]);
  });
});

describe("the track switch", () => {
  it("is one plain link per track, the current one marked, keeping the view's other params", () => {
    const html = renderIntl(
      <TrackSwitch params={parseLeaderboardParams({ track: "full-context", split: "dyadic" })} />,
    );
    expect(html).toContain('href="/?split=dyadic"');
    expect(html).toContain('href="/?track=oracle-evidence&amp;split=dyadic"');
    expect(html).toMatch(/aria-current="page"[^>]*data-track="full-context"/);
  });
});
