import { type ContactMessage } from '@localmart/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCurrentStore, useStoreDateTime } from '../../lib/store-context.tsx';
import { ManagePage } from '../../shell/manage-page.tsx';
import { catalogEditApi, catalogEditKeys } from '../../lib/catalog-edit-api.ts';
import '../../components/buttons.css';
import '../../components/catalog-editor.css';
import { QueryStates } from '../../components/query-states.tsx';

/** Messages shoppers sent through the store's contact form, newest first, 50 at a time. */
export function MessagesPage() {
  const store = useCurrentStore();
  const sentAt = useStoreDateTime();
  const api = catalogEditApi(store.businessId);
  const messages = useInfiniteQuery({
    queryKey: catalogEditKeys.messages(store.businessId),
    queryFn: ({ pageParam }) => api.listMessages(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const list: ContactMessage[] = messages.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <ManagePage title="Messages" subtitle="What shoppers wrote through your store's contact form.">
      <QueryStates
        query={messages}
        loadingLabel="Loading messages…"
        isEmpty={() => list.length === 0}
        emptyTitle="No messages yet"
        emptyText={
          <p>When a shopper writes to you from your store page, the message shows here.</p>
        }
      >
        {() => (
          <>
            <ul className="ce-messages" aria-label="Contact messages">
              {list.map((message) => (
                <li key={message.id} className="mys-card">
                  <article aria-label={`Message from ${message.name}`}>
                    <header className="ce-section-header">
                      <strong>{message.name}</strong>
                      <time dateTime={message.createdAt} className="ce-muted">
                        {sentAt(message.createdAt)}
                      </time>
                    </header>
                    <div className="ce-row-actions">
                      <a href={`mailto:${message.email}`}>{message.email}</a>
                      {message.phone ? <a href={`tel:${message.phone}`}>{message.phone}</a> : null}
                    </div>
                    <p className="ce-message">{message.message}</p>
                  </article>
                </li>
              ))}
            </ul>
            {messages.hasNextPage ? (
              <button
                type="button"
                className="mys-plain-button"
                disabled={messages.isFetchingNextPage}
                onClick={() => void messages.fetchNextPage()}
              >
                {messages.isFetchingNextPage ? 'Loading…' : 'Show older messages'}
              </button>
            ) : null}
          </>
        )}
      </QueryStates>
    </ManagePage>
  );
}
