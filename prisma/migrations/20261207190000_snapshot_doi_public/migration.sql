-- A snapshot's DOI shows on the snapshot, in cite texts and in the Atom feed: a public change.
SELECT public_generation_watch('"SnapshotDoi"');
