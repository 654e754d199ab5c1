import type { ReactNode } from "react";
import { getLocale } from "next-intl/server";
import { RequestShell } from "@/components/ui/site-shell";
import { signOutAction } from "@/app/(site)/signin/actions";
import "@/app/globals.css";

// The layout of every page rendered per request: a script nonce exists only then
// (docs/SECURITY.md), and the locale, path and account come from the request (proxy.ts).
export default async function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <RequestShell locale={await getLocale()} signOut={signOutAction}>
      {children}
    </RequestShell>
  );
}
