// The few kinds of error the server answers with, and the HTTP status each has at every provider
// (each provider's error-response.ts names them in its own words).
// "forbidden" is serve's own refusal of a request a web page sent (a foreign Host or Origin): 403,
// the status each provider documents for a request it will not serve for this caller.
export type ErrorKind = "invalid" | "forbidden" | "notFound" | "tooLarge" | "internal";

export const errorStatus: Record<ErrorKind, number> = { invalid: 400, forbidden: 403, notFound: 404, tooLarge: 413, internal: 500 };
