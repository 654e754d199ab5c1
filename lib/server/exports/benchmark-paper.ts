import "server-only";
import { H2HMEM_HF_DATASET } from "./eee-export";

// The benchmark's bibliographic facts (../shared/docs/h2hmem-benchmark.md, top), in one place for
// structured data, CITATION.cff and cite texts. The dataset's licence is not stated in the sources
// we hold, so no licence is claimed anywhere.

export const BENCHMARK_PAPER = {
  title: "H2HMem: A Multimodal Memory Benchmark for Agents in Human-Human Interactions",
  arxivId: "2606.09461",
  url: "https://arxiv.org/abs/2606.09461",
  codeUrl: "https://github.com/varib1/H2HMEM",
  datasetUrl: `https://huggingface.co/datasets/${H2HMEM_HF_DATASET}`,
  projectUrl: "https://h2hmemprojectpage.vercel.app",
} as const;
