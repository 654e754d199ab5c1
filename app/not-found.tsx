import Link from "next/link";

export default function NotFound() {
  return (
    <div className="space-y-2">
      <h1 className="text-2xl font-semibold">Not found</h1>
      <p>
        This page does not exist or you do not have access to it. <Link href="/">Back to the leaderboard</Link>.
      </p>
    </div>
  );
}
