import {
  catalogEditMessages,
  type ManagedMenuItem,
  type MenuItemCreateRequest,
} from '@localmart/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { MenuItemDialog } from './menu-item-dialog.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const businessId = '11111111-1111-4111-8111-111111111111';
const groupId = '22222222-2222-4222-8222-222222222222';
const smallId = '33333333-3333-4333-8333-333333333333';
const largeId = '44444444-4444-4444-8444-444444444444';

function renderDialog(item: ManagedMenuItem | null = null) {
  const onSave = vi.fn(async (_body: MenuItemCreateRequest) => undefined);
  const onCancel = vi.fn();
  renderWithProviders(
    <MenuItemDialog
      businessId={businessId}
      currency="CAD"
      item={item}
      onSave={onSave}
      onCancel={onCancel}
    />,
  );
  return { onSave, onCancel, user: userEvent.setup() };
}

describe('menu item editor', { timeout: 20_000 }, () => {
  it('builds option groups with prices and refuses more choices than options', async () => {
    const { onSave, user } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Add item' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Flat White');
    await user.type(screen.getByLabelText('Price (CAD)'), '4.75');
    await user.click(screen.getByLabelText('Vegetarian'));

    await user.click(screen.getByRole('button', { name: 'Add option group' }));
    await user.type(screen.getByLabelText('Group 1 name'), 'Milk');
    await user.type(screen.getByLabelText('Group 1 option 1 name'), 'Whole');
    await user.click(screen.getByRole('button', { name: 'Add option to group 1' }));
    await user.type(screen.getByLabelText('Group 1 option 2 name'), 'Oat');
    const oatPrice = screen.getByLabelText('Group 1 option 2 extra price');
    await user.clear(oatPrice);
    await user.type(oatPrice, '0.70');
    await user.click(screen.getByLabelText('Group 1 required'));
    expect(screen.getByLabelText('Group 1 minimum choices')).toHaveValue('1');
    const max = screen.getByLabelText('Group 1 maximum choices');
    await user.clear(max);
    await user.type(max, '3');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Named as the screen names it, never by its field path (optionGroups.0.maxChoices).
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Group 1: The maximum number of choices cannot be more than the number of options\.$/,
    );
    expect(onSave).not.toHaveBeenCalled();

    await user.clear(max);
    await user.type(max, '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]![0]).toEqual({
      name: 'Flat White',
      description: '',
      priceAmount: 475,
      dietaryTags: ['vegetarian'],
      available: true,
      image: null,
      optionGroups: [
        {
          name: 'Milk',
          minChoices: 1,
          maxChoices: 1,
          options: [
            { name: 'Whole', priceDeltaAmount: 0 },
            { name: 'Oat', priceDeltaAmount: 70 },
          ],
        },
      ],
    });
  });

  it('keeps the ids of existing groups and options, and can remove an option or the availability', async () => {
    const { onSave, user } = renderDialog({
      id: '55555555-5555-4555-8555-555555555555',
      sectionId: '66666666-6666-4666-8666-666666666666',
      name: 'Latte',
      description: 'Espresso and milk',
      priceAmount: 525,
      currency: 'CAD',
      image: null,
      dietaryTags: [],
      available: true,
      optionGroups: [
        {
          id: groupId,
          name: 'Size',
          minChoices: 1,
          maxChoices: 1,
          options: [
            { id: smallId, name: 'Small', priceDelta: { amount: 0, currency: 'CAD' } },
            { id: largeId, name: 'Large', priceDelta: { amount: 75, currency: 'CAD' } },
          ],
        },
      ],
    });
    expect(screen.getByLabelText('Price (CAD)')).toHaveValue('5.25');
    expect(screen.getByLabelText('Group 1 option 2 extra price')).toHaveValue('0.75');
    await user.click(screen.getByRole('button', { name: 'Remove group 1 option 1' }));
    await user.click(screen.getByRole('switch', { name: 'Available to order' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('alert')?.textContent ?? null).toBeNull();
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      available: false,
      priceAmount: 525,
      optionGroups: [
        { id: groupId, options: [{ id: largeId, name: 'Large', priceDeltaAmount: 75 }] },
      ],
    });
  });

  it('refuses an option that lowers the price, in the same words as the server', async () => {
    const { onSave, user } = renderDialog();
    await user.type(screen.getByLabelText('Name'), 'Latte');
    await user.type(screen.getByLabelText('Price (CAD)'), '5.00');
    await user.click(screen.getByRole('button', { name: 'Add option group' }));
    await user.type(screen.getByLabelText('Group 1 name'), 'Size');
    await user.type(screen.getByLabelText('Group 1 option 1 name'), 'Small');
    const price = screen.getByLabelText('Group 1 option 1 extra price');
    await user.clear(price);
    await user.type(price, '-0.50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Group 1, option 1: An option cannot lower the price\. Enter 0 or more\.$/,
    );
    expect(catalogEditMessages.optionPriceNegative).toBe(
      'An option cannot lower the price. Enter 0 or more.',
    );
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows the server refusal and stays open', async () => {
    const onSave = vi.fn(async () => {
      throw new Error('Not found in this store.');
    });
    renderWithProviders(
      <MenuItemDialog
        businessId={businessId}
        currency="CAD"
        item={null}
        onSave={onSave}
        onCancel={() => undefined}
      />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Soup');
    await user.type(screen.getByLabelText('Price (CAD)'), '6');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found in this store.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
