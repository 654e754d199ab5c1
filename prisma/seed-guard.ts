// The seed creates accounts with published passwords and demo entries: a database that already
// has someone else's accounts, or a production deployment, gets them only when asked by a flag.

export const SEED_FLAGS = { demo: "--demo", existingUsers: "--existing-users" } as const;

type SeedContext = { production: boolean; otherUsers: number; args: readonly string[] };

/** Why the seed must not run, or null. */
export function seedRefusal({ production, otherUsers, args }: SeedContext): string | null {
  if (production && !args.includes(SEED_FLAGS.demo))
    return (
      "prisma/seed.ts refused: NODE_ENV=production, and the seed adds accounts whose passwords are published. " +
      `For a demo deployment run it with ${SEED_FLAGS.demo} (npm run db:seed -- ${SEED_FLAGS.demo}).`
    );
  if (otherUsers > 0 && !args.includes(SEED_FLAGS.existingUsers))
    return (
      `prisma/seed.ts refused: this database has ${otherUsers} account(s) besides the seed's own. ` +
      `To add the demo accounts and entries anyway, run it with ${SEED_FLAGS.existingUsers} ` +
      `(npm run db:seed -- ${SEED_FLAGS.existingUsers}).`
    );
  return null;
}
