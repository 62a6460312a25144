// The round trip of import-round-trip.ts for the openai-chat body.
import { roundTripTests } from "./import-round-trip.ts";

roundTripTests("openai-chat");
