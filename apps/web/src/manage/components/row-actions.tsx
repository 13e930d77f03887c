import type { ReactNode } from 'react';
import { confirmDelete } from '../lib/confirm-delete.ts';
import './buttons.css';

/**
 * The buttons of one row of a catalogue list (menus, sections, dishes, services, team, gallery):
 * edit, move by one place, delete. Each page keeps its own wording (the browser tests find the
 * buttons by name); these only hold the classes, the first/last limits and the delete question.
 */

type Tone = 'primary' | 'danger';

function buttonClass(small: boolean, tone?: Tone) {
  return [
    'mys-plain-button',
    small ? 'mys-plain-button-small' : null,
    tone ? `mys-plain-button-${tone}` : null,
  ]
    .filter(Boolean)
    .join(' ');
}

export function RowButton({
  onClick,
  children,
  label,
  disabled,
  tone,
  small = true,
}: {
  onClick: () => void;
  children: ReactNode;
  /** The accessible name when the text alone is a glyph or too short ("←", "Up"). */
  label?: string;
  disabled?: boolean;
  tone?: Tone;
  /** false: the larger button of a section header. */
  small?: boolean;
}) {
  return (
    <button
      type="button"
      className={buttonClass(small, tone)}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** A delete button that asks first ("Delete {confirmWhat}? This cannot be undone."). */
export function DeleteButton({
  confirmWhat,
  onDelete,
  children,
  small = true,
}: {
  confirmWhat: string;
  onDelete: () => void;
  children: ReactNode;
  small?: boolean;
}) {
  return (
    <RowButton
      tone="danger"
      small={small}
      onClick={() => {
        if (confirmDelete(confirmWhat)) onDelete();
      }}
    >
      {children}
    </RowButton>
  );
}

/** What one move button shows, and its accessible name when the text is not enough. */
export type MoveWording = { text: ReactNode; label?: string };

/**
 * Move earlier / later by one place; `onMove` gets the new position. The first row cannot move
 * earlier nor the last later, so those buttons are disabled.
 */
export function MoveButtons({
  index,
  count,
  onMove,
  earlier,
  later,
  small = true,
}: {
  index: number;
  count: number;
  onMove: (position: number) => void;
  earlier: MoveWording;
  later: MoveWording;
  small?: boolean;
}) {
  return (
    <>
      <RowButton
        small={small}
        label={earlier.label}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        {earlier.text}
      </RowButton>
      <RowButton
        small={small}
        label={later.label}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        {later.text}
      </RowButton>
    </>
  );
}
