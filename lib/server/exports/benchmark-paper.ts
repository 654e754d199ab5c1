import "server-only";
import { H2HMEM_HF_DATASET } from "./eee-export";

// The benchmark's bibliographic facts (../shared/docs/h2hmem-benchmark.md, top), in one place for
// structured data, CITATION.cff and cite texts. The licence is the one the benchmark's repository
// (which holds the dataset folder) declares in its README: MIT. A deployment of another release
// whose dataset card says otherwise changes it here.

export const BENCHMARK_PAPER = {
  title: "H2HMem: A Multimodal Memory Benchmark for Agents in Human-Human Interactions",
  arxivId: "2606.09461",
  url: "https://arxiv.org/abs/2606.09461",
  codeUrl: "https://github.com/varib1/H2HMEM",
  datasetUrl: `https://huggingface.co/datasets/${H2HMEM_HF_DATASET}`,
  projectUrl: "https://h2hmemprojectpage.vercel.app",
  license: "https://opensource.org/license/mit",
} as const;
