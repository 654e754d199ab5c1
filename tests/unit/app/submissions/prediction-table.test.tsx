import { NextIntlClientProvider } from "next-intl";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PredictionTable } from "@/app/(site)/submissions/[id]/_components/prediction-table";
import { predictionFilterSchema } from "@/lib/server/submissions/predictions";
import en from "@/lib/i18n/messages/en.json";

// Issue 45, point 7: the drill-down numbers items as the validator does ("item 6" = /predictions/5).
describe("PredictionTable", () => {
  it("numbers rows from 1 with the JSON path as title, and offers worst first", () => {
    const row = {
      id: "p",
      split: "dyadic",
      index: 5,
      category: "TR",
      questionText: "Q?",
      systemAnswer: "A",
      referenceAnswer: "R",
      answerDiffers: false,
      precision: 0,
      recall: 0,
      f1: 0,
      bleu1: 0,
      judgeScore: null,
    };
    const html = renderToStaticMarkup(
      <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
        <PredictionTable
          basePath="/submissions/x"
          filter={predictionFilterSchema.parse({ sort: "worst" })}
          rows={[row]}
          total={1}
          pages={1}
          hasJudge={false}
          scorerVersion="v"
        />
      </NextIntlClientProvider>,
    );
    expect(html).toContain('title="/predictions/5" data-testid="item-number">D6</td>');
    expect(html).toContain('<option value="worst" selected="">Worst first</option>');
  });
});
