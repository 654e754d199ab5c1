"use client";

import { SelectField } from "@/components/ui/select-field";

// A client component for its payload: the page's RSC payload carries the entry list once, not
// once per slot as four selects of every approved entry.

type Slot = { id: string; label: string; empty: string; chosen: string };

export function EntrySlots({ slots, entries }: { slots: Slot[]; entries: Array<readonly [id: string, name: string]> }) {
  return slots.map((s) => (
    <SelectField
      key={s.id}
      id={s.id}
      name="ids"
      label={s.label}
      variant="board"
      defaultValue={s.chosen}
      options={[["", s.empty], ...entries]}
    />
  ));
}
