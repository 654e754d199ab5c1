import { getLocale, getTranslations } from "next-intl/server";
import { formatter } from "@/lib/i18n/format";
import { CLI_NODE_MAJOR, type CliFileInfo } from "@/lib/server/downloads/cli-file";
import { RICH_TAGS } from "@/components/ui/rich-text";

// The sha256 lets an author check the download (`sha256sum h2hmem.mjs`).
export async function CliDownload({ info, href }: { info: CliFileInfo | null; href: string }) {
  const [t, locale] = await Promise.all([getTranslations("common"), getLocale()]);
  if (!info) return <p className="text-sm text-slate-600 dark:text-slate-400">{t("cliMissing")}</p>;
  return (
    <div className="space-y-1 text-sm" data-testid="cli-download">
      <p>
        {t.rich("cliUsage", {
          ...RICH_TAGS,
          node: String(CLI_NODE_MAJOR),
          size: `${formatter(locale).integer(Math.round(info.bytes / 1024))} KiB`,
          download: (c) => (
            <a href={href} download className="font-semibold underline">
              {c}
            </a>
          ),
        })}
      </p>
      <p>
        {t.rich("cliVersion", {
          version: info.version,
          scorer: info.scorer,
          sha: info.sha256,
          v: (c) => <code data-testid="cli-version">{c}</code>,
          s: (c) => <code data-testid="cli-scorer">{c}</code>,
          h: (c) => (
            <code className="break-all" data-testid="cli-sha256">
              {c}
            </code>
          ),
        })}
      </p>
    </div>
  );
}
