import type { z } from 'zod';

/**
 * How one /api route is documented in the OpenAPI document: the zod schemas it validates with
 * (and answers with). Table rows produce it themselves; a hand-written route passes it as its
 * Fastify route config (`{ config: { openapi } }`), so the document is read off the routes the
 * app actually registered.
 */
export interface OpenApiOperation {
  summary: string;
  /** Groups operations in the document and on /api/docs (usually the domain). */
  tag: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Default application/json; Twilio's webhook posts a form. */
  bodyType?: 'application/json' | 'application/x-www-form-urlencoded';
  /** Who may call: anyone, the X-Session caller, an admin bearer session, or a signed webhook. */
  auth?: 'none' | 'session' | 'admin' | 'twilio-signature' | 'stripe-signature' | 'metrics-token';
  /** Successful answers by status: a JSON schema, or another content type described in words. */
  responses: Record<number, { description: string; schema?: z.ZodType; contentType?: string }>;
  /** Error statuses this route is known to answer with (the body is always the error shape). */
  errors?: number[];
  /** The procedure behind a table row (x-trpc-procedure in the document). */
  procedure?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    openapi?: OpenApiOperation;
  }
}
