import {
  buyAgainMessages as m,
  formatPrice,
  type BuyAgainLine,
  type BuyAgainResult,
} from '@localmart/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { showError } from '../../../components/ui/toasts/toasts.ts';
import { isNetworkFailure } from '../../../lib/http.ts';
import { useBuyAgain } from '../api/buy-again.ts';
import './buy-again.css';

export const BUY_AGAIN_FAILED = 'Not added to your cart';

/**
 * "Buy again" on a past order (my-order rows and the order page, issue 17): one tap puts the order's
 * still-available lines in the cart and opens a report of what changed since (prices, stock, what is
 * no longer sold). The server fills the cart up to the order's quantities, so a second tap adds
 * nothing; the button is also off while a tap is on its way.
 */
export function BuyAgainButton({
  orderId,
  orderNumber,
  className = 'lm-button',
}: {
  orderId: string;
  orderNumber: string;
  className?: string;
}) {
  const mutation = useBuyAgain(orderId);
  const [report, setReport] = useState<{ message: string; result: BuyAgainResult } | null>(null);
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();

  async function start() {
    const outcome = await mutation.mutateAsync();
    if (outcome.ok) {
      setReport({ message: outcome.message, result: outcome.report });
      setOpen(true);
    } else if (!isNetworkFailure(outcome.failure))
      showError(BUY_AGAIN_FAILED, outcome.failure.message);
  }

  return (
    <>
      <button
        type="button"
        className={`${className} lm-buy-again-button`}
        aria-label={m.buttonName(orderNumber)}
        disabled={mutation.isPending}
        aria-busy={mutation.isPending}
        onClick={() => void start()}
      >
        {mutation.isPending ? m.buttonBusy : m.buttonLabel}
      </button>
      {/* Mounted only once there is a report: a list of orders holds no idle modals. */}
      {report && (
        <AppModal
          isOpen={open}
          title={m.dialogTitle}
          onClose={() => setOpen(false)}
          onDidDismiss={() => {
            setOpen(false);
            setReport(null);
          }}
        >
          <BuyAgainReport
            message={report.message}
            result={report.result}
            onGoToCart={() => {
              setOpen(false);
              navigate('/cart');
            }}
          />
        </AppModal>
      )}
    </>
  );
}

/** What buy again did, line by line, in the server's words. */
export function BuyAgainReport({
  message,
  result,
  onGoToCart,
}: {
  message: string;
  result: BuyAgainResult;
  onGoToCart: () => void;
}) {
  const anyAdded = result.lines.some((line) => line.outcome !== 'skipped');
  const quiet = result.lines.every(
    (line) => line.outcome !== 'skipped' && line.changes.length === 0,
  );
  return (
    <div className="lm-buy-again">
      <p className="lm-buy-again-summary" role="status">
        {message}
      </p>
      {quiet && <p className="lm-buy-again-muted">{m.noChanges}</p>}
      {result.otherStores.length > 0 && (
        <p className="lm-buy-again-note">{m.otherStores(result.otherStores)}</p>
      )}
      <ul className="lm-buy-again-lines" aria-label={`Items of order ${result.orderNumber}`}>
        {result.lines.map((line) => (
          <ReportLine key={line.orderItemId} line={line} />
        ))}
      </ul>
      {anyAdded && (
        <button type="button" className="lm-button lm-button-primary" onClick={onGoToCart}>
          {m.goToCart}
        </button>
      )}
    </div>
  );
}

function ReportLine({ line }: { line: BuyAgainLine }) {
  return (
    <li className="lm-buy-again-line" data-outcome={line.outcome}>
      <div className="lm-buy-again-line-head">
        <span className="lm-buy-again-title">
          {line.ordered} × {line.title}
        </span>
        <span className={`lm-buy-again-outcome lm-buy-again-outcome-${line.outcome}`}>
          {m.outcome[line.outcome]}
        </span>
      </div>
      {line.outcome !== 'skipped' && line.unitPrice && (
        <span className="lm-buy-again-muted">
          {line.inCart} in your cart · {formatPrice(line.unitPrice)} each
        </span>
      )}
      {line.changes.map((change) => (
        <span key={change.code} className={`lm-buy-again-change lm-buy-again-${change.code}`}>
          {change.message}
        </span>
      ))}
    </li>
  );
}
