import {
  ORDER_STATUS_LABELS,
  type FulfilmentMethod,
  type OrderEvent,
  type OrderStatus,
} from '@localmart/contract';
import { formatDateTime } from '../model/format.ts';
import { timelineSteps } from '../model/timeline.ts';

/** The order's history, oldest first, then the steps still to come in grey. */
export function OrderTimeline({
  events,
  status,
  fulfilment,
}: {
  events: readonly OrderEvent[];
  status: OrderStatus;
  fulfilment: FulfilmentMethod;
}) {
  const steps = timelineSteps(events, status, fulfilment);
  return (
    <ol className="lm-timeline" aria-label="Order timeline">
      {steps.map((step, index) => (
        <li
          key={`${step.status}-${index}`}
          className={step.at ? 'lm-timeline-done' : 'lm-timeline-upcoming'}
          aria-current={step.at && step.status === status ? 'step' : undefined}
        >
          <span className="lm-timeline-label">{ORDER_STATUS_LABELS[step.status]}</span>
          {step.at ? (
            <time className="lm-timeline-time" dateTime={step.at}>
              {formatDateTime(step.at)}
            </time>
          ) : (
            <span className="lm-timeline-time">Upcoming</span>
          )}
          {step.note && <span className="lm-timeline-note">{step.note}</span>}
        </li>
      ))}
    </ol>
  );
}
