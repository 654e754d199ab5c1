import { exampleFileRoute } from "@/lib/server/submissions/example-route";

// GET /downloads/example_prediction_multiparty.json: the active key's multi-party questions, unanswered (Submit page).
export const dynamic = "force-dynamic";

export const GET = exampleFileRoute("multi-party");
