import "server-only";
import { stringify, type Options } from "csv-stringify/sync";

// Every CSV the server writes goes through here, so no export can forget these options.
// escape_formulas: a cell starting with =, +, -, @, tab or carriage return (a method name, an
// organization) gets a leading ' so spreadsheets show it as text instead of running it as a
// formula. Numbers are left as they are (a negative score stays a number).
export const CSV_OPTIONS = { escape_formulas: true } as const satisfies Options;

export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return stringify(rows as unknown[][], CSV_OPTIONS);
}
