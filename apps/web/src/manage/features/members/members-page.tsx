import {
  addStoreMemberRequest,
  MEMBER_ROLES,
  type MemberRole,
  type StoreMember,
} from '@localmart/contract';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmInline } from '../../components/confirm-inline.tsx';
import { useCurrentStore } from '../../lib/store-context.tsx';
import { Empty, Failed, Loading, ManagePage } from '../../shell/manage-page.tsx';
import { useAddMember, useMembers, useRemoveMember } from './members-api.ts';
import './members.css';
import '../../components/visually-hidden.css';

const ROLE_LABELS: Record<MemberRole, string> = { owner: 'Owner', staff: 'Staff' };

/** /manage/stores/:id/members: who manages the store; the owner adds people by email or removes them. */
export function MembersPage() {
  const { businessId, canOwn } = useCurrentStore();
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
      <AddMemberForm businessId={businessId} />
      <MemberList businessId={businessId} />
    </ManagePage>
  );
}

function AddMemberForm({ businessId }: { businessId: string }) {
  const add = useAddMember(businessId);
  const emailId = useId();
  const roleId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('staff');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [ok, setOk] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOk(null);
    const parsed = addStoreMemberRequest.safeParse({ email, role });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Enter a valid email address');
      return;
    }
    setFieldError(null);
    add.mutate(parsed.data, {
      onSuccess: (message) => {
        setOk(message);
        setEmail('');
      },
    });
  };

  return (
    <form className="mys-card" onSubmit={submit} noValidate>
      <h2>Add a member</h2>
      <div className="mys-form-grid">
        <div className="mys-field">
          <label htmlFor={emailId}>Email</label>
          <input
            id={emailId}
            type="email"
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
        <button type="submit" className="mys-action-button" disabled={add.isPending}>
          Add member
        </button>
      </div>
      {add.isError ? (
        <p className="mys-field-error" role="alert">
          {add.error.message}
        </p>
      ) : null}
      {ok ? <p role="status">{ok}</p> : null}
    </form>
  );
}

function MemberList({ businessId }: { businessId: string }) {
  const members = useMembers(businessId);
  const remove = useRemoveMember(businessId);
  const [confirming, setConfirming] = useState<StoreMember | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  if (members.isPending) return <Loading />;
  if (members.isError) {
    return <Failed message={members.error.message} onRetry={() => void members.refetch()} />;
  }
  const confirm = () => {
    if (!confirming) return;
    remove.mutate(confirming.userId, {
      onSuccess: (message) => setOutcome({ ok: true, message }),
      onError: (failure) => setOutcome({ ok: false, message: failure.message }),
      onSettled: () => setConfirming(null),
    });
  };
  return (
    <section className="mys-card" aria-labelledby="mys-members-title">
      <h2 id="mys-members-title">People who manage this store</h2>
      {outcome ? (
        <p
          className={outcome.ok ? undefined : 'mys-field-error'}
          role={outcome.ok ? 'status' : 'alert'}
        >
          {outcome.message}
        </p>
      ) : null}
      <table className="mys-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Since</th>
            <th scope="col">
              <span className="mys-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.data.map((member) => (
            <tr key={member.userId}>
              <td>{member.name}</td>
              <td>{member.email}</td>
              <td>{ROLE_LABELS[member.role]}</td>
              <td>{new Date(member.since).toLocaleDateString('en-CA', { dateStyle: 'medium' })}</td>
              <td>
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
