import type { ReactNode } from "react";

// Passes its children through: the layouts below render <html> (components/ui/site-shell.tsx),
// app/(site)/layout.tsx per request and app/(static)/static-pages/[locale]/[page]/layout.tsx for
// the prerendered copies, which take their locale from the route (lib/static-pages.mjs). A root
// layout must exist for app/not-found.tsx, which renders the whole document itself.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
