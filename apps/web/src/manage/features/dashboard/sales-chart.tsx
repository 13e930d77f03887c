import { formatPrice, type DashboardSalesDay } from '@localmart/contract';
import '../../components/visually-hidden.css';

/** The chart's drawing box (viewBox units; the SVG scales to its container). */
const WIDTH = 600;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 64 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

/** "2026-03-06" -> "Mar 6". The day is the store's calendar day: read it as is, no zone shift. */
export function formatDay(date: string, locale?: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString(locale, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

function dayText(day: DashboardSalesDay): string {
  const orders = day.orders === 1 ? '1 order' : `${day.orders} orders`;
  return `${formatDay(day.date)}: ${formatPrice(day.amount)}, ${orders}`;
}

/**
 * Daily sales as bars, drawn as inline SVG (no chart library for one chart). Each bar has a <title>
 * tooltip; screen readers get the same figures as a visually hidden table instead of the drawing.
 */
export function SalesChart({ days }: { days: readonly DashboardSalesDay[] }) {
  const max = Math.max(0, ...days.map((day) => day.amount.amount));
  const currency = days[0]?.amount.currency ?? 'CAD';
  const slot = days.length > 0 ? PLOT_W / days.length : PLOT_W;
  const barWidth = Math.max(2, slot * 0.7);
  // Label the first, middle and last day on the x axis: enough to read the dates, never crowded.
  const labelled = new Set([0, Math.floor((days.length - 1) / 2), days.length - 1]);
  return (
    <figure className="md-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="md-chart-svg"
        aria-hidden="true"
        focusable="false"
      >
        <line
          className="md-axis"
          x1={PAD.left}
          y1={PAD.top + PLOT_H}
          x2={PAD.left + PLOT_W}
          y2={PAD.top + PLOT_H}
        />
        <line className="md-axis" x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={PAD.top + PLOT_H} />
        <text className="md-axis-label" x={PAD.left - 6} y={PAD.top + 4} textAnchor="end">
          {formatPrice({ amount: max, currency })}
        </text>
        <text className="md-axis-label" x={PAD.left - 6} y={PAD.top + PLOT_H} textAnchor="end">
          {formatPrice({ amount: 0, currency })}
        </text>
        {days.map((day, index) => {
          const height = max > 0 ? (day.amount.amount / max) * PLOT_H : 0;
          const x = PAD.left + index * slot + (slot - barWidth) / 2;
          return (
            <g key={day.date}>
              <rect
                className="md-bar"
                data-date={day.date}
                x={x}
                y={PAD.top + PLOT_H - height}
                width={barWidth}
                height={height}
              >
                <title>{dayText(day)}</title>
              </rect>
              {labelled.has(index) ? (
                <text
                  className="md-axis-label"
                  x={x + barWidth / 2}
                  y={HEIGHT - 8}
                  // The last day's label ends at its bar: centred, it ran past the chart's edge.
                  textAnchor={index === days.length - 1 && days.length > 1 ? 'end' : 'middle'}
                >
                  {formatDay(day.date)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <table className="mys-visually-hidden">
        <caption>Daily sales, last {days.length} days</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Sales</th>
            <th scope="col">Orders</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatDay(day.date)}</th>
              <td>{formatPrice(day.amount)}</td>
              <td>{day.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
