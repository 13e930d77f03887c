import { ORDER_STATUS_LABELS, type OrderActor, type OrderEvent } from '@localmart/contract';
import { useStoreDateTime } from '../../../lib/store-context.tsx';

const ACTOR_WORDS = {
  shopper: 'by the shopper',
  store: 'by the store',
  system: 'automatically',
} as const satisfies Record<OrderActor, string>;

/** What happened to the order, oldest first, with who did it. */
export function OrderTimeline({ events }: { events: readonly OrderEvent[] }) {
  const formatDateTime = useStoreDateTime();
  if (events.length === 0) return <p>No events yet.</p>;
  return (
    <ol className="mo-timeline" aria-label="Order timeline">
      {events.map((event, index) => (
        <li key={`${event.status}-${event.at}-${index}`}>
          <span className="mo-timeline-label">
            {ORDER_STATUS_LABELS[event.status]} <small>{ACTOR_WORDS[event.actor]}</small>
          </span>
          <time dateTime={event.at}>{formatDateTime(event.at)}</time>
          {event.note ? <span className="mo-timeline-note">{event.note}</span> : null}
        </li>
      ))}
    </ol>
  );
}
