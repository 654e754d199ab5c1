import "server-only";
import { createHash } from "node:crypto";
import {
  matchPredictions,
  parsePredictionFile,
  PREDICTION_FILE_NAMES,
  splitForFileName,
  type ReferenceQuestion,
  type ValidationIssue,
} from "@/lib/scoring";
import { env } from "../env";
import type { PredictionItem, Split } from "@/lib/scoring/types";

// UPLOAD_MAX_BYTES bounds its cost on the request path.

export type UploadedFile = { fileName: string; bytes: Uint8Array };
export type UploadFiles = { dyadic?: UploadedFile; multiparty?: UploadedFile };

const UPLOAD_FIELDS: Array<{ field: keyof UploadFiles; split: Split; canonical: string }> = [
  { field: "dyadic", split: "dyadic", canonical: PREDICTION_FILE_NAMES.dyadic },
  { field: "multiparty", split: "multi-party", canonical: PREDICTION_FILE_NAMES["multi-party"] },
];

type MatchInfo = Array<{ index: number; qid: string | null; answerDiffers: boolean }>;
export type ValidatedSplit = {
  split: Split;
  field: keyof UploadFiles;
  file: UploadedFile;
  sha256: string;
  items: PredictionItem[];
  matches: MatchInfo | null;
};
/** Shared with the browser check (same numbers). */
type UploadLimits = { maxBytes: number; maxItems: number; maxAnswerChars: number };

export function uploadLimits(): UploadLimits {
  return {
    maxBytes: env.UPLOAD_MAX_BYTES,
    maxItems: env.UPLOAD_MAX_PREDICTIONS,
    maxAnswerChars: env.UPLOAD_MAX_ANSWER_CHARS,
  };
}

type UploadKey = { questions: ReferenceQuestion[] };
export type ValidatedUpload = {
  splits: ValidatedSplit[];
  errors: ValidationIssue[];
  warnings: ValidationIssue[];
  contentSha256: string;
};

function sha256Hex(bytes: Uint8Array | string): string {
  return createHash("sha256").update(bytes).digest("hex");
}

function otherSplit(split: Split): Split {
  return split === "dyadic" ? "multi-party" : "dyadic";
}

/** Without an answer key the content cannot tell the splits apart, so the file name is the evidence. */
function fileNameSwapIssue(split: Split, fileName: string): ValidationIssue | null {
  if (splitForFileName(fileName) !== otherSplit(split)) return null;
  const field = UPLOAD_FIELDS.find((f) => f.split === split)!;
  const other = UPLOAD_FIELDS.find((f) => f.split !== split)!;
  return {
    severity: "error",
    code: "SPLIT_SWAPPED",
    file: fileName,
    path: "",
    message: `A file named ${fileName} was uploaded as the ${split} file: the dyadic and multi-party files look swapped.`,
    fix: `Upload ${field.canonical} as the ${field.field} file and ${other.canonical} as the ${other.field} file.`,
    params: { basis: "name", fileName, split, other: other.split, file: field.canonical, otherFile: other.canonical },
  };
}

export function uploadContentSha(files: UploadFiles): string {
  return sha256Hex(
    UPLOAD_FIELDS.map(({ field, split }) => `${split}:${files[field] ? sha256Hex(files[field].bytes) : "-"}`).join(
      "\n",
    ),
  );
}

export function validateUpload(files: UploadFiles, key: UploadKey | null, limits: UploadLimits): ValidatedUpload {
  const errors: ValidationIssue[] = [];
  const warnings: ValidationIssue[] = [];
  const splits: ValidatedSplit[] = [];
  for (const { field, split, canonical } of UPLOAD_FIELDS) {
    const file = files[field];
    if (!file) {
      errors.push({
        severity: "error",
        code: "MISSING_FILE",
        file: canonical,
        path: "",
        message: `The ${split} predictions file (${canonical}) is missing: both files are required.`,
        fix: `Attach ${canonical} as "${field}".`,
        params: { split, fileName: canonical, field },
      });
      continue;
    }
    const fileName = file.fileName || canonical;
    const parsed = parsePredictionFile(file.bytes, { file: fileName, split, ...limits });
    for (const issue of parsed.issues) (issue.severity === "error" ? errors : warnings).push(issue);
    if (!parsed.ok) continue;
    const swapped = key ? null : fileNameSwapIssue(split, fileName);
    if (swapped) {
      errors.push(swapped);
      continue;
    }
    const sha256 = sha256Hex(file.bytes);
    let matches: MatchInfo | null = null;
    if (key) {
      const result = matchPredictions(split, parsed.items, key.questions, fileName);
      matches = result.matches;
      for (const issue of result.issues) (issue.severity === "error" ? errors : warnings).push(issue);
    }
    splits.push({ split, field, file, sha256, items: parsed.items, matches });
  }
  if (!key) {
    warnings.push({
      severity: "warning",
      code: "NO_ANSWER_KEY",
      file: "",
      path: "",
      message: "No answer key is loaded: predictions are scored against their own original_answer.",
    });
  }
  return { splits, errors, warnings, contentSha256: uploadContentSha(files) };
}
