import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeleteButton, MoveButtons } from './row-actions.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

function renderMoves(index: number, count: number) {
  const onMove = vi.fn();
  render(
    <MoveButtons
      index={index}
      count={count}
      onMove={onMove}
      earlier={{ text: '←', label: 'Move Ana earlier' }}
      later={{ text: '→', label: 'Move Ana later' }}
    />,
  );
  return onMove;
}

describe('MoveButtons', () => {
  it('moves by one place, named by its label', () => {
    const onMove = renderMoves(1, 3);
    fireEvent.click(screen.getByRole('button', { name: 'Move Ana earlier' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move Ana later' }));
    expect(onMove.mock.calls).toEqual([[0], [2]]);
  });

  it('cannot move the first row earlier nor the last later', () => {
    renderMoves(0, 1);
    expect(screen.getByRole('button', { name: 'Move Ana earlier' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Ana later' })).toBeDisabled();
  });
});

describe('DeleteButton', () => {
  it('deletes only once the owner confirms', () => {
    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    const onDelete = vi.fn();
    render(
      <DeleteButton confirmWhat="Ana" onDelete={onDelete}>
        Delete Ana
      </DeleteButton>,
    );
    const button = screen.getByRole('button', { name: 'Delete Ana' });
    fireEvent.click(button);
    expect(onDelete).not.toHaveBeenCalled();
    fireEvent.click(button);
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(confirm).toHaveBeenCalledWith('Delete Ana? This cannot be undone.');
  });
});
