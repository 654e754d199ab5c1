import "server-only";
import { notFound } from "next/navigation";
import { currentUser } from "./session";
import type { SessionUser } from "./config";

/**
 * First call of every page under app/admin: non-admins (and anonymous visitors) get a plain
 * 404, so the admin area does not advertise itself. Role is re-read from the database.
 */
export async function adminPageGuard(): Promise<SessionUser> {
  const user = await currentUser();
  if (user?.role !== "ADMIN") notFound();
  return user;
}
