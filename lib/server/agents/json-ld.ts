import "server-only";
import type { EntryDetail } from "../leaderboard/entries";
import { BENCHMARK_PAPER } from "../exports/benchmark-paper";
import { MCP_PATH } from "./tool-catalog";

// schema.org JSON-LD for the board, entry and About pages, rendered by the server into a
// <script type="application/ld+json"> (components/json-ld.tsx): data, no client JavaScript.

type Node = Record<string, unknown>;
const CONTEXT = "https://schema.org";

export function paperArticle(): Node {
  return {
    "@type": "ScholarlyArticle",
    "@id": BENCHMARK_PAPER.url,
    headline: BENCHMARK_PAPER.title,
    name: BENCHMARK_PAPER.title,
    url: BENCHMARK_PAPER.url,
    identifier: { "@type": "PropertyValue", propertyID: "arXiv", value: BENCHMARK_PAPER.arxivId },
    sameAs: [BENCHMARK_PAPER.projectUrl],
  };
}

export function benchmarkDataset(): Node {
  return {
    "@type": "Dataset",
    "@id": BENCHMARK_PAPER.datasetUrl,
    name: "H2HMem",
    alternateName: BENCHMARK_PAPER.title,
    description:
      "Multimodal memory benchmark for agents that observe multi-session human-human conversations with shared images: a dyadic and a multi-party split of questions in 9 categories.",
    url: BENCHMARK_PAPER.datasetUrl,
    sameAs: [BENCHMARK_PAPER.codeUrl, BENCHMARK_PAPER.projectUrl],
    isAccessibleForFree: true,
    license: BENCHMARK_PAPER.license,
    citation: paperArticle(),
  };
}

/** The board: the benchmark's Dataset, and the leaderboard as a Dataset of results derived from it. */
export function boardJsonLd(origin: string, siteName: string, description: string): Node {
  return {
    "@context": CONTEXT,
    "@type": "Dataset",
    "@id": `${origin}/`,
    name: siteName,
    description,
    url: `${origin}/`,
    isBasedOn: benchmarkDataset(),
    citation: paperArticle(),
    distribution: [
      { "@type": "DataDownload", encodingFormat: "application/json", contentUrl: `${origin}/api/v1/leaderboard` },
      { "@type": "DataDownload", encodingFormat: "text/csv", contentUrl: `${origin}/api/v1/leaderboard.csv` },
    ],
    subjectOf: { "@type": "WebAPI", name: "MCP server", url: `${origin}${MCP_PATH}` },
  };
}

export function aboutJsonLd(): Node {
  return { "@context": CONTEXT, "@graph": [benchmarkDataset(), paperArticle()] };
}

/** An approved entry: a CreativeWork whose scores (overall and per split, micro, ALL) are PropertyValues. */
export function entryJsonLd(entry: EntryDetail, origin: string): Node {
  const scores = entry.scores
    .filter((s) => s.scope === "ALL" && s.aggregate === "micro")
    .map((s) => ({
      "@type": "PropertyValue",
      propertyID: `${s.split}/${s.metric}`,
      name: `${s.metric} (${s.split}, mean over questions)`,
      value: s.value,
      ...(s.ciLow !== null && s.ciHigh !== null ? { minValue: s.ciLow, maxValue: s.ciHigh } : {}),
      description: `95% bootstrap interval, n=${s.n}; scorer version ${entry.scorerVersion}`,
    }));
  return {
    "@context": CONTEXT,
    "@type": "CreativeWork",
    "@id": `${origin}/entries/${entry.id}`,
    name: entry.methodName,
    url: `${origin}/entries/${entry.id}`,
    ...(entry.description ? { description: entry.description } : {}),
    ...(entry.organization ? { creator: { "@type": "Organization", name: entry.organization } } : {}),
    ...(entry.approvedAt ? { datePublished: entry.approvedAt } : {}),
    ...(entry.paperUrl ? { citation: entry.paperUrl } : {}),
    ...(entry.codeUrl ? { sameAs: entry.codeUrl } : {}),
    isBasedOn: { "@id": BENCHMARK_PAPER.datasetUrl, "@type": "Dataset", name: "H2HMem" },
    additionalProperty: scores,
  };
}

/** JSON for inside <script>: "<" escaped so no value can close the element. */
export function jsonLdText(node: Node): string {
  return JSON.stringify(node).replace(/</g, "\\u003c");
}
