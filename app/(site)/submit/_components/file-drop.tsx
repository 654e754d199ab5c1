"use client";

import { useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from "react";

export function FileDrop({
  name,
  label,
  hint,
  selected,
  onFile,
}: {
  name: string;
  label: string;
  /** The drop hint, translated on the server. */
  hint: string;
  /** "Selected: name (size)" once a file is chosen and checked. */
  selected: ReactNode;
  onFile: (f: File | null) => void;
}) {
  const id = useId();
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // A file chosen before the page hydrated fired no onChange: pick it up now (issue 46).
  const early = useRef(onFile);
  useEffect(() => {
    const chosen = input.current?.files?.[0];
    if (chosen) early.current(chosen);
  }, []);
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    const f = e.dataTransfer.files[0];
    if (f) onFile(f);
  };
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={`rounded-lg border-2 border-dashed p-4 ${over ? "border-blue-600 bg-blue-50 dark:bg-blue-950" : "border-slate-300 dark:border-slate-700"}`}
    >
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <p id={`${id}-hint`} className="mb-2 text-sm text-slate-600 dark:text-slate-400">
        {hint}
      </p>
      <input
        ref={input}
        id={id}
        name={name}
        type="file"
        accept=".json,application/json"
        aria-describedby={`${id}-hint`}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        className="block w-full text-sm file:mr-3 file:rounded file:border-0 file:bg-slate-200 file:px-3 file:py-1 dark:file:bg-slate-700"
      />
      {selected ? (
        <p className="mt-2 text-sm" data-testid={`${name}-selected`}>
          {selected}
        </p>
      ) : null}
    </div>
  );
}
