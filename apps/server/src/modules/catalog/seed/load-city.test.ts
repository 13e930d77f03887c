import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { testCity } from '../../../test/catalog.ts';
import { countRecords, imagesOf } from '../demo/generate-city.ts';
import { analyzeDue, loadCity } from './load-city.ts';

async function count(db: Parameters<typeof loadCity>[0], table: string): Promise<number> {
  // db.execute answers the driver's own result type; both drivers put the rows in `rows`.
  const result = (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n);
}

describe('analyzeDue (statistics kept fresh while a city loads)', () => {
  it('analyzes a table each time it has doubled, from a few batches on', () => {
    const analyzedAt: number[] = [];
    let last = 0;
    for (let rows = 400; rows <= 1_000_000; rows += 400) {
      if (analyzeDue(last, rows)) {
        analyzedAt.push(rows);
        last = rows;
      }
    }
    expect(analyzedAt.slice(0, 4)).toEqual([2_000, 4_000, 8_000, 16_000]);
    // About twenty for a million offers, never two in a row.
    expect(analyzedAt.length).toBeLessThanOrEqual(20);
    expect(analyzeDue(0, 1_600)).toBe(false);
    expect(analyzeDue(500_000, 999_600)).toBe(false);
    expect(analyzeDue(500_000, 1_000_000)).toBe(true);
  });
});

describe.each(testDatabases())('loadCity on $name', (backend) => {
  const database = useTestDatabase(backend);
  const city = testCity();

  it('writes every record of the small city, each image once, and a second load adds nothing', async () => {
    const { db } = database();
    const expected = countRecords(city);
    await loadCity(db, city);

    expect(await count(db, 'categories')).toBe(expected.category);
    expect(await count(db, 'businesses')).toBe(expected.business);
    expect(await count(db, 'products')).toBe(expected.product);
    expect(await count(db, 'offers')).toBe(expected.offer);
    expect(await count(db, 'menus')).toBe(expected.menu);
    expect(await count(db, 'services')).toBe(expected.service);
    expect(await count(db, 'flyers')).toBe(expected.flyer);
    expect(await count(db, 'team_members')).toBe(expected.teamMember);
    expect(await count(db, 'gallery_items')).toBe(expected.galleryItem);
    const menuItems = [...city.menus].flatMap((menu) => menu.sections.flatMap((s) => s.items));
    expect(await count(db, 'menu_items')).toBe(menuItems.length);
    const flyerItems = [...city.flyers].flatMap((flyer) => flyer.pages.flatMap((p) => p.items));
    expect(await count(db, 'flyer_items')).toBe(flyerItems.length);

    const imageIds = new Set([...city.records()].flatMap((r) => imagesOf(r).map((i) => i.id)));
    expect(await count(db, 'catalog_images')).toBe(imageIds.size);

    await loadCity(db, city);
    expect(await count(db, 'offers')).toBe(expected.offer);
  }, 180_000);
});
