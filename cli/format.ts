import type { ValidationIssue } from "../lib/scoring";

function formatIssue(i: ValidationIssue): string {
  const where = `${i.file}${i.path ? ` ${i.path}` : ""}`;
  const fix = i.fix ? `\n    fix: ${i.fix}` : "";
  return `${i.severity === "error" ? "ERROR  " : "warning"} ${i.code}  ${where}\n    ${i.message}${fix}`;
}

/** Errors first (stable), so the reason a file is rejected is never buried under warnings. */
export function formatIssues(issues: ValidationIssue[], limit = Infinity): string {
  const ordered = [...issues].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1));
  const shown = ordered.slice(0, limit).map(formatIssue);
  if (issues.length > limit) shown.push(`... ${issues.length - limit} more (use --json for all)`);
  return shown.join("\n");
}

export function countBySeverity(issues: ValidationIssue[]): { errors: number; warnings: number } {
  const errors = issues.filter((i) => i.severity === "error").length;
  return { errors, warnings: issues.length - errors };
}

export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]) =>
    cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

export function fixed(value: number | null | undefined, digits = 4): string {
  return value === null || value === undefined ? "-" : value.toFixed(digits);
}
