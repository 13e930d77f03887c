import { ORDER_STATUS_LABELS, type OrderEvent, orderEventActorText } from '@localmart/contract';
import { useStoreDateTime } from '../../../lib/store-context.tsx';

/** What happened to the order, oldest first, with who did it (the member by name, issue 15). */
export function OrderTimeline({ events }: { events: readonly OrderEvent[] }) {
  const formatDateTime = useStoreDateTime();
  if (events.length === 0) return <p>No events yet.</p>;
  return (
    <ol className="mo-timeline" aria-label="Order timeline">
      {events.map((event, index) => (
        <li key={`${event.status}-${event.at}-${index}`}>
          <span className="mo-timeline-label">
            {ORDER_STATUS_LABELS[event.status]} <small>{orderEventActorText(event)}</small>
          </span>
          <time dateTime={event.at}>{formatDateTime(event.at)}</time>
          {event.note ? <span className="mo-timeline-note">{event.note}</span> : null}
        </li>
      ))}
    </ol>
  );
}
