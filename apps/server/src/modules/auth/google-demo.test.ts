import {
  apiPaths,
  cartResponse,
  commerceMessages,
  commercePaths,
  commonMessages,
  googleDemoLoginResponse,
  loginResponse,
  toastMessages,
} from '@localmart/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { csrfHeaders, useTestApp } from '../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../test/databases.ts';
import { cityShelf, shopperClient } from '../commerce/cart/commerce-test-support.ts';
import { DEMO_GOOGLE_EMAIL_DOMAIN } from './google-demo.routes.ts';

describe.each(testDatabases())('demo googleLogin fallback on $name', (backend) => {
  const database = useTestDatabase(backend);
  const testApp = useTestApp(database);
  const city = useCatalogCity(database);
  const shelf = cityShelf(city);

  /** As the web app calls it: no token, the CSRF cookie echoed, an empty JSON body. */
  async function demoLogin(app: Awaited<ReturnType<typeof testApp>>) {
    return app.inject({
      method: 'POST',
      url: apiPaths.googleDemoLogin,
      headers: await csrfHeaders(app),
      payload: {},
    });
  }

  it('answers status, result.token and result.user of a fresh demo shopper whose token can shop', async () => {
    const app = await testApp({ env: { GOOGLE_CLIENT_ID: '' }, now: () => CITY_NOW });
    const response = await demoLogin(app);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = googleDemoLoginResponse.parse(response.json());
    if (body.status !== 1) throw new Error('expected success');
    expect(body.message).toBe(toastMessages.demoSignedInWithGoogle);
    expect(body.result.user).toEqual({
      _id: expect.any(String),
      first_name: 'Demo',
      last_name: 'User',
      display_name: 'Demo User',
    });

    const [row] = await database()
      .db.select()
      .from(users)
      .where(eq(users.id, body.result.user._id));
    expect(row!.email).toMatch(
      new RegExp(`^demo-[0-9a-f]{24}@${DEMO_GOOGLE_EMAIL_DOMAIN.replaceAll('.', '\\.')}$`),
    );
    expect(row).toMatchObject({ passwordHash: null, googleId: null, roles: ['user'] });
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date);

    // whoami knows the session, and the token adds to the cart
    const api = shopperClient(app, { userId: row!.id, token: body.result.token });
    const me = await api.get(apiPaths.whoami);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().result.user._id).toBe(row!.id);
    const offer = shelf.offer();
    const added = await api.post(commercePaths.cartItems, {
      kind: 'product',
      itemId: offer.id,
      quantity: 1,
    });
    expect(added.statusCode, added.body).toBe(200);
    const cart = cartResponse.parse(added.json());
    expect(cart).toMatchObject({ status: 1, message: commerceMessages.addedToCart });
    expect(cart.status === 1 && cart.results).toHaveLength(1);

    // no password login: the account has none, and a second call makes another account
    const login = await app.inject({
      method: 'POST',
      url: apiPaths.login,
      headers: await csrfHeaders(app),
      payload: { email: row!.email, password: 'anything-at-all' },
    });
    expect(loginResponse.parse(login.json()).status).toBe(0);
    const again = googleDemoLoginResponse.parse((await demoLogin(app)).json());
    expect(again.status === 1 && again.result.user._id).not.toBe(row!.id);
  });

  it.each([
    ['Google is configured', { GOOGLE_CLIENT_ID: 'client-id.apps.googleusercontent.com' }],
    ['the server is in production', { GOOGLE_CLIENT_ID: '', NODE_ENV: 'production' }],
  ])('answers the 404 envelope and creates nothing when %s', async (_when, env) => {
    const app = await testApp({ env });
    const before = (await database().db.select({ id: users.id }).from(users)).length;
    const response = await demoLogin(app);
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toEqual({ status: 0, message: commonMessages.routeNotFound });
    const after = (await database().db.select({ id: users.id }).from(users)).length;
    expect(after).toBe(before);
  });
});
