import type { BrandPartnerStatus } from '@localmart/contract';

const LABELS: Record<BrandPartnerStatus, { text: string; tone: string }> = {
  pending: { text: 'Waiting for approval', tone: 'mys-badge-warning' },
  approved: { text: 'Approved', tone: 'bp-badge-approved' },
  rejected: { text: 'Not approved', tone: 'mys-badge-danger' },
};

export function BrandStatusBadge({ status }: { status: BrandPartnerStatus }) {
  const label = LABELS[status];
  return <span className={`mys-badge ${label.tone}`}>{label.text}</span>;
}
