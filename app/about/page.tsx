import type { Metadata } from "next";
import Link from "next/link";
import { CliDownload } from "@/components/cli-download";
import { CLI_DOWNLOAD_PATH, cliFileInfo } from "@/lib/server/downloads/cli-file";
import { CATEGORIES, CATEGORY_CODES, MAIN_TYPES, MAIN_TYPE_NAMES } from "@/lib/scoring/types";
import { DEMO_JUDGE_LABEL, DEMO_JUDGE_MODEL } from "@/lib/server/judge/demo-judge";

export const metadata: Metadata = { title: "About" };
// No request, user or database data (the answer key versions are on /about/answer-keys): anonymous
// English visitors get the copy prerendered at build time (app/static-pages/about, lib/static-pages.mjs,
// docs/SECURITY.md); this route renders it per request for the rest (another locale, signed in).
// The CLI's version and sha256 come from dist/h2hmem.json, written before `next build` (npm run build).
export const dynamic = "force-dynamic";

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
            <strong id="judge">LLM judge.</strong> When a judge is configured, an OpenAI-compatible model (default <code>gpt-4o-mini</code>, at
            temperature 0) grades each answer on the official five-level rubric (0, 0.25, 0.5, 0.75, 1), with our own versioned prompt.
            The scorer version then reads like <code>lex-1+nltk+sw198+key=5e6f7a8b+judge=gpt-4o-mini@h2h2-1a2b3c4d</code>: lexical
            version, tokenizer, stopword list, answer key, judge model and prompt version. Numbers of different scorer versions are
            never mixed: the board, entry pages, compare page and API all show one version, named under the board.
          </li>
          <li id="demo-judge">
            <strong>Demo judge.</strong> The quick start&apos;s demo runs the judge stage against a bundled, deterministic fake judge (1 when
            an answer equals the ground truth, 0.5 when they share a word, else 0), so the demo shows the judge column without network or
            an API key. Its scores carry the model name <code>{DEMO_JUDGE_MODEL}</code> and are labelled &ldquo;{DEMO_JUDGE_LABEL}&rdquo; on the board, the
            entry pages and in the API (<code>judge.demo: true</code>). They test the plumbing and say nothing about a method.
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
      <section aria-labelledby="keys-h" className="space-y-2">
        <h2 id="keys-h" className={h2}>Answer key versions</h2>
        <p>
          Every number belongs to one answer key, named in its scorer version (<code>+key=</code>, the start of the key’s sha-256).
          A new key or a correction (errata) is a new version: approved entries are re-scored from their stored files and the board
          switches only when an administrator publishes the re-scored version; until then an entry not re-scored is listed, never
          ranked with numbers of another key.
        </p>
        <p><Link href="/about/answer-keys">The answer key versions loaded here</Link>, with their dates and question counts.</p>
      </section>
      <section aria-labelledby="trust-h" className="space-y-2">
        <h2 id="trust-h" className={h2}>What stands behind a number</h2>
        <ul className="list-disc space-y-2 pl-6">
          <li id="attempts">
            <strong>Attempts.</strong> Every entry shows how many of its account&apos;s submissions had been scored when it was approved
            (itself included; private, rejected and withdrawn ones count, uploads refused by validation do not), in total and since the
            account&apos;s previous approved entry. Scores are visible to their author before review, so whoever tries many variants
            privately and publishes only the best one reports a number that is partly luck: the maximum of many noisy draws sits above
            what the method would score on new questions. The count lets a reader judge how much selection stands behind an entry.
          </li>
          <li id="withdrawn">
            <strong>Nothing vanishes silently.</strong> An approved entry is never deleted. If its author withdraws it or an administrator
            unpublishes it, its permanent link keeps a tombstone (method, organization, dates and the reason given), and the board&apos;s
            “withdrawn” filter lists every one. Hard deletion exists only for data-protection requests, by an operator, and is audited.
          </li>
          <li id="references">
            <strong>Reference rows.</strong> The board pins three trivial systems, scored by the worker under the published scorer version
            against the active answer key: one that always answers “Not mentioned in the conversation.”, one that repeats the question,
            and one that answers nothing. They are not ranked. A category cell marked ▾ scores below the best of them: there the entry
            does no better than a trivial answer. Reference rows are lexical only: they have no LLM-judge scores.
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
      <section aria-labelledby="cite-board-h" className="space-y-2">
        <h2 id="cite-board-h" className={h2}>Citing the board</h2>
        <p>
          Every change of the public board (an approval, a rejection or unpublishing of an entry, a new scorer version) writes an immutable snapshot:
          the whole board (every split, metric and average) as <code>board.json</code> and <code>board.csv</code>, and a manifest with their sha-256,
          the scorer version, the answer-key version and the time. Snapshots are never changed or deleted, so a number you cite stays checkable even if
          this site goes away: keep a copy of the files and quote the snapshot id and the hash.
        </p>
        <p>
          List them at <Link href="/api/v1/snapshots" className="underline">/api/v1/snapshots</Link> (newest first); cite one as, e.g.,
          &ldquo;H2HMem leaderboard, snapshot <code>&lt;id&gt;</code> (board.json sha-256 <code>&lt;hash&gt;</code>, scorer <code>&lt;version&gt;</code>), &lt;date&gt;&rdquo;
          with the link <code>/api/v1/snapshots/&lt;id&gt;</code>.
        </p>
      </section>
    </article>
  );
}
