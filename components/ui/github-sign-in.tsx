import { signInWithGitHub } from "@/app/signin/actions";
import { env } from "@/lib/server/env";

/** The GitHub OAuth button (server component); renders nothing unless GITHUB_ID/GITHUB_SECRET are set. */
export function GitHubSignIn({ label }: { label: string }) {
  if (!env.GITHUB_ID || !env.GITHUB_SECRET) return null;
  return (
    <form action={signInWithGitHub} className="mt-6 border-t border-slate-200 pt-6 dark:border-slate-800">
      <button type="submit" className="w-full rounded border border-slate-300 px-4 py-2 dark:border-slate-700">
        {label}
      </button>
    </form>
  );
}
