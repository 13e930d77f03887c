import {
  isSuccess,
  type PendingProductContent,
  pendingProductContentResponse,
  storeProductPaths,
} from '@localmart/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QueryStates } from '../../components/query-states.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { http } from '../../../lib/http.ts';
import { assertSuccess } from '../../lib/api-answer.ts';
import { ManagePage } from '../../shell/manage-page.tsx';
import { AdminNav } from './admin-nav.tsx';
import '../../components/buttons.css';
import '../../components/visually-hidden.css';
import './admin.css';

const pendingKey = ['manage', 'admin', 'product-content'] as const;

function usePendingContent() {
  return useQuery({
    queryKey: pendingKey,
    queryFn: async (): Promise<PendingProductContent[]> => {
      const answer = await http.get(
        storeProductPaths.adminPending,
        undefined,
        pendingProductContentResponse,
      );
      assertSuccess(answer);
      return answer.results;
    },
  });
}

/**
 * /manage/admin/product-content: what stores wrote for a barcode the catalogue did not have (ADR
 * 0020). Until confirmed it shows only with its own store's offer; confirming makes it the content
 * every store selling that barcode can find and show.
 */
export function AdminProductContentPage() {
  const pending = usePendingContent();
  return (
    <ManagePage
      title="Product content"
      subtitle="Product content stores wrote for a barcode. It shows only with that store's offer until you confirm it for everyone."
    >
      <AdminNav />
      <QueryStates
        query={pending}
        isEmpty={(rows) => rows.length === 0}
        emptyTitle="No product content is waiting."
      >
        {(rows) => (
          <div className="mys-admin-table-wrap">
            <table className="mys-table">
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">GTIN</th>
                  <th scope="col">Written by</th>
                  <th scope="col">
                    <span className="mys-visually-hidden">Confirm</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <ContentRow key={row.productId} row={row} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryStates>
    </ManagePage>
  );
}

function ContentRow({ row }: { row: PendingProductContent }) {
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: async () => {
      const answer = await http.postJson(storeProductPaths.adminConfirm(row.productId), {});
      return { ok: isSuccess(answer), message: answer.message ?? '' };
    },
    onSuccess: (answer) => {
      if (answer.ok) void queryClient.invalidateQueries({ queryKey: pendingKey });
    },
  });
  const answer = confirm.data;
  const failure = confirm.isError
    ? errorMessage(confirm.error)
    : answer && !answer.ok
      ? answer.message
      : null;
  return (
    <tr>
      <td>
        <strong>{row.title}</strong>
        <div>{row.brand}</div>
        {row.description ? <p className="mys-admin-error">{row.description}</p> : null}
        {row.images.length > 0 ? (
          <img src={row.images[0]!.url} alt="" width={64} height={64} />
        ) : null}
      </td>
      <td>{row.gtin}</td>
      <td>
        {row.storeName}
        <div>{formatDateTime(row.createdAt)}</div>
        {row.storeApproved ? null : (
          <span className="mys-badge mys-badge-warning">Under review</span>
        )}
      </td>
      <td>
        <button
          type="button"
          className="mys-plain-button mys-plain-button-small"
          aria-label={`Confirm ${row.title} for everyone`}
          disabled={confirm.isPending || !row.storeApproved}
          onClick={() => confirm.mutate()}
        >
          Confirm for everyone
        </button>
        {answer?.ok ? <p role="status">{answer.message}</p> : null}
        {failure ? (
          <p className="mys-field-error" role="alert">
            {failure}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
