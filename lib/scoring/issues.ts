// One shape for every validation problem (file, JSON path, fix), so CLI, API and UI show it the same way.
import type { IssueCode, IssueParams } from "./issue-codes";

export type Severity = "error" | "warning";
export type ValidationIssue = {
  severity: Severity;
  code: IssueCode;
  file: string;
  path: string;
  message: string;
  fix?: string;
  /** For translations, e.g. {chars, limit} of ANSWER_TOO_LONG. */
  params?: IssueParams;
  /** The "N more ... not listed" line that replaces issues of one code past the cap. */
  summary?: true;
};

/** JSON Pointer (RFC 6901) for a path like ["predictions", 12, "system_answer"]. */
export function jsonPointer(parts: ReadonlyArray<string | number>): string {
  return parts.map((p) => "/" + String(p).replace(/~/g, "~0").replace(/\//g, "~1")).join("");
}

/** At most `perCode` issues per code plus a summary, so a mistake repeated 100,000 times stays readable. */
export class IssueList {
  readonly items: ValidationIssue[] = [];
  private readonly counts = new Map<string, number>();

  constructor(
    readonly file: string,
    private readonly perCode = 50,
  ) {}

  add(issue: Omit<ValidationIssue, "file"> & { file?: string }): void {
    const key = `${issue.severity}:${issue.code}`;
    const seen = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, seen);
    if (seen <= this.perCode) this.items.push({ ...issue, file: issue.file ?? this.file });
  }

  error(code: IssueCode, path: string, message: string, fix?: string, params?: IssueParams): void {
    this.add({ severity: "error", code, path, message, fix, ...(params ? { params } : {}) });
  }

  warning(code: IssueCode, path: string, message: string, fix?: string, params?: IssueParams): void {
    this.add({ severity: "warning", code, path, message, fix, ...(params ? { params } : {}) });
  }

  finish(): ValidationIssue[] {
    const out = [...this.items];
    for (const [key, count] of this.counts) {
      if (count <= this.perCode) continue;
      const [severity, code] = key.split(":") as [ValidationIssue["severity"], IssueCode];
      out.push({
        severity,
        code,
        file: this.file,
        path: "",
        message: `${count - this.perCode} more ${code} ${severity}s not listed (${count} in total).`,
        params: { omitted: count - this.perCode, total: count },
        summary: true,
      });
    }
    return out;
  }
}

export function hasErrors(issues: ReadonlyArray<ValidationIssue>): boolean {
  return issues.some((i) => i.severity === "error");
}
