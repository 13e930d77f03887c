import { type MemberRole } from '@localmart/contract';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { sitePaths } from '../../lib/site-paths.ts';
import { useManageMe } from '../../lib/use-manage-me.ts';
import { Empty, Loading, ManagePage } from '../../shell/manage-page.tsx';
import { useAcceptInvitation, useDeclineInvitation, useInvitation } from './invitation-api.ts';
import '../../components/buttons.css';
import './invitation-page.css';

const ROLE_WORDS: Record<MemberRole, string> = {
  owner: 'an owner: settings, members, API keys and everything staff do',
  staff: 'staff: orders, stock and the catalogue',
};

/**
 * /manage/invitations/:token, the emailed link (the site's sign-in gate stands before it, so the
 * invitee is signed in here). Shows the store and role, and accepts or declines; nothing happens
 * until one of the two is pressed.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const invitation = useInvitation(token);
  const me = useManageMe();
  const accept = useAcceptInvitation(token);
  const decline = useDeclineInvitation(token);
  const navigate = useNavigate();
  const [declined, setDeclined] = useState<string | null>(null);

  if (declined) {
    return (
      <ManagePage title="Invitation declined">
        <div className="mys-card mys-invitation">
          <p role="status">{declined}</p>
          <p>
            <Link to={sitePaths.home}>Go to your stores</Link>
          </p>
        </div>
      </ManagePage>
    );
  }
  if (invitation.isPending) return <Loading label="Opening the invitation…" />;
  if (invitation.isError) {
    return (
      <ManagePage title="Invitation">
        <div className="mys-card mys-invitation" role="alert">
          <p>{invitation.error.message}</p>
          <p>
            <Link to={sitePaths.home}>Go to your stores</Link>
          </p>
        </div>
      </ManagePage>
    );
  }
  const detail = invitation.data;
  if (!detail.forYou) {
    return (
      <ManagePage title="Invitation">
        <Empty title={`This invitation was sent to ${detail.email}.`}>
          <p>
            You are signed in as {me.data?.user.email ?? 'another account'}. Sign out, open the link
            from the email again, and sign in (or create an account) with {detail.email}.
          </p>
        </Empty>
      </ManagePage>
    );
  }
  const busy = accept.isPending || decline.isPending;
  const failure = accept.error ?? decline.error;
  return (
    <ManagePage title="You're invited to help manage a store">
      <div className="mys-card mys-invitation">
        <p className="mys-invitation-store">
          <span className="mys-invitation-label">Store</span>
          <strong>“{detail.storeName}”</strong>
        </p>
        <p>
          You would join as {ROLE_WORDS[detail.role]}. The store chose its name; accept only if you
          know it and expected this invitation.
        </p>
        <p className="mys-invitation-meta">
          Sent to {detail.email} · the link works until{' '}
          {new Date(detail.expiresAt).toLocaleDateString('en-CA', { dateStyle: 'medium' })}
        </p>
        {failure ? (
          <p className="mys-field-error" role="alert">
            {failure.message}
          </p>
        ) : null}
        <div className="mys-invitation-actions">
          <button
            type="button"
            className="mys-action-button"
            disabled={busy}
            onClick={() =>
              accept.mutate(undefined, {
                onSuccess: (joined) =>
                  void navigate(sitePaths.store(joined.businessId), { replace: true }),
              })
            }
          >
            Accept invitation
          </button>
          <button
            type="button"
            className="mys-action-button mys-action-button-quiet"
            disabled={busy}
            onClick={() => decline.mutate(undefined, { onSuccess: setDeclined })}
          >
            Decline
          </button>
        </div>
      </div>
    </ManagePage>
  );
}
