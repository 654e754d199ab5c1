import { db } from "@/lib/server/db";
import { openDispute } from "@/lib/server/disputes/open-dispute";
import { DisputeRefusal } from "@/lib/server/disputes/refusals";
import { replyToDispute, resolveDispute } from "@/lib/server/disputes/thread-actions";

// The demo's one resolved dispute (issue 49): the demo author challenges a demo entry, the entry's owner
// replies, the admin resolves it with a note. Through the real steps (audited, notified); once per entry.

type Account = { id: string; email: string; role: string };
const session = (a: Account) => ({ id: a.id, email: a.email, name: null, role: a.role as "ADMIN" | "SUBMITTER" });

export async function seedDemoDispute(entryId: string, who: { author: Account; owner: Account; admin: Account }) {
  if (await db.dispute.findFirst({ where: { submissionId: entryId }, select: { id: true } })) return;
  // The demo author's daily quota may be spent (re-seeding after `h2hmem demo remove`): no demo dispute then.
  const disputeId = await openDispute({
    entryId,
    actor: session(who.author),
    body: {
      type: "judge_issue",
      statement:
        "The judge scores look lenient for short answers: several one-word answers get full marks where the gold answer names two people. Could the judge's leniency be checked?",
      evidenceLinks: ["https://github.com/mem0ai/mem0/issues/2800"],
    },
  }).catch((e: unknown) => {
    if (e instanceof DisputeRefusal) return null;
    throw e;
  });
  if (!disputeId) return;
  await replyToDispute({
    entryId,
    disputeId,
    actor: session(who.owner),
    body: {
      body: "These are demo entries scored by the bundled demo judge, which is deterministic and not a language model; the numbers are illustrative only.",
    },
  });
  await resolveDispute({
    disputeId,
    actor: session(who.admin),
    body: {
      resolution: "note_added",
      note: "Resolved: the entry page already labels these scores as the demo judge's. No change to the scores.",
    },
  });
}
