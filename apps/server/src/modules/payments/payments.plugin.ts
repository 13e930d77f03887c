import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { createPaymentProvider, type PaymentProvider } from './payment-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider (PayU, or the embedded simulator when PAYU_URL is unset). */
    payments: PaymentProvider;
  }
}

export const paymentsPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    // Production only with ALLOW_PAYU_SIMULATOR_IN_PRODUCTION=true (config.ts refuses otherwise).
    if (!config.payu && config.isProduction) {
      app.log.warn(
        'ALLOW_PAYU_SIMULATOR_IN_PRODUCTION is set and PAYU_URL is not: payments go to the embedded PayU simulator, where anyone can pay with a test card and no money moves (a demo deployment). Set PAYU_KEY, PAYU_SALT, PAYU_URL and PAYU_API_URL to take real payments.',
      );
    }
    app.decorate('payments', createPaymentProvider(config));
  },
  { name: 'payments', fastify: '5.x' },
);
