import { useSyncExternalStore } from 'react';

/**
 * The one controller of the account dialogs (spec §2, §4): login, forgot password, registration
 * (step 1, or step 2 in activation mode) and the terms. Exactly one is shown at a time, in one modal
 * whose content and title switch, so "closes this modal and opens login" never stacks two dialogs.
 *
 * It lives in lib so that the menu, the /login route and any feature (a cart's "Add to cart" for an
 * anonymous visitor) can open sign-in without importing the auth feature; the app shell mounts the
 * dialogs (app/auth-modals-host.tsx), which load lazily the first time one opens.
 *
 * This module must stay tiny and free of zod: the shell imports it into the entry chunk.
 */

export type RegistrationStep = 1 | 2;

export type AuthModalView =
  | { kind: 'login' }
  | { kind: 'forgot-password' }
  | { kind: 'registration'; step: RegistrationStep; activation: boolean }
  /** `back` is the view the terms return to when closed (registration's "Terms & Conditions"). */
  | { kind: 'terms'; back: AuthModalView | null };

/**
 * 'completed': the dialogs finished and navigated on their own (signed in, or handed over to the
 * verification page); 'dismissed': the visitor closed them, or left the page that opened them.
 */
export type AuthModalCloseReason = 'dismissed' | 'completed';

export interface AuthModalState {
  /** null while no dialog is open. */
  view: AuthModalView | null;
  /** Spec §2 return_url (without its leading slash), kept across views until the dialogs close. */
  returnUrl: string | null;
  /** Bumped on every fresh open (from closed), so screens can start from a clean state. */
  session: number;
}

export interface OpenLoginOptions {
  returnUrl?: string | null | undefined;
}

export interface OpenRegistrationOptions {
  step?: RegistrationStep;
  /** Spec §2: "The modal opens directly at step 2 when activation mode is requested." */
  activation?: boolean;
}

type CloseListener = (reason: AuthModalCloseReason) => void;

export function createAuthModals() {
  let state: AuthModalState = { view: null, returnUrl: null, session: 0 };
  const listeners = new Set<() => void>();
  const closeListeners = new Set<CloseListener>();

  function set(next: AuthModalState) {
    state = next;
    for (const listener of listeners) listener();
  }

  function show(view: AuthModalView, returnUrl: string | null = state.returnUrl) {
    set({
      view,
      returnUrl,
      session: state.view === null ? state.session + 1 : state.session,
    });
  }

  function close(reason: AuthModalCloseReason = 'dismissed') {
    if (state.view === null) return;
    set({ view: null, returnUrl: null, session: state.session });
    for (const listener of closeListeners) listener(reason);
  }

  // Methods are plain closures (no `this`), so they can be passed around as callbacks.
  return {
    getSnapshot: (): AuthModalState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Called whenever the dialogs close, with the reason. */
    onClose(listener: CloseListener): () => void {
      closeListeners.add(listener);
      return () => closeListeners.delete(listener);
    },
    /** Open sign-in. A given return_url replaces the held one; omitted, the held one stays. */
    openLogin(options: OpenLoginOptions = {}) {
      const returnUrl =
        options.returnUrl === undefined
          ? state.view === null
            ? null
            : state.returnUrl
          : options.returnUrl || null;
      show({ kind: 'login' }, returnUrl);
    },
    openForgotPassword() {
      show({ kind: 'forgot-password' });
    },
    openRegistration(options: OpenRegistrationOptions = {}) {
      const activation = options.activation ?? false;
      show({ kind: 'registration', step: activation ? 2 : (options.step ?? 1), activation });
    },
    openTerms() {
      const back = state.view && state.view.kind !== 'terms' ? state.view : null;
      show({ kind: 'terms', back });
    },
    /** Leave the terms: back to the dialog they were opened from, or close when there is none. */
    closeTerms() {
      if (state.view?.kind !== 'terms') return;
      if (state.view.back) show(state.view.back);
      else close('dismissed');
    },
    close,
  };
}

export type AuthModals = ReturnType<typeof createAuthModals>;

export const authModals: AuthModals = createAuthModals();

export function useAuthModals(controller: AuthModals = authModals): AuthModalState {
  return useSyncExternalStore(controller.subscribe, controller.getSnapshot);
}
