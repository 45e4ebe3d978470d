/**
 * The web's view of server data, derived from the tRPC router (never hand-copied from server
 * files): the web imports only shared code and these types.
 */
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '#server/transport/trpc/app-router';

export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** What a subscription yields (its output is the async iterable of these). */
type Yielded<T> = T extends AsyncIterable<infer E> ? E : T;

/** The user object (SPEC.md section 3) as `auth.me` returns it. */
export type UserDto = NonNullable<RouterOutputs['auth']['me']>;

/** One `assistant.ask` event: status lines, text deltas, then the checked answer. */
export type AssistantEvent = Yielded<RouterOutputs['assistant']['ask']>;
export type Answer = Extract<AssistantEvent, { type: 'answer' }>['answer'];
export type Fact = Answer['facts'][number];

/** One `filings.live` event as the server sends it (the payload of its tracked envelope). */
export type ServerLiveFilingEvent = Yielded<RouterOutputs['filings']['live']>['data'];
