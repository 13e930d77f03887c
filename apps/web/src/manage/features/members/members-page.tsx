import {
  INVITATION_TTL_DAYS,
  invitationMessages,
  inviteMemberRequest,
  MEMBER_ROLES,
  type MemberRole,
  type PendingInvitation,
  type StoreMember,
} from '@localmart/contract';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmInline } from '../../components/confirm-inline.tsx';
import { useCurrentStore } from '../../lib/store-context.tsx';
import { useManageMe } from '../../lib/use-manage-me.ts';
import { Empty, Failed, Loading, ManagePage } from '../../shell/manage-page.tsx';
import {
  useChangeRole,
  useInvitations,
  useInvite,
  useMembers,
  useRemoveMember,
  useResendInvitation,
  useRevokeInvitation,
} from './members-api.ts';
import './members.css';
import '../../components/buttons.css';
import '../../components/visually-hidden.css';

const ROLE_LABELS: Record<MemberRole, string> = { owner: 'Owner', staff: 'Staff' };

type Outcome = { ok: boolean; message: string } | null;

function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-CA', { dateStyle: 'medium' });
}

/** The sentence of a write, as a status (done) or an alert (refused). */
function OutcomeLine({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <p
      className={outcome.ok ? 'mys-people-outcome' : 'mys-people-outcome mys-field-error'}
      role={outcome.ok ? 'status' : 'alert'}
    >
      {outcome.message}
    </p>
  );
}

/**
 * /manage/stores/:id/members: who manages the store. The owner invites people by email (they join
 * only once they accept the emailed invitation), changes roles, and resends or withdraws pending
 * invitations. Staff see only that this is the owner's.
 */
export function MembersPage() {
  const { businessId, canOwn, status } = useCurrentStore();
  if (!canOwn) {
    return (
      <ManagePage title="Members">
        <Empty title="Only the store's owner can manage its members." />
      </ManagePage>
    );
  }
  return (
    <ManagePage
      title="Members"
      subtitle="Owners change settings, members and API keys; staff handle orders, stock and the catalogue."
    >
      <InviteForm businessId={businessId} approved={status === 'published'} />
      <MemberList businessId={businessId} />
      <InvitationList businessId={businessId} approved={status === 'published'} />
    </ManagePage>
  );
}

function InviteForm({ businessId, approved }: { businessId: string; approved: boolean }) {
  const invite = useInvite(businessId);
  const emailId = useId();
  const roleId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('staff');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  if (!approved) {
    return (
      <section className="mys-card" aria-labelledby="mys-invite-title">
        <h2 id="mys-invite-title">Invite someone</h2>
        <p>{invitationMessages.storeNotApproved}</p>
      </section>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const parsed = inviteMemberRequest.safeParse({ email, role });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Enter a valid email address');
      return;
    }
    setFieldError(null);
    invite.mutate(parsed.data, {
      onSuccess: (message) => {
        setOutcome({ ok: true, message });
        setEmail('');
      },
      onError: (failure) => setOutcome({ ok: false, message: failure.message }),
    });
  };

  return (
    <form className="mys-card" onSubmit={submit} noValidate aria-labelledby="mys-invite-title">
      <h2 id="mys-invite-title">Invite someone</h2>
      <p className="mys-people-hint">
        We email them a link. They become a member only when they accept it, signed in with that
        address; the link works for {INVITATION_TTL_DAYS} days.
      </p>
      <div className="mys-form-grid">
        <div className="mys-field">
          <label htmlFor={emailId}>Email</label>
          <input
            id={emailId}
            type="email"
            autoComplete="off"
            value={email}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${emailId}-error` : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
          {fieldError ? (
            <span id={`${emailId}-error`} className="mys-field-error">
              {fieldError}
            </span>
          ) : null}
        </div>
        <div className="mys-field">
          <label htmlFor={roleId}>Role</label>
          <select
            id={roleId}
            value={role}
            onChange={(event) => setRole(event.target.value as MemberRole)}
          >
            {MEMBER_ROLES.map((value) => (
              <option key={value} value={value}>
                {ROLE_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="mys-member-actions">
        <button type="submit" className="mys-action-button" disabled={invite.isPending}>
          Send invitation
        </button>
      </div>
      <OutcomeLine outcome={outcome} />
    </form>
  );
}

function MemberList({ businessId }: { businessId: string }) {
  const members = useMembers(businessId);
  const me = useManageMe();
  const remove = useRemoveMember(businessId);
  const changeRole = useChangeRole(businessId);
  const [confirming, setConfirming] = useState<StoreMember | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  if (members.isPending) return <Loading label="Loading members…" />;
  if (members.isError) {
    return <Failed message={members.error.message} onRetry={() => void members.refetch()} />;
  }
  const myId = me.data?.user.id;
  const report = {
    onSuccess: (message: string) => setOutcome({ ok: true, message }),
    onError: (failure: Error) => setOutcome({ ok: false, message: failure.message }),
  };
  const confirm = () => {
    if (!confirming) return;
    remove.mutate(confirming.userId, { ...report, onSettled: () => setConfirming(null) });
  };
  return (
    <section className="mys-card" aria-labelledby="mys-members-title">
      <h2 id="mys-members-title">People who manage this store</h2>
      <OutcomeLine outcome={outcome} />
      <ul className="mys-people" aria-labelledby="mys-members-title">
        {members.data.map((member) => {
          const you = member.userId === myId;
          return (
            <li key={member.userId} className="mys-person">
              <div className="mys-person-who">
                <strong>
                  {member.name}
                  {you ? ' (you)' : ''}
                </strong>
                <span className="mys-person-email">{member.email}</span>
                <span className="mys-person-meta">Member since {formatDay(member.since)}</span>
              </div>
              <div className="mys-person-actions">
                <label className="mys-person-role">
                  <span className="mys-visually-hidden">Role of {member.name}</span>
                  <select
                    value={member.role}
                    disabled={changeRole.isPending}
                    onChange={(event) => {
                      setOutcome(null);
                      changeRole.mutate(
                        { userId: member.userId, role: event.target.value as MemberRole },
                        report,
                      );
                    }}
                  >
                    {MEMBER_ROLES.map((value) => (
                      <option key={value} value={value}>
                        {ROLE_LABELS[value]}
                      </option>
                    ))}
                  </select>
                </label>
                <ConfirmInline
                  verb="Remove"
                  name={member.name}
                  question={`Remove ${member.name}?`}
                  confirming={confirming?.userId === member.userId}
                  busy={remove.isPending}
                  onAsk={() => {
                    setOutcome(null);
                    setConfirming(member);
                  }}
                  onConfirm={confirm}
                  onCancel={() => setConfirming(null)}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function InvitationList({ businessId, approved }: { businessId: string; approved: boolean }) {
  const invitations = useInvitations(businessId);
  const resend = useResendInvitation(businessId);
  const revoke = useRevokeInvitation(businessId);
  const [confirming, setConfirming] = useState<PendingInvitation | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  if (invitations.isPending) return <Loading label="Loading invitations…" />;
  if (invitations.isError) {
    return (
      <Failed message={invitations.error.message} onRetry={() => void invitations.refetch()} />
    );
  }
  const report = {
    onSuccess: (message: string) => setOutcome({ ok: true, message }),
    onError: (failure: Error) => setOutcome({ ok: false, message: failure.message }),
  };
  return (
    <section className="mys-card" aria-labelledby="mys-invitations-title">
      <h2 id="mys-invitations-title">Pending invitations</h2>
      <OutcomeLine outcome={outcome} />
      {invitations.data.length === 0 ? (
        <p className="mys-people-hint">No invitations waiting for an answer.</p>
      ) : (
        <ul className="mys-people" aria-labelledby="mys-invitations-title">
          {invitations.data.map((invitation) => (
            <li key={invitation.id} className="mys-person">
              <div className="mys-person-who">
                <strong className="mys-person-email-main">{invitation.email}</strong>
                <span className="mys-person-meta">
                  {ROLE_LABELS[invitation.role]} · sent {formatDay(invitation.lastSentAt)}
                  {invitation.invitedBy ? ` by ${invitation.invitedBy}` : ''}
                </span>
                {invitation.expired ? (
                  <span className="mys-badge mys-badge-warning">
                    Expired {formatDay(invitation.expiresAt)}
                  </span>
                ) : (
                  <span className="mys-person-meta">
                    Link works until {formatDay(invitation.expiresAt)}
                  </span>
                )}
              </div>
              <div className="mys-person-actions">
                {approved ? (
                  <button
                    type="button"
                    className="mys-action-button mys-action-button-quiet mys-action-button-small"
                    aria-label={`Resend the invitation to ${invitation.email}`}
                    disabled={resend.isPending}
                    onClick={() => {
                      setOutcome(null);
                      resend.mutate(invitation.id, report);
                    }}
                  >
                    Resend
                  </button>
                ) : null}
                <ConfirmInline
                  verb="Revoke"
                  name={`the invitation to ${invitation.email}`}
                  question={`Withdraw the invitation to ${invitation.email}?`}
                  confirming={confirming?.id === invitation.id}
                  busy={revoke.isPending}
                  onAsk={() => {
                    setOutcome(null);
                    setConfirming(invitation);
                  }}
                  onConfirm={() =>
                    revoke.mutate(invitation.id, {
                      ...report,
                      onSettled: () => setConfirming(null),
                    })
                  }
                  onCancel={() => setConfirming(null)}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
