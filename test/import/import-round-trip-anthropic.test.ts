// The round trip of import-round-trip.ts for the anthropic body.
import { roundTripTests } from "./import-round-trip.ts";

roundTripTests("anthropic");
