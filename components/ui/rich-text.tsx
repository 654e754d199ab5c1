import type { ReactNode } from "react";

/** The markup tags messages may use with `t.rich(key, { ...RICH_TAGS, … })`. */
export const RICH_TAGS = {
  strong: (chunks: ReactNode) => <strong>{chunks}</strong>,
  em: (chunks: ReactNode) => <em>{chunks}</em>,
  code: (chunks: ReactNode) => <code>{chunks}</code>,
};
