"use client";

import Link from "next/link";

// The root layout itself failed (app/error.tsx lives inside it and cannot help). This replaces
// the whole document, without the app's stylesheet, so it carries its own minimal styling.
export default function GlobalError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: "system-ui, sans-serif", margin: "2rem", colorScheme: "light dark" }}>
        <title>Something went wrong · H2HMem Leaderboard</title>
        <main role="alert">
          <h1>Something went wrong</h1>
          <p>The leaderboard could not be shown. Try again in a moment.{error.digest ? ` Reference: ${error.digest}.` : ""}</p>
          <button type="button" onClick={retry}>Try again</button> <Link href="/">Back to the leaderboard</Link>
        </main>
      </body>
    </html>
  );
}
