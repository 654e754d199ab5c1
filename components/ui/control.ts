// The look of a text input or select, kept in one place so both kinds of control match.
// "filter": compact GET forms; "board": the same with the darker edge of the board's filters;
// "form": a full-width field in a submit form (Field, SelectField).
export const CONTROL = {
  filter: "rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900",
  board: "rounded border border-slate-400 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900",
  form: "w-full rounded border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900",
} as const;
