import { exampleFileRoute } from "@/lib/server/submissions/example-route";

// GET /downloads/example_prediction_dyadic.json: the active key's dyadic questions, unanswered (Submit page).
export const dynamic = "force-dynamic";

export const GET = exampleFileRoute("dyadic");
