// The look of text inputs and selects in one place so both kinds of control match.
export const CONTROL = {
  filter: "rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-900",
  board: "rounded border border-slate-400 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900",
  form: "w-full rounded border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900",
} as const;
export const LABEL = {
  filter: "block text-sm",
  board: "block text-sm",
  form: "mb-1 block text-sm font-medium",
} as const;
