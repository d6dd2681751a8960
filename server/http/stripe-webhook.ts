import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { applyPaymentsEvent } from '../domains/payments/webhooks';
import { parseStripeEvent } from '../providers/payments/stripe-events';

/**
 * POST /webhooks/stripe: the raw body (the signature is over its exact bytes) is verified with
 * STRIPE_WEBHOOK_SECRET; a tampered body, a wrong signature or a stale timestamp answers 400 and
 * changes nothing. A replayed event answers 200 without applying it again.
 */
export async function registerStripeWebhook(app: FastifyInstance, deps: AppDeps) {
  await app.register(async (scope) => {
    // In this scope only, JSON stays the raw bytes the signature was computed over.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.post('/webhooks/stripe', async (req, reply) => {
      const secret = deps.config.stripe.webhookSecret;
      if (!secret) return reply.code(503).send({ error: 'Stripe webhooks are not configured' });
      const signature = req.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(req.body)) return reply.code(400).send({ error: 'Missing Stripe signature' });
      let event: ReturnType<typeof parseStripeEvent>;
      try {
        event = parseStripeEvent(req.body, signature, secret, deps.clock.now());
      } catch (error) {
        req.log.warn({ err: error }, 'rejected a Stripe webhook');
        return reply.code(400).send({ error: 'Invalid Stripe signature' });
      }
      const result = await applyPaymentsEvent({ db: deps.db, user: null, deps }, event);
      return { received: true, duplicate: result.duplicate };
    });
  });
}
