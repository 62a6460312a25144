// The few kinds of error the server answers with, and the HTTP status each has at every provider
// (each provider's error-response.ts names them in its own words).
export type ErrorKind = "invalid" | "notFound" | "tooLarge" | "internal";

export const errorStatus: Record<ErrorKind, number> = { invalid: 400, notFound: 404, tooLarge: 413, internal: 500 };
