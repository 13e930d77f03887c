import {
  DEMO_DELAY_MS,
  DEMO_ERROR_DELAY_MS,
  toastMessages,
  type DemoUser,
  type GoogleRegisterRequest,
} from '@localmart/contract';
import { usernameOf } from '../../../lib/session.ts';

/**
 * The demo service of spec §4 and §7: when the backend has no Google endpoint (HTTP 404, or no answer
 * at all), Google sign-in and registration fall back to a session faked on this device. Each call
 * waits about a second like a real one (DEMO_DELAY_MS); a simulated failure answers after half a
 * second (DEMO_ERROR_DELAY_MS). It fails when the Google profile has no id or email, since no user
 * record can be made from it.
 */
export type DemoAnswer =
  | { status: 1; message: string; result: { token: string; user: DemoUser } }
  | { status: 0; message: string };

export interface DemoGoogleService {
  /** The mock googleLogin service: status, result.token, result.user (spec §7). */
  login(profile: GoogleRegisterRequest): Promise<DemoAnswer>;
  /** The demo registration: the same record, made after the same delay. */
  register(profile: GoogleRegisterRequest): Promise<DemoAnswer>;
}

export interface DemoGoogleDeps {
  wait: (ms: number) => Promise<void>;
  now: () => Date;
  randomId: () => string;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function randomId(): string {
  return globalThis.crypto?.randomUUID?.() ?? Math.random().toString(36).slice(2);
}

/** Spec §3's demo-mode user record, built from the Google profile. */
export function demoUserFrom(profile: GoogleRegisterRequest, at: Date): DemoUser {
  const stamp = at.toISOString();
  const names = { first_name: profile.first_name, last_name: profile.last_name };
  return {
    _id: `demo-${profile.google_id}`,
    ...names,
    display_name: profile.name.trim() || usernameOf(names),
    email: profile.email,
    google_id: profile.google_id,
    picture: profile.picture,
    created_at: stamp,
    updated_at: stamp,
  };
}

export function createDemoGoogleService(
  deps: DemoGoogleDeps = { wait: sleep, now: () => new Date(), randomId },
): DemoGoogleService {
  async function answer(
    profile: GoogleRegisterRequest,
    success: string,
    failure: string,
  ): Promise<DemoAnswer> {
    if (!profile.google_id || !profile.email) {
      await deps.wait(DEMO_ERROR_DELAY_MS);
      return { status: 0, message: failure };
    }
    await deps.wait(DEMO_DELAY_MS);
    return {
      status: 1,
      message: success,
      result: { token: `demo-${deps.randomId()}`, user: demoUserFrom(profile, deps.now()) },
    };
  }

  return {
    login: (profile) =>
      answer(profile, toastMessages.demoSignedInWithGoogle, toastMessages.authenticationFailed),
    register: (profile) =>
      answer(
        profile,
        toastMessages.demoGoogleRegistrationSuccessful,
        toastMessages.googleRegistrationFailed,
      ),
  };
}

export const demoGoogle: DemoGoogleService = createDemoGoogleService();
