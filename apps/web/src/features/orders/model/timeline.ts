import {
  isFinalStatus,
  isPickup,
  type FulfilmentMethod,
  type OrderEvent,
  type OrderStatus,
} from '@localmart/contract';

export interface TimelineStep {
  status: OrderStatus;
  /** When it happened; null for a step still to come. */
  at: string | null;
  actor: OrderEvent['actor'] | null;
  note: string | null;
}

/** The road an order normally travels after payment, by how it reaches the shopper. */
function happyPath(method: FulfilmentMethod): OrderStatus[] {
  return isPickup(method)
    ? ['placed', 'accepted', 'ready_for_pickup', 'completed']
    : ['placed', 'accepted', 'out_for_delivery', 'completed'];
}

/**
 * The timeline: what happened, oldest first, then (while the order is still moving) the steps of its
 * normal road not reached yet, which the page shows greyed.
 */
export function timelineSteps(
  events: readonly OrderEvent[],
  status: OrderStatus,
  method: FulfilmentMethod,
): TimelineStep[] {
  const done: TimelineStep[] = [...events]
    .sort((a, b) => a.at.localeCompare(b.at))
    .map((event) => ({ status: event.status, at: event.at, actor: event.actor, note: event.note }));
  if (isFinalStatus(status)) return done;
  const path = happyPath(method);
  const reached = path.indexOf(status);
  const upcoming = path
    .slice(reached + 1)
    .filter((step) => !done.some((event) => event.status === step))
    .map((step) => ({ status: step, at: null, actor: null, note: null }));
  return [...done, ...upcoming];
}
