// Suspense placeholder: a root app/loading.tsx would commit a 200 status before notFound().
export function LoadingState({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="space-y-3" data-testid="loading">
      <p className="text-slate-700 dark:text-slate-300">{label}</p>
      <div className="h-4 w-2/3 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
      <div className="h-4 w-1/2 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
      <div className="h-4 w-3/5 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
    </div>
  );
}
