"use client";

import { useSyncExternalStore } from "react";

// Light / dark / system; THEME_SCRIPT applies the stored choice before first paint so there is no flash.

type Theme = "light" | "dark" | "system";
const KEY = "theme";
const OPTIONS = [
  { value: "light", label: "themeLight" },
  { value: "dark", label: "themeDark" },
  { value: "system", label: "themeSystem" },
] as const satisfies ReadonlyArray<{ value: Theme; label: string }>;

/** Inline in <head> (the CSP allows inline scripts); must stay tiny and never throw. */
export const THEME_SCRIPT = `try{var t=localStorage.getItem("${KEY}");if(t==="dark"||t==="light")document.documentElement.dataset.theme=t}catch(e){}`;

const listeners = new Set<() => void>();

function readTheme(): Theme {
  try {
    const t = localStorage.getItem(KEY);
    return t === "dark" || t === "light" ? t : "system";
  } catch {
    return "system";
  }
}

function applyTheme(t: Theme): void {
  if (t === "system") delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = t;
}

function subscribe(onChange: () => void): () => void {
  // Another tab changed the choice: follow it here too.
  const onStorage = (e: StorageEvent) => {
    if (e.key !== KEY && e.key !== null) return;
    applyTheme(readTheme());
    onChange();
  };
  listeners.add(onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("storage", onStorage);
  };
}

function choose(t: Theme): void {
  try {
    if (t === "system") localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, t);
  } catch {
    // Storage refused (private mode): the choice holds for this page only.
  }
  applyTheme(t);
  for (const l of listeners) l();
}

type Label = "theme" | "themeShort" | (typeof OPTIONS)[number]["label"];

/**
 * Three toggle buttons; usable only in the browser, where the stored choice is known. The header
 * passes the labels, so the shell's client code needs no translation library (issue 46).
 */
export function ThemeToggle({ labels }: { labels: Record<Label, string> }) {
  const theme = useSyncExternalStore(subscribe, readTheme, () => null);
  const t = (k: Label) => labels[k];
  // Served invisible and inert, so the header keeps its layout when the buttons come alive.
  const idle = theme === null ? { inert: true, "aria-hidden": true } : {};
  return (
    <div
      role="group"
      aria-label={t("theme")}
      className={`flex items-center gap-1 text-sm${theme === null ? " invisible" : ""}`}
      {...idle}
    >
      {/* Visual only (the group is named); below 1536 px it gives way so an admin's header stays one line. */}
      <span aria-hidden="true" className="mr-1 text-slate-600 max-2xl:hidden dark:text-slate-400">
        {t("themeShort")}
      </span>
      {OPTIONS.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={theme === o.value}
          onClick={() => choose(o.value)}
          className="rounded border border-slate-300 px-2 py-0.5 hover:bg-slate-100 aria-pressed:bg-slate-800 aria-pressed:text-white dark:border-slate-700 dark:hover:bg-slate-800 dark:aria-pressed:bg-slate-200 dark:aria-pressed:text-slate-900"
        >
          {t(o.label)}
        </button>
      ))}
    </div>
  );
}
