import type { Command } from "commander";
import { withDb } from "./server-db";
import { describeCommand } from "./catalog";

const say = (line: string) => process.stdout.write(`${line}\n`);

export function register(program: Command): void {
  const group = program.command("answer-key").description(describeCommand("answer-key"));
  group
    .command("import <dir>")
    .description(
      "Import DIR/{dyadic,multi-party}/dialogueN/scenes/sessionK/questions.json (or .../dialogueN/sessionK/...) and activate it.",
    )
    .option("--label <label>", "a name for this import, e.g. the dataset commit")
    .action(async (dir: string, opts: { label?: string }) =>
      withDb(async () => {
        const { importAnswerKey } = await import("../../lib/server/operations/import-answer-key");
        const r = await importAnswerKey(dir, opts.label);
        say(
          `${r.created ? "Imported" : "Already imported"} answer key ${r.versionId}: ${r.questionCount} questions from ${r.fileCount} files; now active.`,
        );
        const a = r.activation;
        const next = a?.published
          ? "Next: approve a first entry scored against it (uploads on /submit, the review queue on /admin) and it is on the board"
          : "Next: re-score and publish the new key on /admin/rescore";
        if (a?.demoOffBoard)
          say(
            `The ${a.demoOffBoard} demo entr${a.demoOffBoard === 1 ? "y is" : "ies are"} off the board now (a real key replaced the demo one). ${next}; \`npx h2hmem demo remove\` deletes the demo data.`,
          );
        if (a?.published)
          say(
            "Published: no approved entry was ranked, so no visitor's numbers change; the board shows this key now and waits for its first approved entry.",
          );
        if (a?.pinned)
          say(
            `The public board stays on scorer version ${a.pinned} (pinned) until an administrator publishes another on /admin/rescore.`,
          );
        if (a && a.requeued.length > 0)
          say(`Queued ${a.requeued.length} approved and pending submissions for re-scoring under the new key.`);
        const usable = r.evidence.reduce((a, c) => a + c.withEvidence, 0);
        say(`Gold evidence (answer_session read as sessionK): ${usable} of ${r.questionCount} questions usable.`);
        for (const c of r.evidence) say(`  ${c.split} ${c.category}: ${c.withEvidence} of ${c.questions}`);
        for (const w of r.warnings) say(`warning ${w.code} ${w.file} ${w.path}: ${w.message}`);
      }),
    );
  const errata = group
    .command("errata")
    .description("Accepted gold-answer reports as corrections for the next key version.");
  errata
    .command("export")
    .description("Write the accepted corrections the active key does not carry yet as a JSON file to review.")
    .option("--out <file>", "where to write it", "errata.json")
    .action(async (opts: { out: string }) =>
      withDb(async () => {
        const { writeFileSync } = await import("node:fs");
        const { exportErrata } = await import("../../lib/server/operations/errata");
        const file = await exportErrata();
        writeFileSync(opts.out, `${JSON.stringify(file, null, 2)}\n`, { flag: "wx" });
        say(
          `Wrote ${file.corrections.length} correction(s) against "${file.answerKey?.label ?? "no key"}" to ${opts.out}.`,
        );
        for (const c of file.corrections)
          say(`  ${c.qid}: "${c.goldAnswer}" -> "${c.correctedAnswer}" (${c.reports.length} report(s))`);
        say(
          "Next: review it, `h2hmem answer-key errata apply` it to the dataset, then `h2hmem answer-key import` the copy.",
        );
      }),
    );
  errata
    .command("apply <errata> <dataset>")
    .description("Copy the dataset folder to --out with each correction's original_answer replaced (no database).")
    .requiredOption("--out <dir>", "the corrected copy (must not exist)")
    .action(async (file: string, dataset: string, opts: { out: string }) => {
      const { readFileSync } = await import("node:fs");
      const { applyErrata } = await import("../../lib/server/operations/errata");
      const changed = applyErrata(JSON.parse(readFileSync(file, "utf8")), dataset, opts.out);
      say(`Wrote ${opts.out}: ${changed} answer(s) corrected. Next: h2hmem answer-key import ${opts.out} --label "…"`);
    });
}
