// The round trip of import-round-trip.ts for the gemini body.
import { roundTripTests } from "./import-round-trip.ts";

roundTripTests("gemini");
