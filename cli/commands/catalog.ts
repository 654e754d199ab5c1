// Every command's name and one-line description, so `h2hmem --help` loads no command module.
export const COMMAND_CATALOG = {
  validate: {
    term: "validate [options] <file>",
    description: "Check a prediction file against the submission format (and optionally the answer key).",
  },
  score: {
    term: "score [options]",
    description: "Score prediction files locally (precision, recall, F1, BLEU-1 with 95% bootstrap CIs).",
  },
  submit: {
    term: "submit [options]",
    description: "Validate and upload both prediction files to a leaderboard server.",
  },
  "answer-key": { term: "answer-key", description: "Manage the server's answer key (needs DATABASE_URL)." },
  user: { term: "user", description: "Manage accounts (needs DATABASE_URL)." },
  token: { term: "token", description: "Manage API tokens for `submit` and the HTTP API (needs DATABASE_URL)." },
  judge: { term: "judge", description: "LLM judge tools (needs DATABASE_URL and JUDGE_BASE_URL)." },
  backup: {
    term: "backup [options] <file>",
    description: "Write every table of DATABASE_URL to one gzip file (consistent snapshot; '-' = stdout).",
  },
  restore: {
    term: "restore [options] <file>",
    description: "Restore a backup into an empty database (DATABASE_URL); all or nothing. FILE '-' = stdin.",
  },
  demo: { term: "demo", description: "The demo data of the seed (needs DATABASE_URL)." },
  submission: { term: "submission", description: "Operator actions on stored submissions (needs DATABASE_URL)." },
  verify: {
    term: "verify [options] <entry>",
    description: "Re-score a public leaderboard entry locally and check every number on the board.",
  },
  receipt: {
    term: "receipt",
    description: "Signed score receipts: `receipt verify FILE` checks one offline (signature, prediction files).",
  },
} as const;

export type CommandName = keyof typeof COMMAND_CATALOG;

export function describeCommand(name: CommandName): string {
  return COMMAND_CATALOG[name].description;
}
