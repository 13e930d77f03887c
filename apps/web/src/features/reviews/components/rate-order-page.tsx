import { useParams, Link } from 'react-router-dom';
import { AppPage } from '../../../components/ui/app-page.tsx';
import { ContentSkeleton } from '../../../components/ui/content-skeleton.tsx';
import { ErrorState } from '../../../components/catalog/list-states.tsx';
import { useRequireSession } from '../../../lib/require-session.ts';
import { useSession } from '../../../lib/storage.ts';
import { useReviewForm } from '../api/reviews-api.ts';
import { ReviewEditor } from './review-editor.tsx';
import { myReviewsPath, orderDetailsPath, rateOrderPath } from '../model/paths.ts';
import '../../../components/reviews/reviews.css';
import './reviews-feature.css';

export const RATE_ORDER_TITLE = 'Rate your order';

/**
 * /rate-order/{orderId}: a completed order's store and each item bought, each with stars, words and
 * an optional photo (verified reviews, ADR 0016). The server decides who may rate: an order not yet
 * completed, or someone else's, answers in words shown here.
 */
export function RateOrderPage() {
  const { orderId = '' } = useParams<{ orderId: string }>();
  useRequireSession(rateOrderPath(orderId));
  const { isLoggedIn } = useSession();
  const form = useReviewForm(isLoggedIn ? orderId : '');

  let body;
  if (form.isPending) body = <ContentSkeleton label="Loading your order" />;
  else if (form.isError) {
    body = <ErrorState message={form.error.message} onRetry={() => void form.refetch()} />;
  } else {
    const { order, targets } = form.data;
    body = (
      <>
        <p className="lm-rate-intro">
          Order {order.number} from <strong>{order.business.name}</strong>. Your rating helps other
          shoppers; only people who bought here can rate.
        </p>
        <div className="lm-rate-list">
          {targets.map((target) => (
            <ReviewEditor
              key={`${target.subject.kind}:${target.subject.id}`}
              orderId={order.id}
              subject={target.subject}
              image={target.image}
              review={target.review}
            />
          ))}
        </div>
        <p className="lm-rate-links">
          <Link to={orderDetailsPath(order.id)}>Back to the order</Link>
          {' · '}
          <Link to={myReviewsPath}>My reviews</Link>
        </p>
      </>
    );
  }
  return (
    <AppPage
      title={RATE_ORDER_TITLE}
      backTo={orderDetailsPath(orderId)}
      contentClassName="lm-rate-content"
    >
      {body}
    </AppPage>
  );
}
