import {
  FEED_AVAILABILITIES,
  FEED_HEADER_ALIASES,
  FEED_REQUIRED_COLUMNS,
  type FeedColumn,
  type FeedColumnMap,
  type FeedFileColumn,
  type FeedError,
  type FeedFormat,
  inventoryMessages,
  isValidGtin,
  normalizeFeedHeader,
  OPEN_ENDED_SALE,
  PICKUP_METHODS,
  PICKUP_SLAS,
  PRICE_MAX_MINOR,
} from '@localmart/contract';
import { parse } from 'csv-parse/sync';
import { HttpError } from '../../../plugins/errors.ts';

/**
 * Reads a Google local inventory feed (CSV or TSV) and checks every row against the store, without
 * touching the database: what is left to decide (does this id or GTIN exist?) is the apply step's.
 * A file that cannot be a feed at all (not text, no rows, required columns missing) is refused with
 * a 400; a bad row is reported with its line (header = line 1), its column and a plain reason.
 */

/** What a good row asks for. `null` fields leave the offer's value as it is. */
export interface FeedRow {
  line: number;
  /** The store's own item id (`id`), matched against offers.sku. */
  sku: string | null;
  /** GTIN as 14 digits (shorter ones zero-padded), so UPC-12 and EAN-13 of one item compare equal. */
  gtin14: string | null;
  /** As written in the file, for messages. */
  gtin: string | null;
  quantity: number;
  /** Cents; null when the file gives none (the offer's price stays). */
  price: number | null;
  /** Whether this row sets the sale (the file has a sale_price column); an empty cell clears it. */
  setSale: boolean;
  saleAmount: number | null;
  saleStartsAt: string | null;
  saleEndsAt: string | null;
  pickupMethod: string | null;
  pickupSla: string | null;
}

export interface ParsedFeed {
  format: FeedFormat;
  /** The character that separates cells: ',' ';' or a tab. */
  delimiter: FeedDelimiter;
  /** How each column of the header was read. */
  columns: FeedFileColumn[];
  /** Data rows in the file, good and bad. */
  rowsTotal: number;
  rows: FeedRow[];
  errors: FeedError[];
  /** About the whole file (ignored columns). */
  notes: string[];
}

export interface FeedStore {
  storeCode: string;
  currency: string;
  /** The decimal separator of the store's locale ('.' in en-CA); the other one groups thousands. */
  decimal?: '.' | ',';
  /** The store's remembered mapping: normalized header -> what it holds (feeds.ts). */
  columnMap?: FeedColumnMap;
}

export type FeedDelimiter = ',' | ';' | '\t';

const MAX_QUANTITY = 1_000_000_000;
/** A price must fit its integer column: the contract's PRICE_MAX_MINOR (999,999.99). */
const MAX_PRICE_CENTS = PRICE_MAX_MINOR;

/** Text of the bytes, or a 400 when they are not UTF-8 text (a spreadsheet, an image...). */
export function feedText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, inventoryMessages.notText);
  }
  if (text.includes('\u0000')) throw new HttpError(400, inventoryMessages.notText);
  return text;
}

class RowProblem extends Error {
  constructor(
    readonly column: FeedColumn | null,
    reason: string,
  ) {
    super(reason);
  }
}

const problem = (column: FeedColumn | null, reason: string) => new RowProblem(column, reason);

/** Currency signs a price may carry; the amount is read in the store's currency either way. */
const CURRENCY_SIGNS = /^(?:[A-Z]{0,2}\$|€|£|₹|¥|R\$|Rs\.?)|(?:[A-Z]{0,2}\$|€|£|₹|¥)$/;

/** Signs that name one currency ("$" does not: dollars of many countries). */
const SIGN_CURRENCIES: Readonly<Record<string, string>> = {
  '€': 'EUR',
  '£': 'GBP',
  '₹': 'INR',
  Rs: 'INR',
  'Rs.': 'INR',
  CA$: 'CAD',
  C$: 'CAD',
  US$: 'USD',
  A$: 'AUD',
  AU$: 'AUD',
};

/**
 * The amount of a price as people write it, tolerantly: "3.99", "$3.99", "3.99 CAD", "CAD 3.99",
 * "3,99", "1,234.56", "1.234,56", "1 234,56". The store's decimal separator (its locale's) wins when
 * a number could be read both ways ("1,234" in en-CA is one thousand two hundred and thirty-four);
 * a lone other separator followed by one or two digits is a decimal ("3,99" is 3.99 in en-CA too,
 * since a thousands group always has three digits). A currency code must be the store's.
 */
export function parsePrice(
  value: string,
  column: FeedColumn,
  currency: string,
  decimal: '.' | ',' = '.',
): number {
  const example = decimal === ',' ? '3,99' : '3.99';
  let text = value.replace(/[\u00a0\u202f]/g, ' ').trim();
  if (/^[-\u2212(]/.test(text) || /^[^\d]*[-\u2212]\s*\d/.test(text)) {
    throw problem(column, `${column} ${value} is negative; write 0 or more, like ${example}.`);
  }
  const code = /^([A-Za-z]{3})\s*(?=[\d$€£₹¥])|(?<=[\d$€£₹¥])\s*([A-Za-z]{3})$/.exec(text);
  if (code) {
    const given = (code[1] ?? code[2] ?? '').toUpperCase();
    if (given !== currency) {
      throw problem(column, `${column} is in ${given}, but this store sells in ${currency}.`);
    }
    text = text.replace(code[0], '').trim();
  }
  const sign = CURRENCY_SIGNS.exec(text)?.[0];
  const signCurrency = sign ? SIGN_CURRENCIES[sign] : undefined;
  if (signCurrency !== undefined && signCurrency !== currency) {
    throw problem(column, `${column} is in ${signCurrency}, but this store sells in ${currency}.`);
  }
  text = text.replace(CURRENCY_SIGNS, '').trim();
  const notPrice = () =>
    problem(
      column,
      `${column} "${value}" is not a price; write it like ${example} or $${example}.`,
    );
  if (!/^\d[\d.,' ]*$/.test(text) || /[.,' ]$/.test(text)) throw notPrice();
  const other = decimal === '.' ? ',' : '.';
  let whole = text;
  let fraction = '';
  const lastDecimal = text.lastIndexOf(decimal);
  const lastOther = text.lastIndexOf(other);
  let decimalAt = -1;
  if (lastDecimal >= 0 && lastDecimal > lastOther) decimalAt = lastDecimal;
  else if (lastOther > lastDecimal && lastDecimal < 0) {
    // Only the other separator: a decimal when it is the only one and 1-2 digits follow it.
    const after = text.length - lastOther - 1;
    const count = text.split(other).length - 1;
    if (count === 1 && after <= 2) decimalAt = lastOther;
  } else if (lastOther > lastDecimal) {
    // "1.234,56" in a '.'-decimal store: the last separator is the decimal one.
    decimalAt = lastOther;
  }
  if (decimalAt >= 0) {
    whole = text.slice(0, decimalAt);
    fraction = text.slice(decimalAt + 1);
    if (!/^\d{1,2}$/.test(fraction)) {
      throw problem(
        column,
        `${column} "${value}" has more than two decimals; write it like ${example}.`,
      );
    }
  }
  // What is left of the whole part is digits, grouped by one kind of separator in 2-3 digit groups
  // (1,23,456 is how en-IN groups), the last group three digits.
  const groups = whole.split(/[.,' ]/);
  if (groups.length > 1) {
    const separators = new Set(whole.replace(/\d/g, ''));
    const [first, ...rest] = groups;
    if (
      separators.size !== 1 ||
      !/^\d{1,3}$/.test(first ?? '') ||
      rest.some((group) => !/^\d{2,3}$/.test(group)) ||
      (rest.at(-1)?.length ?? 3) !== 3 ||
      (decimalAt >= 0 && separators.has(text[decimalAt]!))
    ) {
      throw notPrice();
    }
  }
  const digits = groups.join('');
  if (!/^\d{1,10}$/.test(digits)) throw notPrice();
  const cents = Number(digits) * 100 + Number(fraction.padEnd(2, '0'));
  if (cents > MAX_PRICE_CENTS) {
    throw problem(column, `${column} ${value} is too large; the most a price can be is 999999.99.`);
  }
  return cents;
}

/** ISO 8601 date-time with a time and an offset; "-0500" offsets are accepted too (Google's examples). */
function parseInstant(value: string): number | null {
  const match =
    /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}(?::?\d{2})?)$/.exec(
      value,
    );
  if (!match) return null;
  const [, local = '', zone = ''] = match;
  const offset =
    zone === 'Z' ? 'Z' : zone.length === 3 ? `${zone}:00` : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const time = Date.parse(`${local}${offset}`);
  return Number.isNaN(time) ? null : time;
}

/** "start/end" -> ISO instants, end after start. */
export function parseSaleDates(value: string): { startsAt: string; endsAt: string } {
  const parts = value.split('/');
  const start = parts.length === 2 ? parseInstant(parts[0]!.trim()) : null;
  const end = parts.length === 2 ? parseInstant(parts[1]!.trim()) : null;
  if (start === null || end === null) {
    throw problem(
      'sale_price_effective_date',
      `sale_price_effective_date "${value}" is not a start/end pair; write it like 2026-11-20T00:00-05:00/2026-11-27T00:00-05:00.`,
    );
  }
  if (end <= start) {
    throw problem('sale_price_effective_date', 'The sale must end after it starts.');
  }
  return { startsAt: new Date(start).toISOString(), endsAt: new Date(end).toISOString() };
}

function oneOf<T extends string>(
  value: string,
  allowed: readonly T[],
  column: FeedColumn,
  normalise: (raw: string) => string,
): T {
  const normalised = normalise(value);
  const found = allowed.find((candidate) => candidate === normalised);
  if (found === undefined) {
    throw problem(column, `${column} "${value}" is not one of: ${allowed.join(', ')}.`);
  }
  return found;
}

const underscored = (raw: string) => raw.trim().toLowerCase().replace(/\s+/g, '_');
const spaced = (raw: string) => raw.trim().toLowerCase().replace(/_/g, ' ').replace(/\s+/g, ' ');

type Cells = Partial<Record<FeedColumn, string>>;

interface RowContext {
  store: FeedStore;
  hasSaleColumn: boolean;
  /** First line of each id / GTIN seen, for "Same item as line N". */
  seenIds: Map<string, number>;
  seenGtins: Map<string, number>;
}

function checkRow(cells: Cells, line: number, context: RowContext): FeedRow {
  const { store } = context;
  // The store is known (the upload's, the API key's): store_code may be left out, but a code that
  // names another store is a row meant for someone else.
  const storeCode = cells.store_code ?? '';
  if (storeCode !== '' && storeCode !== store.storeCode) {
    throw problem(
      'store_code',
      `store_code ${storeCode} is not this store's code (${store.storeCode}).`,
    );
  }

  const sku = cells.id || null;
  const gtin = cells.gtin || null;
  if (sku === null && gtin === null) throw problem('id', 'The row has neither an id nor a gtin.');
  if (sku !== null && sku.length > 100) throw problem('id', 'id can be at most 100 characters.');
  let gtin14: string | null = null;
  if (gtin !== null) {
    if (!isValidGtin(gtin)) {
      throw problem(
        'gtin',
        `gtin ${gtin} is not a valid GTIN (8, 12, 13 or 14 digits ending in a correct check digit).`,
      );
    }
    gtin14 = gtin.padStart(14, '0');
  }
  if (sku !== null) {
    const first = context.seenIds.get(sku);
    if (first !== undefined) throw problem('id', `Same item as line ${first} (id ${sku}).`);
  }
  if (gtin14 !== null) {
    const first = context.seenGtins.get(gtin14);
    if (first !== undefined) throw problem('gtin', `Same item as line ${first} (gtin ${gtin}).`);
  }

  const availability = cells.availability
    ? oneOf(cells.availability, FEED_AVAILABILITIES, 'availability', underscored)
    : null;
  let quantity: number;
  if (cells.quantity) {
    if (!/^\d+$/.test(cells.quantity)) {
      throw problem('quantity', `quantity "${cells.quantity}" is not a whole number of 0 or more.`);
    }
    quantity = Number(cells.quantity);
    if (quantity > MAX_QUANTITY)
      throw problem('quantity', `quantity ${cells.quantity} is too large.`);
    if (availability === 'out_of_stock' && quantity > 0) {
      throw problem(
        'availability',
        `availability is out_of_stock but quantity is ${quantity}: one of them is wrong.`,
      );
    }
  } else if (availability === 'out_of_stock') {
    quantity = 0;
  } else {
    throw problem(
      'quantity',
      'quantity is empty (it may only be left out when availability is out_of_stock).',
    );
  }

  const price = cells.price
    ? parsePrice(cells.price, 'price', store.currency, store.decimal)
    : null;
  let saleAmount: number | null = null;
  let saleStartsAt: string | null = null;
  let saleEndsAt: string | null = null;
  if (cells.sale_price) {
    saleAmount = parsePrice(cells.sale_price, 'sale_price', store.currency, store.decimal);
    if (price !== null && saleAmount >= price) {
      throw problem(
        'sale_price',
        `sale_price ${cells.sale_price} is not lower than the price ${cells.price}.`,
      );
    }
    const dates = cells.sale_price_effective_date
      ? parseSaleDates(cells.sale_price_effective_date)
      : OPEN_ENDED_SALE;
    saleStartsAt = dates.startsAt;
    saleEndsAt = dates.endsAt;
  } else if (cells.sale_price_effective_date) {
    throw problem(
      'sale_price_effective_date',
      'sale_price_effective_date is given without a sale_price.',
    );
  }

  const pickupMethod = cells.pickup_method
    ? oneOf(cells.pickup_method, PICKUP_METHODS, 'pickup_method', spaced)
    : null;
  const pickupSla = cells.pickup_sla
    ? oneOf(cells.pickup_sla, PICKUP_SLAS, 'pickup_sla', spaced)
    : null;

  if (sku !== null) context.seenIds.set(sku, line);
  if (gtin14 !== null) context.seenGtins.set(gtin14, line);
  return {
    line,
    sku,
    gtin14,
    gtin,
    quantity,
    price,
    setSale: context.hasSaleColumn,
    saleAmount,
    saleStartsAt,
    saleEndsAt,
    pickupMethod,
    pickupSla,
  };
}

/**
 * Without a quote character (TSV always, and most machine-written CSV) a record is exactly one line
 * split at the delimiter, so the lines are split directly: csv-parse with line info takes ~2.5 s for
 * 100,000 rows, this ~0.1 s. Blank lines are skipped but still counted, as csv-parse counts them.
 */
function splitLines(text: string, delimiter: string): { record: string[]; line: number }[] {
  const records: { record: string[]; line: number }[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (line === '') continue;
    records.push({ record: line.split(delimiter), line: index + 1 });
  }
  return records;
}

/**
 * The separator of the header line: a tab, a semicolon (spreadsheets in decimal-comma locales save
 * CSV with ';') or a comma, whichever the line has most of outside quotes; a hint (form field,
 * content type) of TSV means a tab.
 */
export function detectDelimiter(text: string, hint?: FeedFormat): FeedDelimiter {
  if (hint === 'tsv') return '\t';
  const firstLine = /^[^\r\n]*/.exec(text.replace(/^\uFEFF/, ''))?.[0] ?? '';
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  const count = (char: string) => unquoted.split(char).length - 1;
  const candidates: FeedDelimiter[] = hint === 'csv' ? [',', ';'] : ['\t', ';', ','];
  let best: FeedDelimiter = ',';
  let most = 0;
  for (const candidate of candidates) {
    const seen = count(candidate);
    if (seen > most) {
      best = candidate;
      most = seen;
    }
  }
  return best;
}

function readRecords(text: string, delimiter: FeedDelimiter): { record: string[]; line: number }[] {
  // TSV has no quoting: a " in a TSV cell is just a character.
  if (delimiter === '\t' || !text.includes('"')) return splitLines(text, delimiter);
  try {
    const records = parse(text, {
      bom: true,
      delimiter,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return records.map(({ record, info }) => ({ record, line: info.lines }));
  } catch (error) {
    throw new HttpError(400, inventoryMessages.unreadable((error as Error).message));
  }
}

/**
 * How each header is read: the store's remembered mapping first, then Google's column names and
 * the common names of FEED_HEADER_ALIASES; anything else is ignored. The first column that claims a
 * target keeps it (a second "price" column is ignored).
 */
export function resolveColumns(headers: readonly string[], columnMap: FeedColumnMap = {}) {
  const columns: FeedFileColumn[] = [];
  const indexOf = new Map<FeedColumn | 'title', number>();
  headers.forEach((raw, index) => {
    const header = raw.replace(/^\uFEFF/, '').trim();
    const key = normalizeFeedHeader(header);
    const mapped = columnMap[key];
    const target = mapped ?? FEED_HEADER_ALIASES[key];
    if (key === '' || target === undefined || target === 'ignore' || indexOf.has(target)) {
      if (header !== '')
        columns.push({ header, target: 'ignore', how: mapped ? 'mapped' : 'ignored' });
      return;
    }
    indexOf.set(target, index);
    columns.push({ header, target, how: mapped ? 'mapped' : 'recognised' });
  });
  return { columns, indexOf };
}

/** The decimal separator of a locale ('.' for en-CA, ',' for fr-CA). */
export function decimalOf(locale: string): '.' | ',' {
  const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal');
  return part?.value === ',' ? ',' : '.';
}

/** Parses and checks a feed; refuses (400) a file that is not a feed at all. */
export function parseFeed(text: string, store: FeedStore, formatHint?: FeedFormat): ParsedFeed {
  const delimiter = detectDelimiter(text, formatHint);
  const format: FeedFormat = delimiter === '\t' ? 'tsv' : 'csv';
  const records = readRecords(text, delimiter);
  const [header, ...data] = records;
  if (!header) throw new HttpError(400, inventoryMessages.fileMissing);

  const { columns, indexOf } = resolveColumns(header.record, store.columnMap);
  const ignored = columns.filter((c) => c.target === 'ignore').map((c) => c.header);
  const missing = FEED_REQUIRED_COLUMNS.filter((either) => !either.some((c) => indexOf.has(c)));
  if (missing.length > 0) {
    throw new HttpError(
      400,
      inventoryMessages.missingColumns(missing.map((either) => either.join(' or '))),
    );
  }
  if (data.length === 0) throw new HttpError(400, inventoryMessages.noDataRows);

  const context: RowContext = {
    store: {
      storeCode: store.storeCode,
      currency: store.currency.toUpperCase(),
      decimal: store.decimal ?? '.',
    },
    hasSaleColumn: indexOf.has('sale_price'),
    seenIds: new Map(),
    seenGtins: new Map(),
  };
  const rows: FeedRow[] = [];
  const errors: FeedError[] = [];
  for (const { record, line } of data) {
    const cells: Cells = {};
    for (const [column, index] of indexOf) {
      if (column !== 'title') cells[column] = (record[index] ?? '').trim();
    }
    try {
      rows.push(checkRow(cells, line, context));
    } catch (error) {
      if (!(error instanceof RowProblem)) throw error;
      errors.push({ line, column: error.column, reason: error.message });
    }
  }
  return {
    format,
    delimiter,
    columns,
    rowsTotal: data.length,
    rows,
    errors,
    notes: ignored.length > 0 ? [inventoryMessages.ignoredColumns(ignored)] : [],
  };
}
