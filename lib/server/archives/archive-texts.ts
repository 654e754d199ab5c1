import "server-only";
import { BENCHMARK_PAPER } from "../exports/benchmark-paper";
import { CLI_DOWNLOAD_PATH, CLI_NODE_MAJOR } from "../downloads/cli-file";
import { snapshotCiteText } from "../history/snapshot-doi";
import { NLTK_MODE_TOKENS } from "../versions/version-text";

// The archive's README and CITATION.cff, from the snapshot's own facts only, so they are reproducible.
// No DOI: the archive is what gets deposited, before any DOI exists (the snapshot's page shows it).

type Facts = { id: string; createdAt: string; scorerVersion: string; origin: string; entries: number; sha256: string };
type Key = { label: string; contentSha256: string; questionCount: number; isDemo: boolean } | null;

const q = (s: string) => JSON.stringify(s); // a YAML double-quoted scalar

export function citationCff(f: Facts): string {
  const lines = [
    "cff-version: 1.2.0",
    'message: "If you use these results, cite this snapshot of the H2HMem leaderboard and the H2HMem paper."',
    "type: dataset",
    `title: ${q(`H2HMem leaderboard, snapshot ${f.id}`)}`,
    "authors:",
    `  - name: ${q("H2HMem Leaderboard")}`,
    `    website: ${q(f.origin)}`,
    `date-released: ${q(f.createdAt.slice(0, 10))}`,
    `version: ${q(f.scorerVersion)}`,
    `url: ${q(`${f.origin}/api/v1/snapshots/${f.id}`)}`,
    `abstract: ${q(`${snapshotCiteText({ id: f.id, createdAt: f.createdAt, scorerVersion: f.scorerVersion, sha256: f.sha256 }, null)}.`)}`,
    "references:",
    "  - type: article",
    `    title: ${q(BENCHMARK_PAPER.title)}`,
    "    authors:",
    `      - name: ${q("The H2HMem authors")}`,
    `    url: ${q(BENCHMARK_PAPER.url)}`,
    "    identifiers:",
    "      - type: other",
    `        value: ${q(`arXiv:${BENCHMARK_PAPER.arxivId}`)}`,
  ];
  return `${lines.join("\n")}\n`;
}

export function archiveReadme(f: Facts, key: Key): string {
  const keyLine = key
    ? `answer key "${key.label}" (sha-256 ${key.contentSha256}, ${key.questionCount} questions${key.isDemo ? ", the synthetic demo key" : ""})`
    : "no answer key (each prediction's own original_answer was the reference)";
  return `# H2HMem leaderboard, snapshot ${f.id}

${snapshotCiteText({ id: f.id, createdAt: f.createdAt, scorerVersion: f.scorerVersion, sha256: f.sha256 }, null)}.
Online: ${f.origin}/api/v1/snapshots/${f.id} (with its DOI once the archive is deposited)

The board as it stood on ${f.createdAt} (scorer version \`${f.scorerVersion}\`, ${keyLine}), with
${f.entries} ranked ${f.entries === 1 ? "entry" : "entries"}. Benchmark: ${BENCHMARK_PAPER.title} (${BENCHMARK_PAPER.url}).

## Contents
- \`snapshot/board.json\`, \`snapshot/board.csv\`: the snapshot's board, byte for byte what \`snapshot/manifest.json\` hashes
  (every split x metric x aggregate: rank, tie, value, 95% interval, n, main types and categories).
- \`entries/<id>/method-card.json\`, \`entries/<id>/scores.json\` (every score row under the scorer version) and, where
  the authors made them public, \`entries/<id>/prediction_dyadic.json\` and \`prediction_multiparty.json\` as uploaded.
- \`answer-key.json\`: the answer key's metadata (not the gold answers); \`scorer.json\`: the scorer version, its judge
  and the judge card.
- \`CITATION.cff\`; \`MANIFEST.sha256\`: the sha-256 of every other file (\`sha256sum -c MANIFEST.sha256\`).

## Re-score offline
1. Get the single-file CLI (\`${f.origin}${CLI_DOWNLOAD_PATH}\`, needs Node ${CLI_NODE_MAJOR} or newer) and the official
   H2HMem dataset folder (${BENCHMARK_PAPER.datasetUrl}); the CLI reads the folder directly, no database needed.
2. For an entry with public files:

       node h2hmem.mjs score --dyadic entries/<id>/prediction_dyadic.json \\
         --multiparty entries/<id>/prediction_multiparty.json --answer-key <dataset folder> --json

   The lexical numbers (precision, recall, F1, BLEU-1: micro and macro, per split, main type and category) equal the
   rows of \`entries/<id>/scores.json\` when the folder is the answer key named above (the scorer version names its
   tokenizer and NLTK mode: pass \`--nltk 3.8\` for an \`${NLTK_MODE_TOKENS.newer}\` version). Judge scores need the judge of \`scorer.json\`.
   Without \`--answer-key\` the CLI scores against each prediction's own original_answer, as the official scripts do.
`;
}
