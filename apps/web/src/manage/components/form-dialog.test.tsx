import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FormDialog } from './form-dialog.tsx';

function renderDialog(props: Partial<Parameters<typeof FormDialog>[0]> = {}) {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  render(
    <FormDialog title="New flyer" onSubmit={onSubmit} onCancel={onCancel} {...props}>
      <label>
        Title
        <input defaultValue="Weekly flyer" />
      </label>
    </FormDialog>,
  );
  return { onSubmit, onCancel };
}

describe('FormDialog', () => {
  it('is a modal dialog named by its title, focused on its first field', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'New flyer' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveFocus();
  });

  it('submits with its button and cancels with Cancel or Escape', () => {
    const { onSubmit, onCancel } = renderDialog({ saveLabel: 'Create flyer' });
    fireEvent.click(screen.getByRole('button', { name: 'Create flyer' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('shows the busy label on a disabled submit, and announces the error', () => {
    renderDialog({ busy: true, busyLabel: 'Creating…', error: 'Choose the first and last day.' });
    expect(screen.getByRole('button', { name: 'Creating…' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Choose the first and last day.');
  });
});
