import { exampleFileRoute } from "@/lib/server/submissions/example-route";

export const dynamic = "force-dynamic";

export const GET = exampleFileRoute("multi-party");
