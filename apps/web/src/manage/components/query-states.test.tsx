import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QueryStates } from './query-states.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const read = (over: Partial<Parameters<typeof QueryStates<string[]>>[0]['query']>) => ({
  isPending: false,
  isError: false,
  error: null,
  data: undefined,
  refetch: vi.fn(),
  ...over,
});

function show(query: ReturnType<typeof read>) {
  render(
    <QueryStates
      query={query}
      loadingLabel="Loading team…"
      isEmpty={(list: string[]) => list.length === 0}
      emptyTitle="No team members yet"
      emptyText={<p>Introduce the people behind the counter.</p>}
    >
      {(list) => (
        <ul aria-label="Team">
          {list.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </QueryStates>,
  );
}

describe('QueryStates', () => {
  it('says it is loading', () => {
    show(read({ isPending: true }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading team…');
  });

  it('shows the failure with Try again, which reads again', () => {
    const query = read({ isError: true, error: new Error('Boom.') });
    show(query);
    expect(screen.getByRole('alert')).toHaveTextContent('Boom.');
    fireEvent.click(screen.getByText('Try again'));
    expect(query.refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the empty state when the read found nothing', () => {
    show(read({ data: [] }));
    expect(screen.getByText('No team members yet')).toBeVisible();
    expect(screen.getByText('Introduce the people behind the counter.')).toBeVisible();
  });

  it('renders the content with the loaded data', () => {
    show(read({ data: ['Ada', 'Grace'] }));
    expect(screen.getByRole('list', { name: 'Team' })).toHaveTextContent('AdaGrace');
    expect(screen.queryByText('No team members yet')).toBeNull();
  });
});
