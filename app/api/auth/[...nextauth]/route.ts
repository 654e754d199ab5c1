import { handlers } from "@/lib/server/auth/session";

export const { GET, POST } = handlers;
