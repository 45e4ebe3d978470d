/**
 * POST /api/webhooks/stripe: verify the signature over the raw body -> parse -> hand the event to
 * the billing service, which records it once and queues a job, so Stripe gets its answer fast.
 * 400 for a bad or stale signature (Stripe shows it in the dashboard and retries), 200 for an
 * event recorded, repeated or ignored, 5xx only when recording failed (Stripe retries).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '#shared/app-error';
import { recordSecurityEvent } from '../../domains/admin/security-events';
import type { AppDeps } from '../../deps';
import { acceptEvent } from '../../domains/billing/events.service';

import { verifyStripeEvent, WebhookSignatureError } from '../../integrations/stripe/webhook-events';

export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';

export async function stripeWebhookRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { deps } = opts;
  // Only in this plugin: the body stays the exact bytes Stripe signed (a re-serialised body never verifies).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  const documented = {
    openapi: {
      summary:
        "Stripe's webhook: signature checked over the raw body (300 s, any listed secret), event recorded once, handled by a job",
      tag: 'webhooks',
      auth: 'stripe-signature' as const,
      responses: {
        200: {
          description: 'Recorded (duplicate: true when seen before) or ignored (livemode, event_type)',
          schema: z.object({
            received: z.literal(true),
            duplicate: z.boolean().optional(),
            ignored: z.enum(['livemode', 'event_type']).optional(),
          }),
        },
      },
      errors: [400, 404],
    },
  };
  app.post(STRIPE_WEBHOOK_PATH, { config: documented }, async (request, reply) => {
    const access = await deps.stripe.get();
    if (!access)
      throw new AppError('NOT_FOUND', 'Billing is not configured on this server.', { reason: 'billing_unavailable' });
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const header = request.headers['stripe-signature'];
    let event: ReturnType<typeof verifyStripeEvent>;
    try {
      event = verifyStripeEvent(access, raw, Array.isArray(header) ? header[0] : header);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        request.log.warn({ reason: error.message }, 'stripe webhook refused');
        await recordSecurityEvent(deps.db, {
          kind: 'webhook_signature_failed',
          subject: 'stripe',
          detail: { reason: error.message },
          ip: request.ip,
        });
        throw new AppError('BAD_REQUEST', 'The Stripe-Signature header does not match this body.', {
          reason: 'invalid_signature',
        });
      }
      throw error;
    }
    return reply.code(200).send(await acceptEvent(deps, access, event));
  });
}
