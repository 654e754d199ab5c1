import { listAnswerKeyVersions } from "@/lib/server/answer-key/active-info";
import { publishedScorerVersion } from "@/lib/server/versions/published-version";

/** The answer key versions with dates and question counts, and which one the board's numbers belong to. */
export async function AnswerKeyVersions() {
  const [versions, published] = await Promise.all([listAnswerKeyVersions(), publishedScorerVersion()]);
  if (versions.length === 0) return <p>No answer key is loaded yet.</p>;
  return (
    <table className="text-sm" data-testid="answer-key-versions">
      <thead>
        <tr className="text-left"><th className="pr-4">Key</th><th className="pr-4"><code>+key=</code></th><th className="pr-4">Imported</th><th className="pr-4">Questions</th><th>Status</th></tr>
      </thead>
      <tbody>
        {versions.map((v) => (
          <tr key={v.contentSha256}>
            <td className="pr-4">{v.label}{v.isDemo ? " (demo)" : ""}</td>
            <td className="pr-4"><code>{v.tag}</code></td>
            <td className="pr-4">{v.importedAt.slice(0, 10)}</td>
            <td className="pr-4">{v.questionCount}</td>
            <td>{[published.includes(`+key=${v.tag}`) ? "the board’s numbers" : null, v.active ? "new uploads are scored against it" : null].filter(Boolean).join("; ") || "–"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
