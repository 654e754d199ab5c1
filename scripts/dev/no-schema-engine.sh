#!/bin/sh
# Stand-in for Prisma's native schema engine, which cannot be downloaded offline.
# `prisma generate` only needs the variable to point somewhere; anything that
# really needs the engine (prisma migrate) must fail loudly, not succeed silently.
echo "prisma schema engine is not available offline: use 'npm run db:migrate' (plain SQL migrations)" >&2
exit 1
