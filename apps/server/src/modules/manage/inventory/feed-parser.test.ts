import { inventoryMessages, OPEN_ENDED_SALE } from '@localmart/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../plugins/errors.ts';
import { demoGtin13 } from '../../catalog/demo/gtin.ts';
import { detectDelimiter, feedText, parseFeed, parsePrice } from './feed-parser.ts';
import { buildFeed } from './inventory-test-support.ts';

const STORE = { storeCode: 'maple-grocer', currency: 'CAD' };
const GTIN = demoGtin13(1, 0, 'item');
const GTIN_2 = demoGtin13(2, 0, 'item');
const row = (cells: Record<string, string | number | null> = {}) => ({
  store_code: STORE.storeCode,
  id: 'SKU-1',
  quantity: 5,
  price: '3.99',
  ...cells,
});

function refusal(run: () => unknown): { status: number; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('not refused');
}

/** The one error of a one-row feed built from `cells`. */
function onlyError(cells: Record<string, string | number | null>) {
  const parsed = parseFeed(buildFeed([row(cells)]), STORE);
  expect(parsed.rows).toEqual([]);
  expect(parsed.errors).toHaveLength(1);
  return parsed.errors[0]!;
}

describe('inventory feed parser', () => {
  it('reads a CSV feed into rows with line numbers, prices in cents and pickup fields', () => {
    const text = buildFeed([
      row({ gtin: GTIN, pickup_method: 'Reserve', pickup_sla: 'same day' }),
      row({ id: 'SKU-2', quantity: 0, price: '12 CAD', availability: 'out of stock' }),
    ]);
    const parsed = parseFeed(text, STORE);
    expect(parsed.format).toBe('csv');
    expect(parsed.rowsTotal).toBe(2);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toEqual([
      expect.objectContaining({
        line: 2,
        sku: 'SKU-1',
        gtin14: `0${GTIN}`,
        quantity: 5,
        price: 399,
        setSale: false,
        pickupMethod: 'reserve',
        pickupSla: 'same day',
      }),
      expect.objectContaining({ line: 3, sku: 'SKU-2', quantity: 0, price: 1200 }),
    ]);
  });

  it('reads TSV (detected by tabs in the header, or by the hint), a BOM, CRLF and quoted fields', () => {
    const tsv = `\uFEFF${buildFeed([row({ id: 'A "quoted" id' })], { format: 'tsv', lineEnd: '\r\n' })}`;
    expect(detectDelimiter(tsv)).toBe('\t');
    const parsed = parseFeed(tsv, STORE);
    expect(parsed.format).toBe('tsv');
    expect(parsed.rows[0]).toMatchObject({ line: 2, sku: 'A "quoted" id', quantity: 5 });

    const csv = `\uFEFF${buildFeed([row({ id: 'a, "b"' }), row({ id: 'c' })], { lineEnd: '\r\n' })}`;
    const rows = parseFeed(csv, STORE).rows;
    expect(rows.map((r) => [r.line, r.sku])).toEqual([
      [2, 'a, "b"'],
      [3, 'c'],
    ]);
    expect(
      parseFeed('store_code\tid\tquantity\nmaple-grocer\tX\t1\n', STORE, 'tsv').rows,
    ).toHaveLength(1);
  });

  it('takes header names in any case and notes the columns it ignores', () => {
    const text = 'Store_Code,ID,Quantity,Colour\nmaple-grocer,X,3,red\n';
    const parsed = parseFeed(text, STORE);
    expect(parsed.rows[0]).toMatchObject({ sku: 'X', quantity: 3 });
    expect(parsed.notes).toEqual([inventoryMessages.ignoredColumns(['Colour'])]);
  });

  it('refuses a file without the required columns, naming them', () => {
    expect(refusal(() => parseFeed('gtin,price\n123,1\n', STORE))).toEqual({
      status: 400,
      message: inventoryMessages.missingColumns(['quantity or availability']),
    });
    expect(refusal(() => parseFeed('store_code,quantity\nx,1\n', STORE)).message).toContain(
      'id or gtin',
    );
    // store_code may be left out (the store is known); an empty cell is this store too.
    expect(parseFeed('id,quantity\nX,1\n', STORE).rows).toHaveLength(1);
    expect(parseFeed('store_code,id,quantity\n,X,1\n', STORE).rows).toHaveLength(1);
  });

  it('refuses a header without rows, and bytes that are not text', () => {
    expect(refusal(() => parseFeed('store_code,id,quantity\n', STORE))).toEqual({
      status: 400,
      message: inventoryMessages.noDataRows,
    });
    expect(refusal(() => feedText(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0x00])))).toEqual({
      status: 400,
      message: inventoryMessages.notText,
    });
  });

  it("reports a store_code that is not this store's", () => {
    expect(onlyError({ store_code: 'other-shop' })).toEqual({
      line: 2,
      column: 'store_code',
      reason: "store_code other-shop is not this store's code (maple-grocer).",
    });
  });

  it('reports rows without an id or gtin, and invalid GTINs', () => {
    expect(onlyError({ id: null })).toMatchObject({ line: 2, column: 'id' });
    const bad = `${GTIN.slice(0, -1)}${(Number(GTIN.slice(-1)) + 1) % 10}`;
    expect(onlyError({ gtin: bad })).toMatchObject({
      column: 'gtin',
      reason: expect.stringContaining(`gtin ${bad} is not a valid GTIN`),
    });
    expect(onlyError({ gtin: '12345' })).toMatchObject({ column: 'gtin' });
  });

  it('reports the same item twice with the line it first appeared on', () => {
    const parsed = parseFeed(
      buildFeed([
        row({ gtin: GTIN }),
        row({ id: 'SKU-2', gtin: GTIN_2 }),
        row({ id: 'SKU-1' }),
        row({ id: 'SKU-3', gtin: `0${GTIN}` }),
      ]),
      STORE,
    );
    expect(parsed.rows.map((r) => r.line)).toEqual([2, 3]);
    expect(parsed.errors).toEqual([
      { line: 4, column: 'id', reason: 'Same item as line 2 (id SKU-1).' },
      { line: 5, column: 'gtin', reason: `Same item as line 2 (gtin 0${GTIN}).` },
    ]);
  });

  it('checks quantity and availability together', () => {
    expect(onlyError({ quantity: '-1' })).toMatchObject({ line: 2, column: 'quantity' });
    expect(onlyError({ quantity: '2.5' })).toMatchObject({ column: 'quantity' });
    expect(onlyError({ quantity: null })).toMatchObject({ column: 'quantity' });
    expect(onlyError({ availability: 'sold out' })).toMatchObject({ column: 'availability' });
    expect(onlyError({ availability: 'out_of_stock', quantity: 4 })).toEqual({
      line: 2,
      column: 'availability',
      reason: 'availability is out_of_stock but quantity is 4: one of them is wrong.',
    });
    const parsed = parseFeed(
      buildFeed([row({ quantity: null, availability: 'out_of_stock' })]),
      STORE,
    );
    expect(parsed.rows[0]).toMatchObject({ quantity: 0 });
  });

  it('checks prices: format, currency, and a sale below the price', () => {
    expect(onlyError({ price: 'free' })).toMatchObject({ column: 'price' });
    expect(onlyError({ price: '3.99 USD' })).toEqual({
      line: 2,
      column: 'price',
      reason: 'price is in USD, but this store sells in CAD.',
    });
    expect(onlyError({ sale_price: '3.99' })).toMatchObject({ column: 'sale_price' });
    expect(onlyError({ sale_price: 'x' })).toMatchObject({ column: 'sale_price' });
  });

  it('refuses a negative price or sale price, saying so', () => {
    expect(onlyError({ price: '-5.00' })).toEqual({
      line: 2,
      column: 'price',
      reason: 'price -5.00 is negative; write 0 or more, like 3.99.',
    });
    expect(onlyError({ price: '-1 CAD' })).toMatchObject({ column: 'price' });
    expect(onlyError({ sale_price: '-0.50' })).toEqual({
      line: 2,
      column: 'sale_price',
      reason: 'sale_price -0.50 is negative; write 0 or more, like 3.99.',
    });
  });

  it('reads sale dates as an interval, and a sale without dates as open-ended', () => {
    const parsed = parseFeed(
      buildFeed([
        row({
          sale_price: '2.99 CAD',
          sale_price_effective_date: '2026-11-20T00:00-0500/2026-11-27T00:00-05:00',
        }),
        row({ id: 'SKU-2', sale_price: '1.50' }),
        row({ id: 'SKU-3' }),
      ]),
      STORE,
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows[0]).toMatchObject({
      saleAmount: 299,
      saleStartsAt: '2026-11-20T05:00:00.000Z',
      saleEndsAt: '2026-11-27T05:00:00.000Z',
    });
    expect(parsed.rows[1]).toMatchObject({
      saleAmount: 150,
      saleStartsAt: OPEN_ENDED_SALE.startsAt,
      saleEndsAt: OPEN_ENDED_SALE.endsAt,
    });
    // The file has a sale_price column: an empty cell clears the sale.
    expect(parsed.rows[2]).toMatchObject({ setSale: true, saleAmount: null });

    expect(
      onlyError({ sale_price: '2.99', sale_price_effective_date: '2026-11-20/2026-11-27' }),
    ).toMatchObject({ column: 'sale_price_effective_date' });
    expect(
      onlyError({
        sale_price: '2.99',
        sale_price_effective_date: '2026-11-27T00:00Z/2026-11-20T00:00Z',
      }),
    ).toEqual({
      line: 2,
      column: 'sale_price_effective_date',
      reason: 'The sale must end after it starts.',
    });
    expect(
      onlyError({ sale_price_effective_date: '2026-11-20T00:00Z/2026-11-27T00:00Z' }),
    ).toMatchObject({
      column: 'sale_price_effective_date',
    });
  });

  it('checks pickup_method and pickup_sla against Google’s values', () => {
    expect(onlyError({ pickup_method: 'drone' })).toMatchObject({ column: 'pickup_method' });
    expect(onlyError({ pickup_sla: 'tomorrow' })).toMatchObject({ column: 'pickup_sla' });
    const parsed = parseFeed(
      buildFeed([row({ pickup_method: 'ship_to_store', pickup_sla: 'Multi-Week' })]),
      STORE,
    );
    expect(parsed.rows[0]).toMatchObject({
      pickupMethod: 'ship to store',
      pickupSla: 'multi-week',
    });
  });

  it('reports bad rows by their own line, skipping blank lines, and keeps the good ones', () => {
    const text = `store_code,id,quantity\nmaple-grocer,A,1\n\nother,B,2\nmaple-grocer,C,x\nmaple-grocer,D,4\n`;
    const parsed = parseFeed(text, STORE);
    expect(parsed.rowsTotal).toBe(4);
    expect(parsed.rows.map((r) => [r.line, r.sku])).toEqual([
      [2, 'A'],
      [6, 'D'],
    ]);
    expect(parsed.errors.map((e) => [e.line, e.column])).toEqual([
      [4, 'store_code'],
      [5, 'quantity'],
    ]);
  });

  it('counts lines the same with and without quoted fields (blank lines included)', () => {
    const plain = 'store_code,id,quantity\r\nmaple-grocer,A,1\r\n\r\nother,B,2\r\n';
    const quoted = 'store_code,id,quantity\r\nmaple-grocer,"A",1\r\n\r\nother,"B",2\r\n';
    for (const text of [plain, quoted]) {
      const parsed = parseFeed(text, STORE);
      expect(parsed.rows.map((r) => [r.line, r.sku])).toEqual([[2, 'A']]);
      expect(parsed.errors.map((e) => e.line)).toEqual([4]);
    }
  });

  it('detects the delimiter: comma, semicolon or tab, whichever the header has most of', () => {
    expect(detectDelimiter('sku,qty,price\n')).toBe(',');
    expect(detectDelimiter('sku;qty;price\nA;1;3,99\n')).toBe(';');
    expect(detectDelimiter('sku\tqty\tprice\n')).toBe('\t');
    // A comma inside a quoted header does not count.
    expect(detectDelimiter('"name, long";sku;qty\n')).toBe(';');
    const semicolon = parseFeed('SKU;Qty;Price\nA-1;4;3,99\nA-2;0;"1.234,56"\n', STORE);
    expect(semicolon.format).toBe('csv');
    expect(semicolon.delimiter).toBe(';');
    expect(semicolon.errors).toEqual([]);
    expect(semicolon.rows).toEqual([
      expect.objectContaining({ line: 2, sku: 'A-1', quantity: 4, price: 399 }),
      expect.objectContaining({ line: 3, sku: 'A-2', quantity: 0, price: 123456 }),
    ]);
    const tab = parseFeed('Item code\tOn hand\nB-1\t7\n', STORE);
    expect(tab.rows).toEqual([expect.objectContaining({ sku: 'B-1', quantity: 7 })]);
  });

  it('reads money as people write it, in the store locale, and refuses what is not a price', () => {
    const cents = (value: string, decimal: '.' | ',' = '.') =>
      parsePrice(value, 'price', 'CAD', decimal);
    expect(cents('$3.99')).toBe(399);
    expect(cents('CA$3.99')).toBe(399);
    expect(cents('3.99 $')).toBe(399);
    expect(cents('CAD 3.99')).toBe(399);
    expect(cents('3,99')).toBe(399);
    expect(cents('3,5')).toBe(350);
    expect(cents('1,234.56')).toBe(123456);
    expect(cents('1.234,56')).toBe(123456);
    expect(cents('1 234,56')).toBe(123456);
    expect(cents('1\u00a0234.50')).toBe(123450);
    expect(cents('1,234')).toBe(123400);
    expect(cents('12')).toBe(1200);
    // In a decimal-comma locale the comma is the decimal and the point groups thousands.
    expect(cents('3,99', ',')).toBe(399);
    expect(cents('1.234,56', ',')).toBe(123456);
    expect(cents('1.234', ',')).toBe(123400);
    const reason = (value: string) => {
      try {
        cents(value);
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(reason('3.999')).toBe('price "3.999" has more than two decimals; write it like 3.99.');
    expect(reason('€3.99')).toBe('price is in EUR, but this store sells in CAD.');
    expect(reason('US$3.99')).toBe('price is in USD, but this store sells in CAD.');
    expect(reason('$-3.99')).toBe('price $-3.99 is negative; write 0 or more, like 3.99.');
    for (const bad of ['3.', '1,23,4', '3..99', '$', 'three', '1,234,5', '12 34']) {
      expect(reason(bad), bad).toMatch(/is not a price|more than two decimals/);
    }
  });

  it('maps common header names (SKU, Qty, UPC, Sale price, Name) and the store mapping first', () => {
    const text =
      'Name,SKU,UPC,Qty,Price,Sale Price,Colour\nMilk 2 L,M-2,' + GTIN + ',12,$5.49,$4.99,white\n';
    const parsed = parseFeed(text, STORE);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows[0]).toMatchObject({
      sku: 'M-2',
      gtin: GTIN,
      quantity: 12,
      price: 549,
      saleAmount: 499,
    });
    expect(parsed.columns).toEqual([
      { header: 'Name', target: 'title', how: 'recognised' },
      { header: 'SKU', target: 'id', how: 'recognised' },
      { header: 'UPC', target: 'gtin', how: 'recognised' },
      { header: 'Qty', target: 'quantity', how: 'recognised' },
      { header: 'Price', target: 'price', how: 'recognised' },
      { header: 'Sale Price', target: 'sale_price', how: 'recognised' },
      { header: 'Colour', target: 'ignore', how: 'ignored' },
    ]);
    // A till system's own headers, mapped once by the store; a mapped 'ignore' wins over a name.
    const till = 'Artikelnr;Bestand;VK;Qty\nZ-9;3;2,50;99\n';
    expect(refusal(() => parseFeed(till, STORE)).message).toBe(
      inventoryMessages.missingColumns(['id or gtin']),
    );
    const mapped = parseFeed(till, {
      ...STORE,
      columnMap: { artikelnr: 'id', bestand: 'quantity', vk: 'price', qty: 'ignore' },
    });
    expect(mapped.errors).toEqual([]);
    expect(mapped.rows[0]).toMatchObject({ sku: 'Z-9', quantity: 3, price: 250 });
    expect(mapped.columns.map((c) => [c.header, c.target, c.how])).toEqual([
      ['Artikelnr', 'id', 'mapped'],
      ['Bestand', 'quantity', 'mapped'],
      ['VK', 'price', 'mapped'],
      ['Qty', 'ignore', 'mapped'],
    ]);
  });
});
