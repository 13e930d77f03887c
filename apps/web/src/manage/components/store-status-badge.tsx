import { BUSINESS_STATUS_LABELS, type BusinessStatus } from '@localmart/contract';

const BADGE_CLASS: Record<BusinessStatus, string> = {
  pending: 'mys-badge mys-badge-warning',
  published: 'mys-badge',
  rejected: 'mys-badge mys-badge-danger',
};

/** A store's review status as a badge: Pending (amber), Published, Rejected (red). */
export function StoreStatusBadge({ status }: { status: BusinessStatus }) {
  return <span className={BADGE_CLASS[status]}>{BUSINESS_STATUS_LABELS[status]}</span>;
}
