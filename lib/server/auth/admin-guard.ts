import "server-only";
import { notFound } from "next/navigation";
import { currentUser } from "./session";
import type { SessionUser } from "./config";

/** A plain 404 for non-admins, so the admin area does not advertise itself. */
export async function adminPageGuard(): Promise<SessionUser> {
  const user = await currentUser();
  if (user?.role !== "ADMIN") notFound();
  return user;
}
