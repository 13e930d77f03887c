import { FULFILMENT_LABELS, formatPrice, type StoreOrderDetail } from '@localmart/contract';
import { useEffect, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { useCurrentStore, useStoreDateTime } from '../../../lib/store-context.tsx';
import '../../../components/buttons.css';
import './order-print.css';

/** The two printouts of an order page. */
export type PrintSheet = 'pick' | 'ticket';

export const PRINT_LABELS = {
  pick: 'Print pick list',
  ticket: 'Print order ticket',
} as const satisfies Record<PrintSheet, string>;

/**
 * The order page's print view (issue 15): two buttons, and the chosen sheet, a pick list or an
 * order ticket, rendered only while printing. The sheet lives outside the app's own tree (a portal
 * on <body>), so print CSS hides everything else, the Ionic shell included, and a long order runs
 * over several pages. The browser's own Print (Ctrl+P) prints the ticket.
 */
/**
 * The lines to pick and hand over, with the units the store still hands over: a line the store
 * marked unavailable (partial fulfilment) is left out, one lowered shows the lower count.
 */
function handedLines(order: StoreOrderDetail) {
  return order.items
    .map((item) => {
      const handed =
        order.changes?.lines.find((line) => line.itemId === item.id)?.handedOver ?? item.quantity;
      const lineTotal =
        handed === item.quantity
          ? item.lineTotal
          : {
              ...item.lineTotal,
              amount: Math.round((item.lineTotal.amount * handed) / item.quantity),
            };
      return { item, handed, lineTotal };
    })
    .filter((line) => line.handed > 0);
}

export function OrderPrint({ order }: { order: StoreOrderDetail }) {
  const [sheet, setSheet] = useState<PrintSheet | null>(null);
  useEffect(() => {
    // The sheet must be in the page before the browser lays it out for print.
    const before = () => flushSync(() => setSheet((chosen) => chosen ?? 'ticket'));
    const after = () => setSheet(null);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  function print(chosen: PrintSheet) {
    flushSync(() => setSheet(chosen));
    window.print();
  }
  return (
    <>
      <div className="mo-print-buttons">
        {(['pick', 'ticket'] as const).map((choice) => (
          <button
            key={choice}
            type="button"
            className="mys-action-button mys-action-button-quiet"
            onClick={() => print(choice)}
          >
            {PRINT_LABELS[choice]}
          </button>
        ))}
      </div>
      {sheet ? createPortal(<PrintSheetView order={order} sheet={sheet} />, document.body) : null}
    </>
  );
}

function PrintSheetView({ order, sheet }: { order: StoreOrderDetail; sheet: PrintSheet }) {
  const { name: storeName } = useCurrentStore();
  const formatDateTime = useStoreDateTime();
  const readyBy = order.readyBy ? formatDateTime(order.readyBy) : null;
  const head = (title: string) => (
    <header className="mo-print-head">
      <p className="mo-print-store">{storeName}</p>
      <h1>
        {title} · Order {order.number}
      </h1>
      <p>
        {FULFILMENT_LABELS[order.fulfilment]}
        {readyBy ? ` · ready by ${readyBy}` : ''}
        {order.placedAt ? ` · placed ${formatDateTime(order.placedAt)}` : ''}
      </p>
      <p>
        {order.shopperName}
        {order.shopperPhone ? ` · ${order.shopperPhone}` : ''}
      </p>
    </header>
  );
  return (
    <div className="mo-print-root" data-sheet={sheet}>
      {sheet === 'pick' ? (
        <section className="mo-print-sheet mo-print-pick" aria-label="Pick list">
          {head('Pick list')}
          <table>
            <thead>
              <tr>
                <th scope="col" className="mo-print-tick">
                  Picked
                </th>
                <th scope="col" className="mo-print-num">
                  Qty
                </th>
                <th scope="col">Item</th>
              </tr>
            </thead>
            <tbody>
              {handedLines(order).map(({ item, handed }) => (
                <tr key={item.id}>
                  <td className="mo-print-tick">☐</td>
                  <td className="mo-print-num">{handed}</td>
                  <td>
                    <strong>{item.title}</strong>
                    {item.subtitle ? <span className="mo-print-sub">{item.subtitle}</span> : null}
                    {item.options.length > 0 ? (
                      <span className="mo-print-sub">
                        {item.options.map((option) => option.name).join(', ')}
                      </span>
                    ) : null}
                    {item.note ? <span className="mo-print-sub">Note: {item.note}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {order.note ? <p className="mo-print-note">Shopper's note: {order.note}</p> : null}
        </section>
      ) : (
        <section className="mo-print-sheet mo-print-ticket" aria-label="Order ticket">
          {head('Order ticket')}
          {order.deliveryAddress ? (
            <address>
              {order.deliveryAddress.name}, {order.deliveryAddress.line}
              {order.deliveryAddress.phone ? `, ${order.deliveryAddress.phone}` : ''}
              {order.deliveryAddress.instructions ? (
                <>
                  <br />
                  {order.deliveryAddress.instructions}
                </>
              ) : null}
            </address>
          ) : null}
          <table>
            <tbody>
              {handedLines(order).map(({ item, handed, lineTotal }) => (
                <tr key={item.id}>
                  <td className="mo-print-num">{handed} ×</td>
                  <td>
                    {item.title}
                    {item.options.length > 0 ? (
                      <span className="mo-print-sub">
                        {item.options.map((option) => option.name).join(', ')}
                      </span>
                    ) : null}
                  </td>
                  <td className="mo-print-num">{formatPrice(lineTotal)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  Total
                </th>
                <td className="mo-print-num">{formatPrice(order.total)}</td>
              </tr>
            </tfoot>
          </table>
          <p>Payment: {order.money.label}</p>
          {order.note ? <p className="mo-print-note">Shopper's note: {order.note}</p> : null}
          {order.deliveryAddress ? null : (
            <p className="mo-print-foot">Hand over only against the shopper's pickup code.</p>
          )}
        </section>
      )}
    </div>
  );
}
