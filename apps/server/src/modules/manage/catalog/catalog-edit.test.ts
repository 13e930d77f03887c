import {
  catalogEditMessages,
  catalogPaths,
  contactMessagesResponse,
  galleryResponse,
  managedMenusResponse,
  managePaths,
  menuResponse,
  serviceResponse,
  teamResponse,
  type ImageRef,
  type MenuItemCreateRequest,
} from '@localmart/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { contactMessages, searchTerms } from '../../../db/schema/index.ts';
import { useTestApp } from '../../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../../test/databases.ts';
import { manageCast, manageClient } from '../manage-test-support.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-00000000abcd';

function photo(name: string): ImageRef {
  return { url: `/media/store-images/${name}.webp`, width: 800, height: 600, alt: name };
}

function latte(overrides: Partial<MenuItemCreateRequest> = {}): MenuItemCreateRequest {
  return {
    name: 'Zanzibar Latte',
    description: 'Spiced espresso and milk',
    priceAmount: 525,
    dietaryTags: ['vegetarian'],
    image: photo('latte'),
    optionGroups: [
      {
        name: 'Size',
        minChoices: 1,
        maxChoices: 1,
        options: [
          { name: 'Small', priceDeltaAmount: 0 },
          { name: 'Large', priceDeltaAmount: 75 },
        ],
      },
      {
        name: 'Extras',
        minChoices: 0,
        maxChoices: 2,
        options: [
          { name: 'Oat milk', priceDeltaAmount: 70 },
          { name: 'Extra shot', priceDeltaAmount: 100 },
          { name: 'Syrup', priceDeltaAmount: 50 },
        ],
      },
    ],
    ...overrides,
  };
}

for (const backend of testDatabases()) {
  describe(`catalogue editing on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const city = useCatalogCity(getDb);
    const makeApp = useTestApp(getDb);

    async function world() {
      const app = await makeApp({ now: () => CITY_NOW });
      const [store, otherStore] = city().businesses.filter((b) => b.kind === 'restaurant');
      const cast = await manageCast(getDb().db, CITY_NOW, {
        storeId: store!.id,
        otherStoreId: otherStore!.id,
      });
      return {
        app,
        storeId: store!.id,
        otherStoreId: otherStore!.id,
        /** A staff member (not the owner): catalogue editing is open to every member. */
        staff: manageClient(app, cast.staff),
        other: manageClient(app, cast.otherStaff),
      };
    }

    const publicGet = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });

    it('builds a menu with sections and dishes the shopper app shows unchanged', async () => {
      const { app, storeId, staff } = await world();
      const created = await staff.post(managePaths.menus(storeId), {
        name: 'Brunch',
        sections: [{ name: 'Drinks' }, { name: 'Plates', description: 'Served till 3' }],
      });
      expect(created.statusCode).toBe(201);
      const menu = created.json().result;
      expect(menu.sections.map((s: { name: string }) => s.name)).toEqual(['Drinks', 'Plates']);
      const [drinks, plates] = menu.sections;

      const item = await staff.post(managePaths.menuItems(storeId, drinks.id), latte());
      expect(item.statusCode).toBe(201);
      const second = await staff.post(managePaths.menuItems(storeId, drinks.id), {
        name: 'Plain Tea',
        priceAmount: 300,
      });
      expect(second.statusCode).toBe(201);
      await staff.post(managePaths.menuItems(storeId, plates.id), {
        name: 'Shakshuka',
        priceAmount: 1500,
      });

      const shopperMenu = menuResponse.parse(
        (await publicGet(app, catalogPaths.menu(storeId, menu.id))).json(),
      );
      if (shopperMenu.status !== 1) throw new Error('menu not public');
      const shopperLatte = shopperMenu.result.sections[0]!.items[0]!;
      expect(shopperLatte).toMatchObject({
        name: 'Zanzibar Latte',
        price: { amount: 525, currency: 'CAD' },
        dietaryTags: ['vegetarian'],
        available: true,
        image: photo('latte'),
      });
      expect(shopperLatte.optionGroups[1]).toMatchObject({
        name: 'Extras',
        minChoices: 0,
        maxChoices: 2,
        options: [{ name: 'Oat milk', priceDelta: { amount: 70, currency: 'CAD' } }, {}, {}],
      });
      expect(shopperMenu.result.sections[1]!.items.map((i) => i.name)).toEqual(['Shakshuka']);

      // Move the tea first, mark the latte sold out, keep the option ids on an edit.
      const teaId = second.json().result.id;
      const latteId = item.json().result.id;
      expect(
        (await staff.patch(managePaths.menuItem(storeId, teaId), { position: 0 })).statusCode,
      ).toBe(200);
      const groups = item.json().result.optionGroups;
      const edited = await staff.patch(managePaths.menuItem(storeId, latteId), {
        available: false,
        optionGroups: [
          {
            id: groups[0].id,
            name: 'Size',
            minChoices: 1,
            maxChoices: 1,
            options: groups[0].options.map((o: { id: string; name: string }) => ({
              id: o.id,
              name: o.name,
              priceDeltaAmount: 10,
            })),
          },
        ],
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().result.optionGroups[0].options[0].id).toBe(groups[0].options[0].id);

      const after = menuResponse.parse(
        (await publicGet(app, catalogPaths.menu(storeId, menu.id))).json(),
      );
      if (after.status !== 1) throw new Error('menu not public');
      const drinksAfter = after.result.sections[0]!.items;
      expect(drinksAfter.map((i) => i.name)).toEqual(['Plain Tea', 'Zanzibar Latte']);
      expect(drinksAfter[1]).toMatchObject({ available: false });
      expect(drinksAfter[1]!.optionGroups).toHaveLength(1);

      // The manage list agrees, and the typo vocabulary learned the new word.
      const managed = managedMenusResponse.parse(
        (await staff.get(managePaths.menus(storeId))).json(),
      );
      if (managed.status !== 1) throw new Error('no menus');
      expect(managed.results.find((m) => m.id === menu.id)!.sections[0]!.items[0]!.name).toBe(
        'Plain Tea',
      );
      const [word] = await getDb()
        .db.select()
        .from(searchTerms)
        .where(eq(searchTerms.word, 'zanzibar'));
      expect(word?.frequency).toBeGreaterThanOrEqual(1);

      // Sections reorder; deleting a section takes its dishes; deleting the menu removes it publicly.
      await staff.patch(managePaths.menuSection(storeId, plates.id), { position: 0 });
      const reordered = (await publicGet(app, catalogPaths.menu(storeId, menu.id))).json();
      expect(reordered.result.sections.map((s: { name: string }) => s.name)).toEqual([
        'Plates',
        'Drinks',
      ]);
      expect((await staff.delete(managePaths.menuSection(storeId, plates.id))).statusCode).toBe(
        200,
      );
      expect((await staff.delete(managePaths.menuItem(storeId, teaId))).statusCode).toBe(200);
      const trimmed = (await publicGet(app, catalogPaths.menu(storeId, menu.id))).json();
      expect(trimmed.result.sections).toHaveLength(1);
      expect(trimmed.result.sections[0].items.map((i: { name: string }) => i.name)).toEqual([
        'Zanzibar Latte',
      ]);
      expect((await staff.delete(managePaths.menu(storeId, menu.id))).statusCode).toBe(200);
      expect((await publicGet(app, catalogPaths.menu(storeId, menu.id))).statusCode).toBe(404);
    });

    it('enforces the option group rules and strict bodies', async () => {
      const { storeId, staff } = await world();
      const menu = (
        await staff.post(managePaths.menus(storeId), { name: 'Rules', sections: [{ name: 'S' }] })
      ).json().result;
      const items = managePaths.menuItems(storeId, menu.sections[0].id);
      const tooMany = latte({
        optionGroups: [
          {
            name: 'Size',
            minChoices: 1,
            maxChoices: 3,
            options: [{ name: 'S', priceDeltaAmount: 0 }],
          },
        ],
      });
      const tooManyAnswer = await staff.post(items, tooMany);
      expect(tooManyAnswer.statusCode).toBe(400);
      expect(tooManyAnswer.json().message).toContain(
        'The maximum number of choices cannot be more than the number of options.',
      );
      const minOverMax = latte({
        optionGroups: [
          {
            name: 'Size',
            minChoices: 2,
            maxChoices: 1,
            options: [
              { name: 'S', priceDeltaAmount: 0 },
              { name: 'L', priceDeltaAmount: 0 },
            ],
          },
        ],
      });
      expect((await staff.post(items, minOverMax)).json().message).toContain(
        'The minimum number of choices cannot be more than the maximum.',
      );
      const noOptions = latte({
        optionGroups: [{ name: 'Size', minChoices: 0, maxChoices: 1, options: [] }],
      });
      expect((await staff.post(items, noOptions)).statusCode).toBe(400);
      expect((await staff.post(items, { ...latte(), dietaryTags: ['keto'] })).statusCode).toBe(400);
      expect((await staff.post(items, { ...latte(), priceAmount: -1 })).statusCode).toBe(400);
      expect((await staff.post(items, { ...latte(), colour: 'red' })).statusCode).toBe(400);
      const created = await staff.post(items, latte());
      expect(created.statusCode).toBe(201);
      const empty = await staff.patch(managePaths.menuItem(storeId, created.json().result.id), {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toContain(catalogEditMessages.nothingToChange);
    });

    it('refuses an option that lowers the price, in words, and writes nothing', async () => {
      const { storeId, staff } = await world();
      const menu = (
        await staff.post(managePaths.menus(storeId), { name: 'Deals', sections: [{ name: 'S' }] })
      ).json().result;
      const items = managePaths.menuItems(storeId, menu.sections[0].id);
      const lowering = latte({
        optionGroups: [
          {
            name: 'Size',
            minChoices: 1,
            maxChoices: 1,
            options: [
              { name: 'Regular', priceDeltaAmount: 0 },
              { name: 'Bargain', priceDeltaAmount: -2000 },
            ],
          },
        ],
      });
      const refused = await staff.post(items, lowering);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        status: 0,
        message: catalogEditMessages.optionPriceNegative,
      });
      const listed = () =>
        staff
          .get(managePaths.menus(storeId))
          .then(
            (answer) =>
              answer.json().results.find((m: { id: string }) => m.id === menu.id).sections[0].items,
          );
      expect(await listed()).toEqual([]);

      // An edit of a saved dish is refused the same way and leaves its options as they were.
      const saved = (await staff.post(items, latte())).json().result;
      const edited = await staff.patch(managePaths.menuItem(storeId, saved.id), {
        optionGroups: lowering.optionGroups,
      });
      expect(edited.statusCode).toBe(400);
      expect(edited.json().message).toBe(catalogEditMessages.optionPriceNegative);
      const [kept] = await listed();
      expect(kept.optionGroups).toEqual(saved.optionGroups);
      const negativePrice = await staff.patch(managePaths.menuItem(storeId, saved.id), {
        priceAmount: -1,
      });
      expect(negativePrice.json().message).toBe(catalogEditMessages.priceNegative);
    });

    it("answers 404 for another store's menus, sections, dishes, services, photos and team", async () => {
      const { storeId, otherStoreId, staff, other } = await world();
      const theirMenu = (
        await other.post(managePaths.menus(otherStoreId), {
          name: 'Theirs',
          sections: [{ name: 'S' }],
        })
      ).json().result;
      const theirSection = theirMenu.sections[0].id;
      const theirItem = (
        await other.post(managePaths.menuItems(otherStoreId, theirSection), latte())
      ).json().result;
      const serviceCategory = city().categories.find((c) => c.kind === 'service')!;
      const theirService = (
        await other.post(managePaths.services(otherStoreId), {
          name: 'Their Service',
          priceAmount: 1000,
          priceType: 'fixed',
          durationMinutes: 30,
          categoryId: serviceCategory.id,
        })
      ).json().result;
      const theirPhoto = (
        await other.post(managePaths.gallery(otherStoreId), { image: photo('theirs') })
      ).json().result;
      const theirMember = (
        await other.post(managePaths.team(otherStoreId), {
          name: 'Tess',
          role: 'Chef',
          photo: photo('tess'),
        })
      ).json().result;

      const attempts = [
        staff.patch(managePaths.menu(storeId, theirMenu.id), { name: 'Mine now' }),
        staff.delete(managePaths.menu(storeId, theirMenu.id)),
        staff.post(managePaths.menuSections(storeId, theirMenu.id), { name: 'Sneaky' }),
        staff.patch(managePaths.menuSection(storeId, theirSection), { name: 'Mine' }),
        staff.delete(managePaths.menuSection(storeId, theirSection)),
        staff.post(managePaths.menuItems(storeId, theirSection), latte()),
        staff.patch(managePaths.menuItem(storeId, theirItem.id), { available: false }),
        staff.delete(managePaths.menuItem(storeId, theirItem.id)),
        staff.patch(managePaths.service(storeId, theirService.id), { name: 'Mine' }),
        staff.delete(managePaths.service(storeId, theirService.id)),
        staff.patch(managePaths.galleryItem(storeId, theirPhoto.id), { caption: 'Mine' }),
        staff.delete(managePaths.galleryItem(storeId, theirPhoto.id)),
        staff.patch(managePaths.teamMember(storeId, theirMember.id), { name: 'Mine' }),
        staff.delete(managePaths.teamMember(storeId, theirMember.id)),
        staff.delete(managePaths.menu(storeId, UNKNOWN_ID)),
      ];
      for (const answer of await Promise.all(attempts)) {
        expect(answer.statusCode, answer.body).toBe(404);
        expect(answer.json()).toMatchObject({ status: 0, message: catalogEditMessages.notFound });
      }
      // Nothing of theirs changed.
      const theirMenus = (await other.get(managePaths.menus(otherStoreId))).json().results;
      const still = theirMenus.find((m: { id: string }) => m.id === theirMenu.id);
      expect(still).toMatchObject({
        name: 'Theirs',
        sections: [{ name: 'S', items: [{ available: true }] }],
      });
    });

    it('edits services with unique slugs and service categories, as the shopper app reads them', async () => {
      const { app, storeId, staff } = await world();
      const category = city().categories.find((c) => c.kind === 'service')!;
      const retail = city().categories.find((c) => c.kind === 'retail')!;
      const body = {
        name: 'Knife Sharpening',
        description: 'Every blade, while you wait',
        priceAmount: 1200,
        priceType: 'from',
        durationMinutes: 20,
        categoryId: category.id,
        images: [photo('knives')],
      };
      const first = await staff.post(managePaths.services(storeId), body);
      expect(first.statusCode).toBe(201);
      expect(first.json().result).toMatchObject({ slug: 'knife-sharpening', currency: 'CAD' });
      const second = await staff.post(managePaths.services(storeId), body);
      expect(second.json().result.slug).toBe('knife-sharpening-2');
      const taken = await staff.post(managePaths.services(storeId), {
        ...body,
        slug: 'knife-sharpening',
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(catalogEditMessages.slugTaken);
      const wrongKind = await staff.post(managePaths.services(storeId), {
        ...body,
        categoryId: retail.id,
      });
      expect(wrongKind.statusCode).toBe(400);
      expect(
        (await staff.post(managePaths.services(storeId), { ...body, priceType: 'hourly' }))
          .statusCode,
      ).toBe(400);

      const id = first.json().result.id;
      const renamed = await staff.patch(managePaths.service(storeId, id), {
        name: 'Knife Honing',
        priceType: 'fixed',
        durationMinutes: 15,
      });
      expect(renamed.statusCode).toBe(200);
      const clash = await staff.patch(managePaths.service(storeId, id), {
        slug: 'knife-sharpening-2',
      });
      expect(clash.statusCode).toBe(409);

      const shopper = serviceResponse.parse(
        (await publicGet(app, catalogPaths.service(storeId, id))).json(),
      );
      expect(shopper).toMatchObject({
        status: 1,
        result: {
          name: 'Knife Honing',
          price: { amount: 1200, currency: 'CAD' },
          priceType: 'fixed',
          durationMinutes: 15,
          images: [photo('knives')],
          category: { id: category.id },
        },
      });
      const listed = (await staff.get(managePaths.services(storeId))).json().results;
      expect(listed.map((s: { id: string }) => s.id)).toContain(id);
      expect((await staff.delete(managePaths.service(storeId, id))).statusCode).toBe(200);
      expect((await publicGet(app, catalogPaths.service(storeId, id))).statusCode).toBe(404);
    });

    it('adds, captions, reorders and deletes gallery photos and team members', async () => {
      const { app, storeId, staff } = await world();
      const gallery = managePaths.gallery(storeId);
      const before = galleryResponse.parse(
        (await publicGet(app, catalogPaths.businessGallery(storeId))).json(),
      );
      if (before.status !== 1) throw new Error('no gallery');
      const a = (await staff.post(gallery, { image: photo('a'), caption: 'Patio' })).json().result;
      const b = (await staff.post(gallery, { image: photo('b') })).json().result;
      expect(
        (await staff.patch(managePaths.galleryItem(storeId, b.id), { caption: 'Bar', position: 0 }))
          .statusCode,
      ).toBe(200);
      const after = galleryResponse.parse(
        (await publicGet(app, catalogPaths.businessGallery(storeId))).json(),
      );
      if (after.status !== 1) throw new Error('no gallery');
      expect(after.results).toHaveLength(before.results.length + 2);
      expect(after.results[0]).toMatchObject({
        id: b.id,
        type: 'image',
        caption: 'Bar',
        image: photo('b'),
      });
      expect(after.results.at(-1)).toMatchObject({ id: a.id, caption: 'Patio' });
      expect((await staff.delete(managePaths.galleryItem(storeId, a.id))).statusCode).toBe(200);
      expect(
        (await staff.get(gallery)).json().results.map((g: { id: string }) => g.id),
      ).not.toContain(a.id);

      const team = managePaths.team(storeId);
      const rita = (
        await staff.post(team, {
          name: 'Rita',
          role: 'Head Chef',
          bio: 'Twenty years',
          photo: photo('rita'),
        })
      ).json().result;
      const missingPhoto = await staff.post(team, { name: 'No Photo', role: 'Server' });
      expect(missingPhoto.statusCode).toBe(400);
      const moved = await staff.patch(managePaths.teamMember(storeId, rita.id), {
        role: 'Owner',
        position: 0,
      });
      expect(moved.json().result).toMatchObject({ role: 'Owner', bio: 'Twenty years' });
      const shopperTeam = teamResponse.parse(
        (await publicGet(app, catalogPaths.businessTeam(storeId))).json(),
      );
      if (shopperTeam.status !== 1) throw new Error('no team');
      expect(shopperTeam.results[0]).toMatchObject({
        id: rita.id,
        name: 'Rita',
        role: 'Owner',
        photo: photo('rita'),
      });
      expect((await staff.delete(managePaths.teamMember(storeId, rita.id))).statusCode).toBe(200);
      expect(
        (await publicGet(app, catalogPaths.businessTeamMember(storeId, rita.id))).statusCode,
      ).toBe(404);
    });

    it('lists contact messages newest first, 50 a page, only this store', async () => {
      const { storeId, otherStoreId, staff } = await world();
      const base = CITY_NOW.getTime();
      await getDb()
        .db.insert(contactMessages)
        .values([
          ...Array.from({ length: 53 }, (_, n) => ({
            businessId: storeId,
            name: `Sender ${n}`,
            email: `sender${n}@example.com`,
            phone: n % 2 === 0 ? '+1 416 555 0100' : null,
            message: `Message ${n}`,
            createdAt: new Date(base - (53 - n) * 60_000),
          })),
          {
            businessId: otherStoreId,
            name: 'Elsewhere',
            email: 'x@example.com',
            message: 'Not yours',
            createdAt: new Date(base),
          },
        ]);
      const first = contactMessagesResponse.parse(
        (await staff.get(managePaths.contactMessages(storeId))).json(),
      );
      if (first.status !== 1) throw new Error('no messages');
      expect(first.results).toHaveLength(50);
      expect(first.results[0]).toMatchObject({
        name: 'Sender 52',
        email: 'sender52@example.com',
        phone: '+1 416 555 0100',
      });
      expect(first.nextCursor).not.toBeNull();
      const second = contactMessagesResponse.parse(
        (
          await staff.get(`${managePaths.contactMessages(storeId)}?cursor=${first.nextCursor}`)
        ).json(),
      );
      if (second.status !== 1) throw new Error('no messages');
      expect(second.results.map((m) => m.name)).toEqual(['Sender 2', 'Sender 1', 'Sender 0']);
      expect(second.nextCursor).toBeNull();
      const bad = await staff.get(`${managePaths.contactMessages(storeId)}?cursor=nonsense`);
      expect(bad.statusCode).toBe(400);
    });
  });
}
