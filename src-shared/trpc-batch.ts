/** Calls one tRPC HTTP batch may carry: the server refuses more (400), the web client's batch link splits at it. */
export const TRPC_MAX_BATCH = 50;
