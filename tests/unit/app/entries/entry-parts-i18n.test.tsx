import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SameBackboneLine } from "@/app/(site)/entries/[id]/_components/same-backbone";
import { TombstoneView } from "@/app/(site)/entries/[id]/_components/tombstone-view";
import type { SameBackbone } from "@/lib/server/leaderboard/same-backbone";
import type { Tombstone } from "@/lib/server/leaderboard/tombstones";
import { WithIntl } from "@/tests/support/intl";

const stone: Tombstone = {
  id: "e1",
  status: "withdrawn",
  removedBy: "author",
  methodName: "MemX",
  organization: null,
  createdAt: "2026-03-04T10:00:00.000Z",
  approvedAt: "2026-03-05T10:00:00.000Z",
  removedAt: "2026-11-30T23:59:00.000Z",
  reason: "a bug in the retriever",
};

const cmp: SameBackbone = {
  backbone: "Qwen2.5-7B",
  entryValue: 0.5125,
  diff: 0.0425,
  other: { id: "e2", methodName: "Baseline RAG", isBaseline: true, value: 0.47 },
  paired: {
    scope: "ALL",
    n: 1234,
    meanA: 0.5125,
    meanB: 0.47,
    diff: 0.0425,
    ciLow: 0.01,
    ciHigh: 0.075,
    pValue: 0.004,
  },
};

describe("entry page parts in both locales", () => {
  it("the tombstone names what was withdrawn, when and why, with dates in the reader's form", () => {
    const en = renderToStaticMarkup(
      <WithIntl>
        <TombstoneView t={stone} />
      </WithIntl>,
    );
    expect(en).toContain("MemX (withdrawn)");
    expect(en).toContain("This entry was removed from the leaderboard: a bug in the retriever");
    expect(en).toContain("Withdrawn by its author");
    expect(en).toContain("Nov 30, 2026");
    const zh = renderToStaticMarkup(
      <WithIntl locale="zh">
        <TombstoneView t={stone} />
      </WithIntl>,
    );
    expect(zh).toContain("MemX（已撤回）");
    expect(zh).toContain("此条目已从排行榜移除：a bug in the retriever");
    expect(zh).toContain("作者撤回");
    expect(zh).toContain("2026年11月30日");
    expect(zh).toContain("2026年3月4日");
    expect(zh).not.toMatch(/Withdrawn|Submitted/);
  });

  it("the same-backbone line keeps its numbers and link and changes only the words", () => {
    const en = renderToStaticMarkup(
      <WithIntl>
        <SameBackboneLine cmp={cmp} metric="judge" />
      </WithIntl>,
    );
    expect(en).toContain("Against the best baseline or entry on Qwen2.5-7B");
    expect(en).toContain('<a href="/entries/e2">Baseline RAG</a> (baseline)');
    expect(en).toContain('<strong data-testid="same-backbone-diff">+0.043</strong> LLM judge (0.513 vs 0.470)');
    expect(en).toContain("; paired bootstrap over 1,234 shared questions +0.043, 95% CI [0.010, 0.075], p = 0.004.");
    const zh = renderToStaticMarkup(
      <WithIntl locale="zh">
        <SameBackboneLine cmp={cmp} metric="f1" />
      </WithIntl>,
    );
    expect(zh).toContain("与同一骨干模型 Qwen2.5-7B 上最佳的基线或条目");
    expect(zh).toContain('<a href="/entries/e2">Baseline RAG</a>（基线）');
    expect(zh).toContain('<strong data-testid="same-backbone-diff">+0.043</strong> F1（0.513 对 0.470）');
    expect(zh).toContain("在 1,234 道共同问题上的配对 bootstrap 差值 +0.043，95% 置信区间 [0.010, 0.075]，p = 0.004。");
    expect(
      renderToStaticMarkup(
        <WithIntl locale="zh">
          <SameBackboneLine cmp={{ ...cmp, paired: null }} metric="f1" />
        </WithIntl>,
      ),
    ).toContain("没有逐题分数");
  });
});
