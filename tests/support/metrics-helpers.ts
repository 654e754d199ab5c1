import type { PrismaClient } from "@/generated/prisma/client";
import { setEnv } from "./pipeline-helpers";

// Reading the Prometheus text exposition in tests: series are looked up by name and a subset of
// their labels, so a test checks the values it caused without depending on unrelated series.

export type Series = { name: string; labels: Record<string, string>; value: number };

export function parseExposition(text: string): Series[] {
  const out: Series[] = [];
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!m) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    out.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return out;
}

/** The value of the one series `name` whose labels include `labels`; 0 when there is none. */
export function valueOf(series: Series[], name: string, labels: Record<string, string> = {}): number {
  const hits = series.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (hits.length > 1) throw new Error(`${hits.length} series ${name} match ${JSON.stringify(labels)}`);
  return hits[0]?.value ?? 0;
}

/** Points the app's shared Prisma client at `url` (the env module and db client are lazy singletons). */
export async function useDatabase(url: string): Promise<void> {
  const holder = globalThis as unknown as { prisma?: PrismaClient };
  await holder.prisma?.$disconnect();
  holder.prisma = undefined;
  await setEnv({ DATABASE_URL: url });
}
