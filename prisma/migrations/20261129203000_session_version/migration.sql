-- "Sign out everywhere": every session (JWT) carries the user's session version; bumping it
-- invalidates all sessions issued before, on every device.
ALTER TABLE "User" ADD COLUMN "sessionVersion" INTEGER NOT NULL DEFAULT 0;
