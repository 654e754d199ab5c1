// Issue 51, point 5: a snapshot's archive over real HTTP. Two downloads are byte-identical; the
// .tar.gz holds the board files as the manifest hashes them, each entry's card, scores and public
// files, CITATION.cff, a README and a MANIFEST.sha256 that checks every file; the single-file CLI
// re-scores the archived files offline to the entry's archived numbers; an admin's DOI shows on the
// snapshot, its cite text and the Atom feed.
import { createHash } from "node:crypto";
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { approveSubmission } from "@/lib/server/review/decide";
import { userWithToken } from "../../support/api-helpers";
import { startRouteServer, type RouteServer } from "../../support/api-server";
import { gradedSubmission } from "../../support/graded-submission";
import { runH2hmem } from "../../support/run-h2hmem";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let server: RouteServer;
let author: Awaited<ReturnType<typeof userWithToken>>;
let admin: Awaited<ReturnType<typeof userWithToken>>;
let entry: string;
let snapshot: string;
let firstArchiveSha = "";
const log = logger.child({ test: "snapshot-archive" });
log.level = "error";
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

/** The files of a ustar archive, by path. */
function untar(tar: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (let at = 0; at + 512 <= tar.length;) {
    const h = tar.subarray(at, at + 512);
    if (h.every((b) => b === 0)) break;
    const text = (from: number, len: number) =>
      h
        .subarray(from, from + len)
        .toString("utf8")
        .replace(/\0.*$/s, "");
    const name = text(0, 100);
    const prefix = text(345, 155);
    const size = parseInt(text(124, 12), 8);
    files.set(prefix ? `${prefix}/${name}` : name, tar.subarray(at + 512, at + 512 + size));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

beforeAll(async () => {
  server = await startRouteServer();
  [author, admin] = await Promise.all([
    userWithToken("arch-author", "SUBMITTER"),
    userWithToken("arch-admin", "ADMIN"),
  ]);
  entry = await gradedSubmission(author.id, `arch-${Date.now()}`, "perfect", log);
  await db.submission.update({ where: { id: entry }, data: { publicPredictions: true } });
  await approveSubmission({ submissionId: entry, reviewerId: admin.id });
  snapshot = (await db.boardSnapshot.findFirstOrThrow({ orderBy: { createdAt: "desc" }, select: { id: true } })).id;
});
afterAll(async () => {
  await server?.close();
  await db.user.deleteMany({ where: { id: { in: [author?.id, admin?.id].filter(Boolean) } } });
});

describe("snapshot archive", () => {
  it("is reproducible and complete, and its MANIFEST.sha256 checks every file", async () => {
    const download = async () => {
      const res = await fetch(`${server.url}/api/v1/snapshots/${snapshot}/archive`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/gzip");
      return Buffer.from(await res.arrayBuffer());
    };
    const [a, b] = [await download(), await download()];
    expect(sha(a)).toBe(sha(b));
    firstArchiveSha = sha(a);
    const files = untar(gunzipSync(a));
    const root = `h2hmem-snapshot-${snapshot}`;
    const file = (p: string) => files.get(`${root}/${p}`)!;
    const row = await db.boardSnapshot.findUniqueOrThrow({ where: { id: snapshot } });
    expect(file("snapshot/board.json").toString()).toBe(row.boardJson);
    expect(sha(file("snapshot/board.json"))).toBe(row.contentSha256);
    for (const p of [
      "README.md",
      "CITATION.cff",
      "answer-key.json",
      "scorer.json",
      `entries/${entry}/method-card.json`,
    ])
      expect(files.has(`${root}/${p}`), p).toBe(true);
    expect(file("CITATION.cff").toString()).toMatch(/^cff-version: 1\.2\.0\n[\s\S]*type: dataset/);
    expect(file("README.md").toString()).toContain("h2hmem.mjs score --dyadic");
    const manifest = file("MANIFEST.sha256").toString().trimEnd().split("\n");
    expect(manifest).toHaveLength(files.size - 1);
    for (const line of manifest) {
      const [hash, p] = line.split("  ");
      expect(sha(file(p!)), p).toBe(hash);
    }
    expect(file(`entries/${entry}/prediction_dyadic.json`)).toEqual(
      Buffer.from(
        (await db.submissionFile.findFirstOrThrow({ where: { submissionId: entry, split: "dyadic" } })).content,
      ),
    );

    // Offline re-score of the archived files with the CLI gives the archived lexical numbers.
    const dir = mkdtempSync(path.join(tmpdir(), "h2h-archive-"));
    for (const [p, body] of files) {
      mkdirSync(path.dirname(path.join(dir, p)), { recursive: true });
      writeFileSync(path.join(dir, p), body);
    }
    const entryDir = path.join(dir, root, "entries", entry);
    const key = JSON.parse(file("answer-key.json").toString()) as Json | null;
    expect(key, "this fixture entry is scored without an answer key, as the CLI below").toBeNull();
    const cli = await runH2hmem(
      "score",
      "--dyadic",
      `${entryDir}/prediction_dyadic.json`,
      "--multiparty",
      `${entryDir}/prediction_multiparty.json`,
      "--json",
    );
    expect(cli.code, cli.stderr).toBe(0);
    const out = JSON.parse(cli.stdout) as Json;
    const { scores } = JSON.parse(file(`entries/${entry}/scores.json`).toString()) as { scores: Json[] };
    for (const split of ["dyadic", "multi-party"])
      for (const metric of ["f1", "bleu1", "precision", "recall"]) {
        const archived = scores.find(
          (s) => s.split === split && s.scope === "ALL" && s.metric === metric && s.aggregate === "micro",
        )!;
        expect(out.splits[split].micro[metric].value, `${split} ${metric}`).toBeCloseTo(archived.value, 12);
      }
  });

  it("an admin records a DOI: it shows on the snapshot and its cite text; audited", async () => {
    const put = (token: string, body: unknown) =>
      fetch(`${server.url}/api/v1/admin/snapshots/${snapshot}/doi`, {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await put(author.token, { doi: "10.5281/zenodo.123" })).status).toBe(403);
    expect((await put(admin.token, { doi: "not a doi" })).status).toBe(422);
    const ok = await put(admin.token, { doi: "https://doi.org/10.5281/zenodo.123" });
    expect(await ok.json()).toEqual({ id: snapshot, doi: "10.5281/zenodo.123" });
    const snap = (await (await fetch(`${server.url}/api/v1/snapshots/${snapshot}`)).json()) as Json;
    expect(snap.doi).toBe("10.5281/zenodo.123");
    expect(snap.cite).toMatch(
      new RegExp(`^H2HMem leaderboard, snapshot ${snapshot} .*https://doi\\.org/10\\.5281/zenodo\\.123$`),
    );
    expect(snap.links.archive).toBe(`/api/v1/snapshots/${snapshot}/archive`);
    expect(
      await db.auditEvent.count({ where: { action: "snapshot.doi", targetId: snapshot, actorId: admin.id } }),
    ).toBe(1);
    const feed = await (await fetch(`${server.url}/feeds/board.atom`)).text();
    expect(feed).toContain('<link rel="related" title="DOI" href="https://doi.org/10.5281/zenodo.123"/>');
    // The archive itself does not change: it is what was deposited, before any DOI.
    const again = await fetch(`${server.url}/api/v1/snapshots/${snapshot}/archive`);
    expect(sha(Buffer.from(await again.arrayBuffer()))).toBe(firstArchiveSha);
  });
});
