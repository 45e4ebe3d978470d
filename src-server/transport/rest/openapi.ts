/**
 * The OpenAPI 3.1 document of /api, read off the routes the app registered: every route's
 * `config.openapi` (table rows set it themselves) with its zod schemas turned into JSON Schema
 * by `z.toJSONSchema`, the same schemas the routes validate with. Served at /api/openapi.json
 * and rendered at /api/docs (a page built here: no CDN, works offline).
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '#shared/html';
import type { AppDeps } from '../../deps';
import type { OpenApiOperation } from './openapi-route';
import { errorResponse } from './response-schemas';

export interface RegisteredRoute {
  method: string;
  url: string;
  openapi?: OpenApiOperation;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the app (method, URL, its OpenAPI entry), in registration order. */
    registeredRoutes: RegisteredRoute[];
  }
}

/** Call first in buildApp: from then on every registered route is listed in `app.registeredRoutes`. */
export function trackRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD route for every GET; the GET stands for both.
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, openapi: route.config?.openapi });
    }
  });
}

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  return rest;
}

/** `/api/ticker/:ticker` -> `/api/ticker/{ticker}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z_]\w*)/g, '{$1}');

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

const SECURITY: Record<NonNullable<OpenApiOperation['auth']>, Record<string, string[]>[] | undefined> = {
  none: undefined,
  session: [{ session: [] }, { sessionCookie: [] }, { apiToken: [] }],
  admin: [{ admin: [] }],
  'twilio-signature': [{ twilioSignature: [] }],
  'stripe-signature': [{ stripeSignature: [] }],
  'metrics-token': [{ metricsToken: [] }],
};

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad input (message names the field)',
  401: 'No live session / admin sign-in required',
  402: 'Payment required',
  403: 'Not allowed (PRO, verification or signature)',
  404: 'Not found',
  409: 'Conflict',
  413: 'Body too large',
  429: 'Rate limited (Retry-After)',
  503: 'Unavailable',
};

/** The admin part of the API (/api/admin/*), documented for admins only. */
const isAdminRoute = (route: RegisteredRoute) => route.url.startsWith('/api/admin/') || route.openapi?.auth === 'admin';

export function buildOpenApiDocument(
  routes: RegisteredRoute[],
  deps: Pick<AppDeps, 'env'>,
  options: { admin: boolean } = { admin: true },
): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    if (!route.url.startsWith('/api') || !route.openapi) continue;
    if (!options.admin && isAdminRoute(route)) continue;
    const op = route.openapi;
    const responses: Record<string, unknown> = {};
    for (const [status, answer] of Object.entries(op.responses)) {
      const type = answer.contentType ?? 'application/json';
      responses[status] = {
        description: answer.description,
        ...(answer.schema || answer.contentType
          ? { content: { [type]: answer.schema ? { schema: jsonSchema(answer.schema, 'output') } : {} } }
          : {}),
      };
    }
    for (const status of [400, ...(op.errors ?? [])]) {
      responses[String(status)] ??= {
        description: STATUS_TEXT[status] ?? 'Error',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
    const security = SECURITY[op.auth ?? 'none'];
    const path = openApiPath(route.url);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      operationId: `${route.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      tags: [op.tag],
      parameters: [...parameters(op.params, 'path'), ...parameters(op.query, 'query')],
      ...(op.body
        ? {
            requestBody: {
              required: true,
              content: { [op.bodyType ?? 'application/json']: { schema: jsonSchema(op.body, 'input') } },
            },
          }
        : {}),
      responses,
      ...(security ? { security } : {}),
      ...(op.procedure ? { 'x-trpc-procedure': op.procedure } : {}),
    };
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'SEC filing alerts REST API',
      version: '1',
      description:
        'The /api/* calls of SPEC.md section 7 and the scripts API. Each call that is RPC-shaped runs the tRPC procedure named in x-trpc-procedure.',
    },
    servers: [{ url: deps.env.PUBLIC_URL ?? '/' }],
    paths,
    components: {
      schemas: { Error: jsonSchema(errorResponse, 'output') },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Session',
          description: 'The session token (anonymous or signed in)',
        },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'session' },
        apiToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'fa_pat_...',
          description:
            'A personal API token (Settings -> API tokens, or POST /api/tokens) in `Authorization: Bearer`: valid on every /api path but /api/admin; a read token may only GET',
        },
        admin: { type: 'http', scheme: 'bearer', description: 'The admin session from POST /api/admin/login' },
        twilioSignature: { type: 'apiKey', in: 'header', name: 'X-Twilio-Signature' },
        stripeSignature: { type: 'apiKey', in: 'header', name: 'Stripe-Signature' },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN' },
      },
    },
  };
}

const METHOD_COLOURS: Record<string, string> = {
  get: '#1d4ed8',
  post: '#047857',
  put: '#b45309',
  delete: '#b91c1c',
  patch: '#7c3aed',
};

/** What the docs page reads of an operation this module wrote into the document. */
interface DocOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters: { name: string; in: string; required?: boolean; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: { $ref?: string } }> }>;
  security?: Record<string, unknown>[];
  'x-trpc-procedure'?: string;
}

/** The document as one readable page: operations grouped by tag, with parameters and schemas. */
export function renderDocsPage(document: JsonSchema): string {
  const paths = document.paths as Record<string, Record<string, DocOperation>>;
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters.map(
        (p) =>
          `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : ''}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td></tr>`,
      );
      const body = op.requestBody ? Object.entries(op.requestBody.content)[0] : null;
      const responses = Object.entries(op.responses).map(([status, r]) => {
        const content = r.content ? Object.entries(r.content)[0] : null;
        const schema = content?.[1]?.schema;
        return `<li><strong>${status}</strong> ${escapeHtml(r.description)}${content ? ` <em>${escapeHtml(content[0])}</em>` : ''}${
          schema && !schema.$ref
            ? `<details><summary>schema</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`
            : ''
        }</li>`;
      });
      const html = `<section id="${escapeHtml(op.operationId)}"><h3><span class="m" style="background:${METHOD_COLOURS[method] ?? '#374151'}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(op.summary)}</p>${op.description ? `<p>${escapeHtml(op.description)}</p>` : ''}
${op.security ? `<p class="auth">Auth: ${op.security.map((s) => Object.keys(s).join(' + ')).join(' or ')}</p>` : ''}
${op['x-trpc-procedure'] ? `<p class="auth">tRPC procedure: <code>${escapeHtml(op['x-trpc-procedure'])}</code></p>` : ''}
${params.length ? `<table><tr><th>parameter</th><th>in</th><th>required</th><th>schema</th></tr>${params.join('')}</table>` : ''}
${body ? `<details><summary>request body <em>${escapeHtml(body[0])}</em></summary><pre>${escapeHtml(JSON.stringify(body[1].schema, null, 2))}</pre></details>` : ''}
<ul>${responses.join('')}</ul></section>`;
      const tag = op.tags[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const info = document.info as { title: string; description: string };
  const nav = [...byTag.keys()].map((tag) => `<a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a>`).join(' · ');
  const sections = [...byTag.entries()]
    .map(([tag, ops]) => `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${ops.join('\n')}`)
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(info.title)}</title><style>
body{font-family:system-ui,sans-serif;max-width:64rem;margin:2rem auto;padding:0 1rem;color:#1f2937;line-height:1.45}
section{border:1px solid #d1d5db;border-radius:8px;padding:.5rem 1rem;margin:.75rem 0} h3{margin:.4rem 0;font-size:1.05rem}
.m{color:#fff;border-radius:4px;padding:.1rem .45rem;font-size:.8rem;font-family:ui-monospace,monospace}
pre{background:#f3f4f6;padding:.5rem;border-radius:6px;overflow:auto;font-size:.8rem} table{border-collapse:collapse;font-size:.85rem}
td,th{border:1px solid #e5e7eb;padding:.2rem .5rem;text-align:left;vertical-align:top} .auth{color:#4b5563;font-size:.9rem}
@media (prefers-color-scheme:dark){body{background:#111827;color:#e5e7eb}pre{background:#1f2937}section,td,th{border-color:#374151}.auth{color:#9ca3af}}
</style></head><body><h1>${escapeHtml(info.title)}</h1><p>${escapeHtml(info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1). Errors answer <code>{ error, message }</code>.</p>
<nav>${nav}</nav>${sections}</body></html>`;
}

/**
 * GET /api/openapi.json and GET /api/docs, built on first request from the routes registered by
 * then. The admin part is in it only for a request with an admin bearer session: to anyone else
 * the admin API does not describe itself.
 */
export function openApiRoutes(app: FastifyInstance, deps: AppDeps): { register(): void } {
  const documents = new Map<boolean, JsonSchema>();
  const pages = new Map<boolean, string>();
  // trackRoutes decorates the root instance; plugin scopes see its decorations.
  const root = () => app.registeredRoutes ?? [];
  const forAdmin = async (request: FastifyRequest) => (await request.caller.admin())?.user.isAdmin === true;
  const documentFor = (admin: boolean) => {
    let document = documents.get(admin);
    if (!document) {
      document = buildOpenApiDocument(root(), deps, { admin });
      documents.set(admin, document);
    }
    return document;
  };
  return {
    register() {
      app.get(
        '/openapi.json',
        {
          config: {
            openapi: {
              summary: 'This document (OpenAPI 3.1)',
              tag: 'system',
              responses: { 200: { description: 'OpenAPI 3.1', contentType: 'application/json' } },
            },
          },
        },
        async (request) => documentFor(await forAdmin(request)),
      );
      app.get(
        '/docs',
        {
          config: {
            openapi: {
              summary: 'This document as a page',
              tag: 'system',
              responses: { 200: { description: 'HTML', contentType: 'text/html' } },
            },
          },
        },
        async (request, reply) => {
          const admin = await forAdmin(request);
          let page = pages.get(admin);
          if (!page) {
            page = renderDocsPage(documentFor(admin));
            pages.set(admin, page);
          }
          return reply.type('text/html; charset=utf-8').send(page);
        },
      );
    },
  };
}
