import "server-only";
import { z } from "zod";
import { Role } from "@/generated/prisma/enums";
import { recordAudit } from "../audit";
import { db } from "../db";
import { AppError } from "../errors";

export const roleSchema = z.object({
  role: z.enum(Role, { error: 'role must be "SUBMITTER" or "ADMIN"' }),
  reason: z.string().trim().max(2000).optional(),
});

/** An admin cannot demote themself (no lock-out by accident). */
export async function setUserRole(input: { actorId: string; userId: string; role: Role; reason?: string }) {
  const { role, reason } = roleSchema.parse({ role: input.role, reason: input.reason });
  if (input.userId === input.actorId && role !== "ADMIN")
    throw new AppError("CONFLICT", "You cannot remove your own admin role.");
  return db.$transaction(async (tx) => {
    const u = await tx.user.findUnique({ where: { id: input.userId }, select: { role: true } });
    if (!u) throw new AppError("NOT_FOUND", "User not found.");
    if (u.role === role) throw new AppError("CONFLICT", `The user is already ${role.toLowerCase()}.`);
    await tx.user.update({ where: { id: input.userId }, data: { role } });
    await recordAudit(tx, {
      actor: input.actorId,
      action: "user.role",
      target: { type: "User", id: input.userId },
      details: { from: u.role, to: role, reason: reason ?? null },
    });
    return { id: input.userId, role };
  });
}
