/**
 * Who may do what on the Manage Your Store site. A business has members, each an `owner` or `staff`;
 * the platform's own people hold the user role `admin` (approve stores, edit CMS pages, and act on any
 * store for support). One table of rules, read by the server's authorisation layer and by the screens
 * that hide what a member may not do.
 */
export const MEMBER_ROLES = ['owner', 'staff'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** The platform role on `users.roles` that approves stores and edits CMS pages. */
export const ADMIN_ROLE = 'admin';

/** What a manage route needs: any member, or the owner (settings, members, API keys). */
export type RequiredRole = MemberRole;

/** The access a caller has to one store: a member's role, or `admin` for platform admins. */
export type StoreAccess = MemberRole | 'admin';

/** True when `access` satisfies `required`; admins satisfy every store rule (platform support). */
export function accessAllows(access: StoreAccess, required: RequiredRole): boolean {
  if (access === 'admin' || access === 'owner') return true;
  return required === 'staff';
}

/**
 * A store's place in the approval flow: created `pending` (not shown to shoppers), `published` once an
 * admin approves, `rejected` with the admin's note (the owner may fix and resubmit, back to pending).
 */
export const BUSINESS_STATUSES = ['pending', 'published', 'rejected'] as const;
export type BusinessStatus = (typeof BUSINESS_STATUSES)[number];

export const BUSINESS_STATUS_LABELS = {
  pending: 'Waiting for approval',
  published: 'Published',
  rejected: 'Changes requested',
} as const satisfies Record<BusinessStatus, string>;
