import { huggingFaceEnabled } from "@/lib/server/env";

/** Renders nothing unless HF_CLIENT_ID/HF_CLIENT_SECRET are set. */
export function HuggingFaceSignIn({ label, signIn }: { label: string; signIn: () => Promise<void> }) {
  if (!huggingFaceEnabled()) return null;
  return (
    <form action={signIn} className="mt-3">
      <button
        type="submit"
        className="w-full rounded border border-slate-300 px-4 py-2 dark:border-slate-700"
        data-testid="huggingface-sign-in"
      >
        {label}
      </button>
    </form>
  );
}
