import { z } from 'zod';
import { API_BASE } from '../api-paths.ts';
import { isoDateTimeSchema } from '../catalog/schemas/common.ts';
import { envelopeSchema, successEnvelopeSchema } from '../envelope.ts';
import { safeText } from '../schemas/safe-input.ts';
import { MEMBER_ROLES } from './manage-roles.ts';
import { addStoreMemberRequest } from './stores.ts';

/**
 * Store member invitations (issue 16, docs/decisions/0018-member-invitations.md). An owner invites
 * an email address; nobody becomes a member until the person who reads that mailbox signs in with
 * that address and accepts. Until then nothing an owner sees depends on whether the address has an
 * account: the answer, the pending list (the address as typed, never a name) and the mail are the
 * same either way.
 */

/** How long an emailed invitation link works; resending starts a new period with a new link. */
export const INVITATION_TTL_DAYS = 7;

/** Invitation states; only `pending` ones are listed, resent or revoked. */
export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** The invitation link's secret: 32 random bytes, base64url (only its sha256 is stored). */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const MANAGE_API = `${API_BASE}/manage`;
const id = (value: string) => encodeURIComponent(value);
const store = (businessId: string) => `${MANAGE_API}/businesses/${id(businessId)}`;

/** API paths of invitations (owner-only under a store; the invitee's under /manage/invitations). */
export const invitationPaths = {
  /** GET pending invitations / POST {email, role} invite (owner). */
  invitations: (businessId: string) => `${store(businessId)}/invitations`,
  /** DELETE: withdraw a pending invitation (owner). */
  invitation: (businessId: string, invitationId: string) =>
    `${store(businessId)}/invitations/${id(invitationId)}`,
  /** POST: email it again with a new link and a new expiry (owner). */
  invitationResend: (businessId: string, invitationId: string) =>
    `${store(businessId)}/invitations/${id(invitationId)}/resend`,
  /** POST {token}: what the signed-in invitee is invited to. */
  lookup: `${MANAGE_API}/invitations/lookup`,
  /** POST {token}: become a member (the signed-in account must have the invited address). */
  accept: `${MANAGE_API}/invitations/accept`,
  /** POST {token}: say no; the invitation is closed. */
  decline: `${MANAGE_API}/invitations/decline`,
} as const;

/** The invitee's page on the manage site; the token rides in the path like the reset link's. */
export const INVITATION_PAGE = '/manage/invitations';
export const invitationPageUrl = (appUrl: string, token: string) =>
  `${appUrl}${INVITATION_PAGE}/${encodeURIComponent(token)}`;

function roughly(seconds: number): string {
  if (seconds < 90) return 'a minute';
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
}

/** Messages of invitations, the same on the server and in the pages. */
export const invitationMessages = {
  /** The same answer whether or not the address has an account (no account enumeration). */
  sent: (email: string) =>
    `We've emailed an invitation to ${email}. They become a member once they accept it (the link works for ${INVITATION_TTL_DAYS} days).`,
  resent: (email: string) =>
    `We've emailed the invitation to ${email} again with a new link (it works for ${INVITATION_TTL_DAYS} days).`,
  revoked: 'Invitation withdrawn. Its link no longer works.',
  notFound: 'That invitation is no longer pending.',
  alreadyMember: 'That person is already a member of this store. Change their role in the list.',
  storeNotApproved:
    'Your store can invite people once an admin has approved it. Until then, only you manage it.',
  tooManyForStore: (retryAfterSeconds: number) =>
    `This store has sent too many invitations for now. Try again in ${roughly(retryAfterSeconds)}.`,
  tooManyForInviter: (retryAfterSeconds: number) =>
    `You have sent too many invitations for now. Try again in ${roughly(retryAfterSeconds)}.`,
  linkInvalid:
    "This invitation link no longer works. It may have been withdrawn or already answered. Ask the store's owner to invite you again.",
  tokenMalformed:
    "This invitation link is incomplete. Open it again from the email, or ask the store's owner to invite you again.",
  expired: "This invitation has expired. Ask the store's owner to send it again.",
  wrongAccount: (email: string) =>
    `This invitation was sent to ${email}. Sign in with that address to answer it.`,
  accepted: (storeName: string) => `You now help manage ${storeName}.`,
  declined: 'Invitation declined. You will not be added to the store.',
  roleChanged: 'Role changed',
} as const;

export const inviteMemberRequest = addStoreMemberRequest;
export type InviteMemberRequest = z.input<typeof inviteMemberRequest>;

/** PATCH a member: their new role (owner only; the last owner stays an owner). */
export const changeMemberRoleRequest = z.strictObject({
  role: z.enum(MEMBER_ROLES, { error: `Choose a role: ${MEMBER_ROLES.join(' or ')}` }),
});
export type ChangeMemberRoleRequest = z.input<typeof changeMemberRoleRequest>;

/** The invitee's calls carry the link's token. */
export const invitationTokenRequest = z.strictObject({
  token: z.string({ error: invitationMessages.tokenMalformed }).regex(INVITATION_TOKEN_PATTERN, {
    error: invitationMessages.tokenMalformed,
  }),
});
export type InvitationTokenRequest = z.input<typeof invitationTokenRequest>;

/** A pending invitation as the owner sees it: the address as typed, never an account's name. */
export const pendingInvitationSchema = z.object({
  id: z.uuid(),
  email: safeText(),
  role: z.enum(MEMBER_ROLES),
  invitedAt: isoDateTimeSchema,
  lastSentAt: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema,
  /** Past its expiry: the link no longer works, resending makes a new one. */
  expired: z.boolean(),
  /** The member who sent it last (null once they have left). */
  invitedBy: safeText().nullable(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;
export const pendingInvitationListResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(pendingInvitationSchema) }),
);

/** What the invitee is invited to (lookup): the store's name, the role, the invited address. */
export const invitationDetailSchema = z.object({
  storeName: safeText(),
  role: z.enum(MEMBER_ROLES),
  email: safeText(),
  expiresAt: isoDateTimeSchema,
  /** The signed-in account has the invited address (else it must sign in with that one). */
  forYou: z.boolean(),
});
export type InvitationDetail = z.infer<typeof invitationDetailSchema>;
export const invitationDetailResponse = envelopeSchema(
  successEnvelopeSchema({ result: invitationDetailSchema }),
);

/** Accept: the store the invitee now helps manage. */
export const invitationAcceptResponse = envelopeSchema(
  successEnvelopeSchema({ result: z.object({ businessId: z.uuid(), storeName: safeText() }) }),
);
