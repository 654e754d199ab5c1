import type { Metadata } from "next";
import Link from "next/link";
import { CliDownload } from "@/components/cli-download";
import { CLI_DOWNLOAD_PATH, cliFileInfo } from "@/lib/server/downloads/cli-file";
import { CATEGORIES, CATEGORY_CODES, MAIN_TYPES, MAIN_TYPE_NAMES } from "@/lib/scoring/types";

export const metadata: Metadata = { title: "About" };
// Static on purpose: nothing here depends on the request or the database (the current scorer
// version, which names the judge model and prompt version, is printed under the board and on every entry).
// The CLI's version and sha256 come from dist/h2hmem.json, written before `next build` (npm run build).
export const dynamic = "force-static";

const h2 = "text-xl font-semibold";

export default function AboutPage() {
  return (
    <article className="max-w-3xl space-y-6 leading-relaxed">
      <h1 className="text-2xl font-semibold">About H2HMem and this leaderboard</h1>
      <section aria-labelledby="what-h" className="space-y-2">
        <h2 id="what-h" className={h2}>What H2HMem measures</h2>
        <p>
          H2HMem tests the memory of agents that <em>observe</em> multi-session human-human conversations in which people share images,
          then answer questions about what was said and shown. It has a dyadic split (two speakers) and a multi-party split (more
          speakers, harder to track who said what). A system submits one prediction file per split; the server scores every answer
          against the official answer key.
        </p>
      </section>
      <section aria-labelledby="cat-h" className="space-y-2">
        <h2 id="cat-h" className={h2}>The 3 main types and 9 categories</h2>
        {MAIN_TYPES.map((m) => (
          <div key={m}>
            <h3 className="font-semibold">{MAIN_TYPE_NAMES[m]}</h3>
            <dl className="grid grid-cols-[4rem_1fr] gap-x-3">
              {CATEGORY_CODES.filter((c) => CATEGORIES[c].mainType === m).map((c) => (
                <div key={c} className="contents">
                  <dt><abbr title={CATEGORIES[c].name}>{c}</abbr></dt>
                  <dd>{CATEGORIES[c].name}</dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
      </section>
      <section aria-labelledby="how-h" className="space-y-2">
        <h2 id="how-h" className={h2}>How scores are computed</h2>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Lexical metrics.</strong> Precision, recall and F1 over the sets of answer tokens with English stopwords removed, and
            BLEU-1 over token lists (NLTK <code>sentence_bleu</code>, unigram weights, smoothing method 4), reproducing the official
            scripts. Two tokenizer modes exist: <code>nltk</code> (Punkt sentences and Treebank words, the default) and{" "}
            <code>whitespace</code> (a plain split, what the official script falls back to without NLTK data).
          </li>
          <li>
            <strong>LLM judge.</strong> When a judge is configured, an OpenAI-compatible model (default <code>gpt-4o-mini</code>, at
            temperature 0) grades each answer on the official five-level rubric (0, 0.25, 0.5, 0.75, 1), with our own versioned prompt.
            The scorer version then reads like <code>lex-1+nltk+sw198+judge=gpt-4o-mini@h2h1-1a2b3c4d</code>: lexical version,
            tokenizer, stopword list, judge model and prompt version. Numbers of different scorer versions are never mixed.
          </li>
          <li>
            <strong>Micro and macro.</strong> Micro (the headline) is the mean over questions; macro is the unweighted mean of the
            category means, so small categories weigh as much as large ones. Unanswered questions of the answer key score 0.
          </li>
          <li>
            <strong>Intervals.</strong> Every score has a 95% percentile bootstrap interval (1,000 resamples, stratified by split and
            category, seeded so anyone can reproduce it).
          </li>
          <li>
            <strong>Ranks and ties.</strong> Entries are sorted by score; an entry shares the rank of the one above it when their 95%
            intervals overlap (competition ranks 1, 2, 2, 4, marked “2=”). The <Link href="/compare">compare page</Link> gives a formal
            paired bootstrap test on the questions both entries answered.
          </li>
        </ul>
      </section>
      <section aria-labelledby="submit-h" className="space-y-2">
        <h2 id="submit-h" className={h2}>How to submit</h2>
        <ol className="list-decimal space-y-1 pl-6">
          <li>Run your system on both splits and write <code>prediction_dyadic.json</code> and <code>prediction_multiparty.json</code>.</li>
          <li>Check them locally with the CLI (below, or <code>npx h2hmem</code> in a checkout): <code>validate</code>, and <code>score</code> for the lexical numbers.</li>
          <li><Link href="/signin">Sign in</Link> and upload both files with a method card on the <Link href="/submit">submit page</Link>, or use the API with a token.</li>
          <li>The server scores them; an administrator reviews the entry, and once approved it appears on the board with a permanent page.</li>
        </ol>
        <CliDownload info={cliFileInfo()} href={CLI_DOWNLOAD_PATH} />
        <p>Machine access: <Link href="/api/v1/openapi.json">OpenAPI description</Link> of the public API.</p>
      </section>
    </article>
  );
}
