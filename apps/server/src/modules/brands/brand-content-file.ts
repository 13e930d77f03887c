import {
  BRAND_CSV_DETAIL_PREFIX,
  BRAND_CSV_MAX_ROWS,
  type BrandContent,
  type BrandCsvResult,
  brandMessages,
  isValidGtin,
  normalizedGtin,
} from '@localmart/contract';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/errors.ts';
import {
  assertOwnsGtin,
  lockedPartner,
  sharedProductOf,
  writeBrandContent,
} from './brands.service.ts';

/**
 * A brand's content file (ADR 0022): one row per GTIN with gtin, title and optionally brand,
 * description, category (its name, or "Parent › Child") and `detail:<name>` columns. Empty cells
 * keep what the catalogue has; photos never come from the file (a link column is refused per row:
 * photos are uploaded on the product's page). Every upload is first a dry run that writes nothing
 * and lists each row's problem; applying writes the good rows in one transaction and lists the rest.
 */

const IMAGE_COLUMNS = new Set(['image', 'images', 'image_link', 'image_url', 'photo', 'photos']);

interface Row {
  line: number;
  cells: Record<string, string>;
}

function readRows(text: string): { headers: string[]; labels: string[]; rows: Row[] } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: [',', ';', '\t'],
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch {
    throw new HttpError(400, brandMessages.csvUnreadable);
  }
  const [header, ...body] = records;
  if (!header) throw new HttpError(400, brandMessages.csvMissing);
  const headers = header.record.map((name) => name.trim().toLowerCase());
  if (!headers.includes('gtin')) throw new HttpError(400, brandMessages.csvNoGtinColumn);
  if (!headers.includes('title')) throw new HttpError(400, brandMessages.csvNoTitleColumn);
  if (body.length > BRAND_CSV_MAX_ROWS) throw new HttpError(400, brandMessages.csvTooManyRows);
  return {
    headers,
    // As typed: a detail column's name is shown to shoppers ("detail:Volume" -> "Volume").
    labels: header.record.map((name) => name.trim()),
    rows: body.map(({ record, info }) => ({
      line: info.lines,
      cells: Object.fromEntries(headers.map((name, index) => [name, record[index] ?? ''])),
    })),
  };
}

/** Retail categories by their name and by "Parent › Child" (case aside). */
async function categoryIndex(db: Database): Promise<Map<string, string | null>> {
  const rows = await db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.kind, 'retail'));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const index = new Map<string, string | null>();
  const add = (key: string, id: string) => {
    const k = key.trim().toLowerCase();
    // A name two categories share names neither: the file must give the path.
    index.set(k, index.has(k) && index.get(k) !== id ? null : id);
  };
  for (const row of rows) {
    add(row.name, row.id);
    const path = [row.name];
    let parent = row.parentId ? byId.get(row.parentId) : undefined;
    while (parent) {
      path.unshift(parent.name);
      parent = parent.parentId ? byId.get(parent.parentId) : undefined;
    }
    add(path.join(' › '), row.id);
    add(path.join(' > '), row.id);
  }
  return index;
}

export async function brandContentFile(
  db: Database,
  brandPartnerId: string,
  text: string,
  apply: boolean,
  now: Date,
): Promise<BrandCsvResult> {
  const { headers, labels, rows } = readRows(text);
  const detailColumns = headers.filter((name) => name.startsWith(BRAND_CSV_DETAIL_PREFIX));
  const hasImageColumn = headers.some((name) => IMAGE_COLUMNS.has(name));
  const categoryIds = await categoryIndex(db);
  const run = async (tx: Database): Promise<BrandCsvResult> => {
    const partner = await lockedPartner(tx, brandPartnerId);
    const result: BrandCsvResult = {
      applied: apply,
      rows: rows.length,
      created: 0,
      updated: 0,
      errors: [],
    };
    const seen = new Map<string, number>();
    for (const { line, cells } of rows) {
      const typed = cells.gtin ?? '';
      const fail = (message: string) => result.errors.push({ line, gtin: typed, message });
      const gtin = normalizedGtin(typed) ?? '';
      if (!isValidGtin(gtin)) {
        fail(brandMessages.gtinInvalid);
        continue;
      }
      const earlier = seen.get(gtin.padStart(14, '0'));
      if (earlier !== undefined) {
        fail(brandMessages.csvDuplicate(earlier));
        continue;
      }
      seen.set(gtin.padStart(14, '0'), line);
      if (hasImageColumn && [...IMAGE_COLUMNS].some((name) => (cells[name] ?? '') !== '')) {
        fail(brandMessages.csvImageColumn);
        continue;
      }
      const title = cells.title ?? '';
      if (!title) {
        fail(brandMessages.csvTitleMissing);
        continue;
      }
      const shared = await sharedProductOf(tx, gtin, false);
      try {
        assertOwnsGtin(partner, gtin, shared);
      } catch (error) {
        fail((error as Error).message);
        continue;
      }
      const categoryCell = cells.category ?? '';
      let categoryId = shared?.categoryId;
      if (categoryCell) {
        const found = categoryIds.get(categoryCell.toLowerCase());
        if (!found) {
          fail(brandMessages.categoryUnknown(categoryCell));
          continue;
        }
        categoryId = found;
      }
      if (!categoryId) {
        fail(brandMessages.categoryRequired);
        continue;
      }
      const details = detailColumns
        .map((column) => ({
          name: labels[headers.indexOf(column)]!.slice(BRAND_CSV_DETAIL_PREFIX.length).trim(),
          value: cells[column] ?? '',
        }))
        .filter((detail) => detail.name && detail.value);
      const content: BrandContent = {
        title: title.slice(0, 200),
        brand: (cells.brand || shared?.brand || '').slice(0, 120),
        description: (cells.description || shared?.description || '').slice(0, 5000),
        categoryId,
        images: shared?.images ?? [],
        attributes: details.length ? details : (shared?.attributes ?? []),
      };
      if (!apply) {
        if (shared) result.updated += 1;
        else result.created += 1;
        continue;
      }
      try {
        // A savepoint per row: a refused row leaves the others written.
        const written = await tx.transaction((row) =>
          writeBrandContent(row, partner, gtin, content, now),
        );
        if (written.created) result.created += 1;
        else result.updated += 1;
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        fail(error.message);
      }
    }
    return result;
  };
  return apply ? db.transaction(run) : run(db);
}
