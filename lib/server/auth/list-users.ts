import "server-only";
import type { Role } from "@/generated/prisma/enums";
import { db } from "../db";

type AdminUserRow = {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  createdAt: string;
  submissions: number;
};

/** No password hashes or tokens leave here. */
export async function listUsers(opts: { q?: string; take?: number } = {}): Promise<AdminUserRow[]> {
  const users = await db.user.findMany({
    where: opts.q ? { email: { contains: opts.q, mode: "insensitive" } } : {},
    orderBy: [{ role: "desc" }, { createdAt: "desc" }],
    take: Math.min(opts.take ?? 200, 500),
    select: {
      id: true,
      email: true,
      name: true,
      role: true,
      createdAt: true,
      _count: { select: { submissions: true } },
    },
  });
  return users.map((u) => ({
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    createdAt: u.createdAt.toISOString(),
    submissions: u._count.submissions,
  }));
}
