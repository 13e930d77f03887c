import { catalogPaths, type ImageRef } from '@localmart/contract';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.ts';
import {
  businessCategories,
  businesses,
  catalogImages,
  categories,
  flyerItems,
  flyerPages,
  flyers,
  galleryItems,
  menuItems,
  menuSections,
  menus,
  offers,
  products,
  services,
  teamMembers,
} from '../../../db/schema/index.ts';
import type { DemoCity } from '../demo/generate-city.ts';
import { imagesOf } from '../demo/generate-city.ts';
import type { DemoImage } from '../demo/image-specs.ts';
import type { DemoRecord } from '../demo/types.ts';
import { rebuildSearchTerms } from '../search/search-terms.ts';

/**
 * Streams a demo city into the catalogue tables. Rows are buffered per table and flushed in batches;
 * every buffer is flushed whenever the record type changes, so parents are always written before the
 * rows that point at them (the generator yields them in that order). Inserts skip rows that already
 * exist (ids are deterministic), so loading the same city twice is a no-op.
 *
 * Each batch is its own statement, not one transaction for the whole city: at bench scale a single
 * transaction would hold a million rows. A load that dies halfway is finished by running it again.
 */

/** Rows per INSERT: ~12 columns x 400 stays far below PostgreSQL's 65,535 bind parameters. */
const BATCH_ROWS = 400;

/** A table is analyzed again once it holds this many times the rows it had at its last ANALYZE. */
const ANALYZE_GROWTH = 2;
/** ...from this many rows on (a few batches: smaller tables are planned well enough either way). */
const ANALYZE_FROM_ROWS = 2_000;

/**
 * Whether a table that has grown from `analyzedAt` rows (at its last ANALYZE) to `rows` should be
 * analyzed now. With autovacuum off (as on the CI machines) nothing else refreshes the statistics
 * while the city loads: the planner then takes offers for the empty table it last saw, and the
 * price-bounds trigger that runs for every batch (migration 0023) scanned every offer loaded so
 * far. Each batch got slower until the bench city took over an hour to load instead of minutes (seen
 * 6,600 offers a minute at 700,000; 220,000 a minute right after an ANALYZE). Doubling keeps it to
 * about twenty cheap ANALYZEs per table.
 */
export function analyzeDue(analyzedAt: number, rows: number): boolean {
  return rows >= ANALYZE_FROM_ROWS && rows >= analyzedAt * ANALYZE_GROWTH;
}

export function imageRef(image: DemoImage): ImageRef {
  return {
    url: catalogPaths.catalogImage(image.id),
    width: image.width,
    height: image.height,
    alt: image.alt,
  };
}

type Row = Record<string, unknown>;

class BatchWriter {
  private readonly buffers = new Map<PgTable, Row[]>();
  /** Tables in first-seen order: flushing in this order keeps parents before children. */
  private readonly order: PgTable[] = [];
  /** Rows written per table, and how many it had when last analyzed. */
  private readonly rows = new Map<PgTable, { written: number; analyzedAt: number }>();
  written = 0;

  constructor(private readonly db: Database) {}

  async add(table: PgTable, row: Row): Promise<void> {
    let buffer = this.buffers.get(table);
    if (!buffer) {
      buffer = [];
      this.buffers.set(table, buffer);
      this.order.push(table);
    }
    buffer.push(row);
    if (buffer.length >= BATCH_ROWS) await this.flush();
  }

  async flush(): Promise<void> {
    for (const table of this.order) {
      const buffer = this.buffers.get(table);
      if (!buffer || buffer.length === 0) continue;
      const rows = buffer.splice(0);
      // Drizzle cannot type an insert through a table chosen at run time; the rows were built for
      // exactly this table in rowsOf below.
      await this.db
        .insert(table)
        .values(rows as never)
        .onConflictDoNothing();
      this.written += rows.length;
      const count = this.rows.get(table) ?? { written: 0, analyzedAt: 0 };
      count.written += rows.length;
      this.rows.set(table, count);
      if (analyzeDue(count.analyzedAt, count.written)) {
        await this.db.execute(sql`analyze ${table}`);
        count.analyzedAt = count.written;
      }
    }
  }
}

/** The table rows one record becomes, in insert order. */
function rowsOf(record: DemoRecord): [PgTable, Row][] {
  switch (record.type) {
    case 'category': {
      const { id, kind, slug, name, parentId, position } = record.value;
      return [[categories, { id, kind, slug, name, parentId, position }]];
    }
    case 'business': {
      const { categoryIds, logo, cover, ...business } = record.value;
      return [
        // The feed's store_code is the slug until the owner changes it (Manage Your Store).
        [
          businesses,
          { ...business, storeCode: business.slug, logo: imageRef(logo), cover: imageRef(cover) },
        ],
        ...categoryIds.map((categoryId): [PgTable, Row] => [
          businessCategories,
          { businessId: business.id, categoryId },
        ]),
      ];
    }
    case 'product': {
      const { images, ...product } = record.value;
      return [[products, { ...product, images: images.map(imageRef) }]];
    }
    case 'offer': {
      const { id, businessId, productId, price, sale, quantity, updatedAt } = record.value;
      return [
        [
          offers,
          {
            id,
            businessId,
            productId,
            priceAmount: price.amount,
            currency: price.currency,
            saleAmount: sale?.price.amount ?? null,
            saleStartsAt: sale ? new Date(sale.startsAt) : null,
            saleEndsAt: sale ? new Date(sale.endsAt) : null,
            quantity,
            stockUpdatedAt: new Date(updatedAt),
          },
        ],
      ];
    }
    case 'menu': {
      const menu = record.value;
      const rows: [PgTable, Row][] = [
        [
          menus,
          {
            id: menu.id,
            businessId: menu.businessId,
            name: menu.name,
            description: menu.description,
          },
        ],
      ];
      menu.sections.forEach((section, sectionIndex) => {
        rows.push([
          menuSections,
          {
            id: section.id,
            menuId: menu.id,
            name: section.name,
            description: section.description,
            position: sectionIndex,
          },
        ]);
        section.items.forEach((item, itemIndex) => {
          rows.push([
            menuItems,
            {
              id: item.id,
              sectionId: section.id,
              menuId: menu.id,
              businessId: menu.businessId,
              name: item.name,
              description: item.description,
              priceAmount: item.price.amount,
              currency: item.price.currency,
              image: imageRef(item.image),
              dietaryTags: item.dietaryTags,
              optionGroups: item.optionGroups,
              available: item.available,
              position: itemIndex,
            },
          ]);
        });
      });
      return rows;
    }
    case 'service': {
      const { price, images, ...service } = record.value;
      return [
        [
          services,
          {
            ...service,
            priceAmount: price.amount,
            currency: price.currency,
            images: images.map(imageRef),
          },
        ],
      ];
    }
    case 'flyer': {
      const flyer = record.value;
      const rows: [PgTable, Row][] = [
        [
          flyers,
          {
            id: flyer.id,
            businessId: flyer.businessId,
            title: flyer.title,
            validFrom: flyer.validFrom,
            validTo: flyer.validTo,
          },
        ],
      ];
      for (const page of flyer.pages) {
        rows.push([
          flyerPages,
          {
            id: page.id,
            flyerId: flyer.id,
            pageNumber: page.pageNumber,
            image: imageRef(page.image),
          },
        ]);
        page.items.forEach((item, position) => {
          rows.push([flyerItems, { ...item, pageId: page.id, position }]);
        });
      }
      return rows;
    }
    case 'teamMember': {
      const { photo, ...member } = record.value;
      return [[teamMembers, { ...member, photo: imageRef(photo) }]];
    }
    case 'galleryItem': {
      const item = record.value;
      const base = {
        id: item.id,
        businessId: item.businessId,
        position: item.position,
        type: item.type,
        caption: item.caption,
      };
      return item.type === 'image'
        ? [[galleryItems, { ...base, image: imageRef(item.image) }]]
        : [
            [
              galleryItems,
              {
                ...base,
                image: imageRef(item.poster),
                // The demo's playable stand-in is an animated SVG served like any other image.
                video: {
                  url: catalogPaths.catalogImage(item.clip.id),
                  mimeType: 'image/svg+xml',
                  width: item.clip.width,
                  height: item.clip.height,
                },
                durationSeconds: item.durationSeconds,
              },
            ],
          ];
    }
  }
}

export interface LoadCityResult {
  rows: number;
  milliseconds: number;
}

export async function loadCity(db: Database, city: DemoCity): Promise<LoadCityResult> {
  const started = performance.now();
  const writer = new BatchWriter(db);
  let previousType: DemoRecord['type'] | null = null;
  for (const record of city.records()) {
    if (record.type !== previousType) {
      await writer.flush();
      previousType = record.type;
    }
    for (const image of imagesOf(record)) {
      await writer.add(catalogImages, { id: image.id, spec: image.spec });
    }
    for (const [table, row] of rowsOf(record)) await writer.add(table, row);
  }
  await writer.flush();
  await rebuildSearchTerms(db);
  // Fresh statistics: without them the planner guesses row counts of the new tables and picks
  // nested loops over 10,000 offers (seen: a 5.6 s product list on PGlite instead of 0.5 s).
  await db.execute(sql`analyze`);
  return { rows: writer.written, milliseconds: Math.round(performance.now() - started) };
}
