import { env } from "@/lib/server/env";

/** Renders nothing unless GITHUB_ID/GITHUB_SECRET are set. */
export function GitHubSignIn({ label, signIn }: { label: string; signIn: () => Promise<void> }) {
  if (!env.GITHUB_ID || !env.GITHUB_SECRET) return null;
  return (
    <form action={signIn} className="mt-6 border-t border-slate-200 pt-6 dark:border-slate-800">
      <button type="submit" className="w-full rounded border border-slate-300 px-4 py-2 dark:border-slate-700">
        {label}
      </button>
    </form>
  );
}
