import { renderIntl as renderToStaticMarkup } from "../../../support/render-intl";
import { describe, expect, it } from "vitest";
import { LeaderboardControls } from "@/components/leaderboard/controls";
import { parseLeaderboardParams } from "@/lib/server/leaderboard/params";

describe("the board's filter form", () => {
  it("keeps the cost chart's chosen cost when filters are applied, and adds nothing when none was chosen", () => {
    const params = parseLeaderboardParams({ sort: "-CD", backbone: "GPT-4o-mini" });
    const kept = renderToStaticMarkup(
      <LeaderboardControls params={params} hasJudge={false} keep={{ cost: "tokensPerQuestion" }} />,
    );
    expect(kept).toContain('<input type="hidden" name="cost" value="tokensPerQuestion"/>');
    expect(kept).toContain('<input type="hidden" name="sort" value="-CD"/>');
    expect(renderToStaticMarkup(<LeaderboardControls params={params} hasJudge={false} />)).not.toContain('name="cost"');
  });
});
