import "server-only";
import { stringify, type Options } from "csv-stringify/sync";

// Every CSV goes through here so no export forgets escape_formulas: spreadsheets must show a cell like "=..." as text, not run it.
const CSV_OPTIONS = { escape_formulas: true } as const satisfies Options;

export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return stringify(rows as unknown[][], CSV_OPTIONS);
}
