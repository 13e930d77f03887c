import {
  orderStatusLabel,
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
  appointment = false,
}: {
  events: readonly OrderEvent[];
  status: OrderStatus;
  fulfilment: FulfilmentMethod;
  /** A service booking: its steps speak of the appointment, not of pickup (issue 15). */
  appointment?: boolean;
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
          <span className="lm-timeline-label">{orderStatusLabel(step.status, appointment)}</span>
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
