// "/predictions/5/system_answer" is the 6th item to people (issue 32); tools keep the path itself.

export type PathParts = { item: number | null; field: string | null };

/** The 1-based item and the field of a prediction path; nulls for any other path. */
export function pathParts(path: string): PathParts {
  const m = /^\/predictions\/(\d+)(?:\/([^/]+))?/.exec(path);
  if (!m) return { item: null, field: null };
  return { item: Number(m[1]) + 1, field: m[2] ?? null };
}
