import { DEMO_DELAY_MS, DEMO_ERROR_DELAY_MS, toastMessages } from '@localmart/contract';
import { describe, expect, it, vi } from 'vitest';
import { createDemoGoogleService, demoUserFrom } from './demo-google.ts';

const profile = {
  google_id: 'g1',
  email: 'demo@localmart.example',
  first_name: 'Demo',
  last_name: 'User',
  name: '',
  picture: '',
};

function service() {
  const wait = vi.fn(async (_ms: number) => undefined);
  const demo = createDemoGoogleService({
    wait,
    now: () => new Date('2025-03-04T05:06:07.000Z'),
    randomId: () => 'r4nd0m',
  });
  return { demo, wait };
}

describe('demo Google service (spec §3, §4, §7)', () => {
  it('login waits 1 s and answers status 1 with result.token and the demo user record', async () => {
    const { demo, wait } = service();
    await expect(demo.login(profile)).resolves.toEqual({
      status: 1,
      message: toastMessages.demoSignedInWithGoogle,
      result: {
        token: 'demo-r4nd0m',
        user: {
          _id: 'demo-g1',
          first_name: 'Demo',
          last_name: 'User',
          display_name: 'Demo User',
          email: 'demo@localmart.example',
          google_id: 'g1',
          picture: '',
          created_at: '2025-03-04T05:06:07.000Z',
          updated_at: '2025-03-04T05:06:07.000Z',
        },
      },
    });
    expect(wait).toHaveBeenCalledWith(DEMO_DELAY_MS);
  });

  it("a profile without an email is the simulated failure: 0.5 s, 'Authentication failed'", async () => {
    const { demo, wait } = service();
    await expect(demo.login({ ...profile, email: '' })).resolves.toEqual({
      status: 0,
      message: toastMessages.authenticationFailed,
    });
    expect(wait).toHaveBeenCalledWith(DEMO_ERROR_DELAY_MS);
  });

  it('registration answers the same record, or its own failure', async () => {
    const { demo } = service();
    const ok = await demo.register(profile);
    expect(ok).toMatchObject({
      status: 1,
      message: toastMessages.demoGoogleRegistrationSuccessful,
    });
    await expect(demo.register({ ...profile, google_id: '' })).resolves.toEqual({
      status: 0,
      message: toastMessages.googleRegistrationFailed,
    });
  });

  it("prefers Google's full name as the display name", () => {
    expect(demoUserFrom({ ...profile, name: 'Dee Mo' }, new Date(0)).display_name).toBe('Dee Mo');
  });
});
