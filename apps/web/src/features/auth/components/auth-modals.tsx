import { labels, type RegistrationForm as RegistrationValues } from '@localmart/contract';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { ContentSkeleton } from '../../../components/ui/content-skeleton.tsx';
import { authModals, useAuthModals, type AuthModalView } from '../../../lib/auth-modals.ts';
import { HOME_PATH, LOGIN_PATH } from '../../../lib/paths.ts';
import { pathAfterLogin, pathAfterSessionCheck } from '../../../lib/return-url.ts';
import { googleAdapter } from '../google/use-google-adapter.ts';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { LoginForm, type SignedInBy } from './login-form.tsx';
import { EMPTY_REGISTRATION, RegistrationForm } from './registration-form.tsx';
import { VerificationStep } from './verification-step.tsx';

// The terms are long: their text loads only when the terms dialog opens.
const TermsContent = lazy(() =>
  import('./terms-content.tsx').then((m) => ({ default: m.TermsContent })),
);

export const MOBILE_VERIFY_PATH = '/mobile-verify';

/** Each dialog's title, which is also its accessible name (spec §2 wording). */
export function titleOf(view: AuthModalView): string {
  switch (view.kind) {
    case 'login':
      return labels.signIn;
    case 'forgot-password':
      return labels.forgotPasswordTitle;
    case 'registration':
      return view.step === 1 ? labels.createYourAccount : labels.verification;
    case 'terms':
      return labels.termsAndConditions;
  }
}

function viewKey(view: AuthModalView): string {
  return view.kind === 'registration' ? `registration-${view.step}` : view.kind;
}

/**
 * The account dialogs, driven by the controller in lib/auth-modals.ts: one modal whose content and
 * title switch between login, forgot password, registration (two steps) and the terms. Mounted by
 * the app shell (app/auth-modals-host.tsx) the first time a dialog opens.
 */
export function AuthModals() {
  const state = useAuthModals();
  const navigate = useNavigate();
  const location = useLocation();
  // While the modal animates away its last content stays, instead of an empty sheet.
  const [lastView, setLastView] = useState<AuthModalView | null>(state.view);
  if (state.view !== null && state.view !== lastView) setLastView(state.view);
  const view = state.view ?? lastView;

  // What was typed into registration survives a visit to the terms, not a new opening.
  const [draft, setDraft] = useState<RegistrationValues>(EMPTY_REGISTRATION);
  const [draftSession, setDraftSession] = useState(state.session);
  if (draftSession !== state.session) {
    setDraftSession(state.session);
    setDraft(EMPTY_REGISTRATION);
  }
  const keepDraft = useCallback((values: RegistrationValues) => setDraft(values), []);

  useEffect(() => {
    // Google's script and settings load now, so the click can open Google's popup at once.
    googleAdapter().prepare?.();
  }, []);

  function goAfterSignIn(target: string) {
    authModals.close('completed');
    navigate(target, { replace: location.pathname === LOGIN_PATH || target === location.pathname });
  }

  function signedIn(by: SignedInBy) {
    const returnUrl = state.returnUrl;
    if (by === 'session') goAfterSignIn(pathAfterSessionCheck(returnUrl));
    else if (by === 'password') goAfterSignIn(pathAfterLogin(returnUrl, location));
    // Spec §4: Google sign-in goes to /home.
    else goAfterSignIn(HOME_PATH);
  }

  if (!view) return null;

  let content;
  let onBack: (() => void) | undefined;
  let onClose = () => authModals.close('dismissed');
  switch (view.kind) {
    case 'login':
      content = <LoginForm onSignedIn={signedIn} />;
      break;
    case 'forgot-password':
      content = <ForgotPasswordForm />;
      onBack = () => authModals.openLogin();
      break;
    case 'registration':
      if (view.step === 1) {
        content = (
          <RegistrationForm
            initial={draft}
            onDraftChange={keepDraft}
            onGoogleSignedIn={() => signedIn('google')}
          />
        );
      } else {
        content = (
          <VerificationStep
            onOpenVerifyPage={() => {
              // 'completed': the dialog leads somewhere itself (the /login page must not go home).
              authModals.close('completed');
              navigate(MOBILE_VERIFY_PATH);
            }}
          />
        );
        onBack = () => authModals.openRegistration({ step: 1 });
      }
      break;
    case 'terms':
      content = (
        <Suspense fallback={<ContentSkeleton label="Loading the terms" />}>
          <TermsContent />
        </Suspense>
      );
      onClose = () => authModals.closeTerms();
      break;
  }

  return (
    <AppModal
      isOpen={state.view !== null}
      title={titleOf(view)}
      onBack={onBack}
      onClose={onClose}
      onDidDismiss={(role) => {
        // A role means the visitor dismissed it (backdrop, Escape, swipe); without one it closed
        // because the controller said so, which the controller already knows.
        if (role !== undefined) authModals.close('dismissed');
      }}
    >
      <div key={`${state.session}-${viewKey(view)}`} className="lm-auth-body">
        {content}
      </div>
    </AppModal>
  );
}
