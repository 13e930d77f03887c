import type { CartLine } from '@localmart/contract';
import { describe, expect, it, vi } from 'vitest';
import { cartLine } from '../../../test/cart-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CartLineItem, unitPriceLabel } from './cart-line-item.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const cad = (amount: number) => ({ amount, currency: 'CAD' });

function renderLine(line: CartLine) {
  const { container } = renderWithProviders(
    <ul>
      <CartLineItem
        line={line}
        busy={false}
        onQuantity={() => undefined}
        onRemove={() => undefined}
      />
    </ul>,
  );
  const price = container.querySelector('.lm-cart-line-price');
  if (!price) throw new Error('no price block');
  return price as HTMLElement;
}

/** What a sighted shopper sees: the price block without the screen-reader-only words. */
function visibleText(element: HTMLElement): string {
  const copy = element.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll('.lm-visually-hidden')) hidden.remove();
  return [...copy.children].map((child) => child.textContent).join(' | ');
}

describe('CartLineItem price', () => {
  it('on sale, 2 of them: the line total, then "2 × $4.19 each", then the regular price struck', () => {
    const price = renderLine(
      cartLine({
        quantity: 2,
        unitPrice: cad(419),
        regularUnitPrice: cad(519),
        lineTotal: cad(838),
      }),
    );
    expect(visibleText(price)).toBe('$8.38 | 2 × $4.19 each | $5.19');
    expect(price.querySelector('s')).toHaveTextContent(/^\$5\.19$/);
    // Aloud it is one sentence that says which figure is which.
    expect(price).toHaveTextContent('Total $8.38, 2 × $4.19 each, regular price $5.19 each', {
      normalizeWhitespace: true,
    });
  });

  it('at the regular price, 2 of them: no struck price', () => {
    const price = renderLine(cartLine({ quantity: 2 }));
    expect(visibleText(price)).toBe('$9.98 | 2 × $4.99 each');
    expect(price.querySelector('s')).toBeNull();
    expect(price).toHaveTextContent('Total $9.98, 2 × $4.99 each');
  });

  it('one on sale: its price and the regular one struck, no "× each"', () => {
    const price = renderLine(
      cartLine({ unitPrice: cad(399), regularUnitPrice: cad(549), lineTotal: cad(399) }),
    );
    expect(visibleText(price)).toBe('$3.99 | $5.49');
    expect(price).toHaveTextContent('$3.99, regular price $5.49');
    expect(price).not.toHaveTextContent('each');
  });

  it('one at the regular price: just the price', () => {
    const price = renderLine(cartLine());
    expect(visibleText(price)).toBe('$4.99');
    expect(price).toHaveTextContent(/^\$4\.99$/);
  });

  it('never strikes a regular price that is lower', () => {
    const lower = renderLine(
      cartLine({
        quantity: 3,
        unitPrice: cad(500),
        regularUnitPrice: cad(450),
        lineTotal: cad(1500),
      }),
    );
    expect(lower.querySelector('s')).toBeNull();
    expect(visibleText(lower)).toBe('$15.00 | 3 × $5.00 each');
  });

  it('unitPriceLabel', () => {
    expect(unitPriceLabel(2, '$4.19')).toBe('2 × $4.19 each');
  });
});
