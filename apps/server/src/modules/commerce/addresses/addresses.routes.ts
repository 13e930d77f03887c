import {
  addressInputSchema,
  commerceMessages,
  commercePaths,
  fail,
  idParam,
  ok,
} from '@localmart/contract';
import { z } from 'zod';
import type { ZodRoutes } from '../../../plugins/zod.ts';
import { routePattern } from '../../catalog/shared/route-pattern.ts';
import { rateLimitRules } from '../../rate-limit/rate-limit-rules.ts';
import { addAddress, deleteAddress, listAddresses } from './addresses.service.ts';

const ADDRESS = routePattern(commercePaths.address(':addressId'));
const addressParams = z.object({ addressId: idParam });
const writeLimit = { rateLimit: rateLimitRules.addressWrite };

/** The signed-in shopper's delivery address book (add-address). */
export const addressRoutes: ZodRoutes = async (app) => {
  app.addHook('preValidation', app.requireUser);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(commercePaths.addresses, async (request) =>
    ok({ results: await listAddresses(app.db, request.user!.id) }),
  );

  app.post(
    commercePaths.addresses,
    { schema: { body: addressInputSchema }, config: writeLimit },
    async (request, reply) => {
      const address = await addAddress(app.db, request.user!.id, request.body, app.now());
      return reply.code(201).send(ok({ message: commerceMessages.addressSaved, result: address }));
    },
  );

  app.delete(
    ADDRESS,
    { schema: { params: addressParams }, config: writeLimit },
    async (request, reply) => {
      if (!(await deleteAddress(app.db, request.user!.id, request.params.addressId))) {
        return reply.code(404).send(fail(commerceMessages.addressNotFound));
      }
      return ok({ message: commerceMessages.addressDeleted });
    },
  );
};
