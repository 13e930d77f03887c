import { createHash } from 'node:crypto';
import {
  addDays,
  catalogIdSchema,
  DEFAULT_LOCATION,
  formatLocalDate,
  haversineKm,
  hotspotBoxSchema,
  isOpenAt,
  isSaleActive,
  menuItemOptionGroupSchema,
  isValidGtin,
  openingHoursSchema,
  STOCK_LEVELS,
  stockStatus,
  toLocalDate,
} from '@localmart/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { CITY_RADIUS_KM, DEMO_TIME_ZONE } from './businesses.ts';
import { type DemoCity, generateCity, imagesOf } from './generate-city.ts';
import { renderDemoImage } from './images.ts';
import type {
  DemoFlyer,
  DemoGalleryItem,
  DemoMenu,
  DemoOffer,
  DemoProduct,
  DemoService,
  DemoTeamMember,
} from './types.ts';

// Friday 2025-06-13, noon in Toronto.
const NOW = new Date('2025-06-13T16:00:00Z');

function streamHash(city: DemoCity): string {
  const hash = createHash('sha256');
  for (const record of city.records()) hash.update(JSON.stringify(record));
  return hash.digest('hex');
}

describe('demo city, small scale', () => {
  let city: DemoCity;
  let products: DemoProduct[];
  let offers: DemoOffer[];
  let menus: DemoMenu[];
  let services: DemoService[];
  let flyers: DemoFlyer[];
  let team: DemoTeamMember[];
  let gallery: DemoGalleryItem[];

  beforeAll(() => {
    city = generateCity({ scale: 'small', seed: 'localmart', now: NOW });
    products = [...city.products];
    offers = [...city.offers];
    menus = [...city.menus];
    services = [...city.services];
    flyers = [...city.flyers];
    team = [...city.teamMembers];
    gallery = [...city.galleryItems];
  });

  describe('determinism', () => {
    it('gives byte-identical output for the same seed and now, different output for another seed', () => {
      const first = streamHash(city);
      expect(streamHash(generateCity({ scale: 'small', seed: 'localmart', now: NOW }))).toBe(first);
      expect(streamHash(generateCity({ scale: 'small', seed: 'elsewhere', now: NOW }))).not.toBe(
        first,
      );
    });

    it('keeps ids when only `now` changes, so re-seeding updates rows in place', () => {
      const later = generateCity({
        scale: 'small',
        seed: 'localmart',
        now: new Date('2025-09-02T09:00:00Z'),
      });
      expect(later.businesses.map((b) => b.id)).toEqual(city.businesses.map((b) => b.id));
      expect([...later.offers].slice(0, 500).map((o) => o.id)).toEqual(
        offers.slice(0, 500).map((o) => o.id),
      );
    });

    it('re-iterates a lazy section identically', () => {
      expect([...city.products].slice(0, 50)).toEqual(products.slice(0, 50));
    });
  });

  describe('counts', () => {
    it('has about 40 businesses of every kind and ~3,000 products with offers', () => {
      expect(city.businesses).toHaveLength(40);
      const kinds = new Set(city.businesses.map((b) => b.kind));
      expect(kinds).toEqual(new Set(['retail', 'restaurant', 'service']));
      expect(new Set(city.businesses.map((b) => b.type)).size).toBeGreaterThanOrEqual(20);
      expect(products).toHaveLength(3_000);
      expect(offers).toHaveLength(10_000);
      expect(menus).toHaveLength(10);
      expect(services).toHaveLength(30);
      expect(flyers).toHaveLength(12);
    });

    it('gives every business 2-6 team members and 4-10 gallery items, some videos', () => {
      for (const business of city.businesses) {
        const members = team.filter((m) => m.businessId === business.id);
        const items = gallery.filter((g) => g.businessId === business.id);
        expect(members.length).toBeGreaterThanOrEqual(2);
        expect(members.length).toBeLessThanOrEqual(6);
        expect(items.length).toBeGreaterThanOrEqual(4);
        expect(items.length).toBeLessThanOrEqual(10);
        expect(new Set(members.map((m) => m.name)).size).toBe(members.length);
      }
      const videos = gallery.filter((g) => g.type === 'video');
      expect(videos.length).toBeGreaterThan(3);
      for (const video of videos) {
        expect(video.poster.spec.kind).toBe('gallery');
        expect(video.clip.spec.kind).toBe('clip');
      }
    });

    it('has unique, UUID-shaped ids across every record', () => {
      const ids = [
        ...city.categories.map((c) => c.id),
        ...city.businesses.map((b) => b.id),
        ...products.map((p) => p.id),
        ...offers.map((o) => o.id),
        ...menus.flatMap((m) => [
          m.id,
          ...m.sections.flatMap((s) => [s.id, ...s.items.map((i) => i.id)]),
        ]),
        ...services.map((s) => s.id),
        ...flyers.flatMap((f) => [
          f.id,
          ...f.pages.flatMap((p) => [p.id, ...p.items.map((i) => i.id)]),
        ]),
        ...team.map((m) => m.id),
        ...gallery.map((g) => g.id),
        ...[...city.records()].flatMap(imagesOf).map((image) => image.id),
      ];
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids.slice(0, 2_000))
        expect(catalogIdSchema.safeParse(id).success).toBe(true);
    });
  });

  it('renders images at the size their records state', () => {
    const sample = [...city.records()]
      .filter((record) => record.type !== 'product' && record.type !== 'offer')
      .flatMap(imagesOf)
      .concat(products.slice(0, 300).flatMap((p) => p.images));
    expect(sample.length).toBeGreaterThan(1_000);
    for (const image of sample) {
      const svg = renderDemoImage(image.spec);
      expect([svg.width, svg.height]).toEqual([image.width, image.height]);
      expect(image.alt.length).toBeGreaterThan(0);
    }
  });

  describe('businesses', () => {
    it('stand within 15 km of downtown Toronto', () => {
      for (const business of city.businesses) {
        expect(haversineKm(business, DEFAULT_LOCATION)).toBeLessThanOrEqual(CITY_RADIUS_KM);
      }
    });

    it('have unique names and slugs, example-domain emails and fictional 555 phones', () => {
      expect(new Set(city.businesses.map((b) => b.name)).size).toBe(40);
      expect(new Set(city.businesses.map((b) => b.slug)).size).toBe(40);
      for (const business of city.businesses) {
        expect(business.email).toMatch(/^[a-z]+@[a-z0-9-]+\.example$/);
        expect(business.phone).toMatch(/^\(\d{3}\) 555-01\d{2}$/);
        expect(business.address.postalCode).toMatch(/^M\d[A-Z] \d[A-Z]\d$/);
      }
    });

    it('keep valid, varied hours: overnight, closed Sundays, 24 hours, holiday closures', () => {
      for (const business of city.businesses) openingHoursSchema.parse(business.hours);
      const weeklies = city.businesses.map((b) => b.hours.weekly);
      expect(weeklies.some((w) => w.sun.length === 0)).toBe(true);
      expect(weeklies.some((w) => [...w.fri, ...w.sat].some((i) => i.close < i.open))).toBe(true);
      expect(
        weeklies.some((w) => w.mon.some((i) => i.open === '00:00' && i.close === '24:00')),
      ).toBe(true);
      expect(city.businesses.filter((b) => b.hours.holidays.length > 0).length).toBeGreaterThan(30);
      expect(
        city.businesses.some((b) =>
          b.hours.holidays.some((h) => h.name === 'Closed for stocktaking'),
        ),
      ).toBe(true);
      // Friday noon: most of the city is open
      expect(city.businesses.filter((b) => isOpenAt(b.hours, NOW)).length).toBeGreaterThan(25);
    });

    it('vary their fulfilment: pickup, delivery with terms, book-and-pay-there for services', () => {
      const retail = city.businesses.filter((b) => b.kind === 'retail');
      expect(retail.some((b) => b.delivery !== null)).toBe(true);
      expect(retail.some((b) => b.delivery === null)).toBe(true);
      for (const business of city.businesses) {
        expect(business.fulfilment.sameDayDelivery).toBe(business.delivery !== null);
        if (business.kind === 'service') {
          expect(business.pickupReadyMinutes).toBeNull();
          expect(business.fulfilment).toEqual({
            reservePickup: true,
            buyOnlinePickup: false,
            sameDayDelivery: false,
          });
        } else expect(business.pickupReadyMinutes).toBeGreaterThan(0);
      }
    });
  });

  describe('products and offers', () => {
    it('carry valid, unique GTIN-13s and titles like "Organic 2% Milk 2 L"', () => {
      expect(products.every((p) => isValidGtin(p.gtin))).toBe(true);
      expect(new Set(products.map((p) => p.gtin)).size).toBe(products.length);
      expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
      expect(products.some((p) => /^(?:Organic )?2% Milk (?:1|2|4) L$/.test(p.title))).toBe(true);
    });

    it('gives every product at least one offer, and each store a product at most once', () => {
      const offered = new Set(offers.map((o) => o.productId));
      expect(offered.size).toBe(products.length);
      const pairs = new Set(offers.map((o) => `${o.businessId}:${o.productId}`));
      expect(pairs.size).toBe(offers.length);
      const retailIds = new Set(
        city.businesses.filter((b) => b.kind === 'retail').map((b) => b.id),
      );
      expect(offers.every((o) => retailIds.has(o.businessId))).toBe(true);
    });

    it('shows every stock level', () => {
      const levels = new Set(offers.map((o) => stockStatus(o.quantity).level));
      expect(levels).toEqual(new Set(STOCK_LEVELS));
    });

    it('has several milk products offered at several stores, in stock somewhere (the e2e searches "milk")', () => {
      const milk = new Set(products.filter((p) => /\bmilk\b/i.test(p.title)).map((p) => p.id));
      expect(milk.size).toBeGreaterThanOrEqual(20);
      const milkOffers = offers.filter((o) => milk.has(o.productId));
      expect(new Set(milkOffers.map((o) => o.businessId)).size).toBeGreaterThanOrEqual(5);
      expect(milkOffers.filter((o) => stockStatus(o.quantity).inStock).length).toBeGreaterThan(20);
    });

    it('prices in whole cents, sales below the regular price, recent stock updates', () => {
      for (const offer of offers) {
        expect(Number.isInteger(offer.price.amount) && offer.price.amount > 0).toBe(true);
        expect(offer.price.currency).toBe('CAD');
        if (offer.sale) {
          expect(offer.sale.price.amount).toBeLessThan(offer.price.amount);
          expect(Date.parse(offer.sale.endsAt)).toBeGreaterThan(Date.parse(offer.sale.startsAt));
        }
        const age = NOW.getTime() - Date.parse(offer.updatedAt);
        expect(age).toBeGreaterThan(0);
        expect(age).toBeLessThanOrEqual(31 * 3_600_000);
      }
      const onSale = offers.filter((o) => isSaleActive(o.sale, NOW)).length;
      expect(onSale / offers.length).toBeGreaterThan(0.05);
      expect(onSale / offers.length).toBeLessThan(0.3);
    });
  });

  describe('menus and services', () => {
    it('build menus with sections, items, dietary tags and valid option groups', () => {
      for (const menu of menus) {
        expect(menu.sections.length).toBeGreaterThanOrEqual(3);
        for (const section of menu.sections) expect(section.items.length).toBeGreaterThanOrEqual(2);
      }
      const items = menus.flatMap((m) => m.sections.flatMap((s) => s.items));
      expect(items.some((i) => i.dietaryTags.includes('vegan'))).toBe(true);
      const groups = items.flatMap((i) => i.optionGroups);
      expect(groups.length).toBeGreaterThan(20);
      for (const group of groups) menuItemOptionGroupSchema.parse(group);
      expect(groups.some((g) => g.options.some((o) => o.priceDelta.amount > 0))).toBe(true);
    });

    it('give services a price or a "from" price and a duration', () => {
      const providers = new Set(
        city.businesses.filter((b) => b.kind === 'service').map((b) => b.id),
      );
      for (const service of services) {
        expect(providers.has(service.businessId)).toBe(true);
        expect(service.durationMinutes).toBeGreaterThan(0);
        expect(service.price.amount).toBeGreaterThan(0);
      }
      expect(new Set(services.map((s) => s.priceType))).toEqual(new Set(['fixed', 'from']));
    });
  });

  describe('flyers', () => {
    it.each([
      ['Friday noon', NOW],
      ['Wednesday 23:30 local (already Thursday in UTC)', new Date('2025-06-19T03:30:00Z')],
      ['Thursday 00:30 local', new Date('2025-06-19T04:30:00Z')],
      ['Sunday', new Date('2025-06-15T15:00:00Z')],
    ])('cover "this week" on %s', (_label, now) => {
      const local = toLocalDate(now, DEMO_TIME_ZONE);
      const today = formatLocalDate(local);
      // Valid today and for at least a week after the city is seeded (issue 17).
      const weekOn = formatLocalDate(addDays(local, 7));
      for (const flyer of generateCity({ scale: 'small', seed: 'localmart', now }).flyers) {
        expect(flyer.validFrom <= today && today <= flyer.validTo).toBe(true);
        expect(flyer.validTo >= weekOn).toBe(true);
      }
    });

    it('run for two weeks', () => {
      for (const flyer of flyers) {
        const days = (Date.parse(flyer.validTo) - Date.parse(flyer.validFrom)) / 86_400_000;
        expect(days).toBe(13);
      }
    });

    it('have pages of 4-8 hotspots inside the page, drawn at the same boxes', () => {
      for (const flyer of flyers) {
        expect(flyer.pages.length).toBeGreaterThanOrEqual(2);
        for (const page of flyer.pages) {
          expect(page.items.length).toBeGreaterThanOrEqual(4);
          expect(page.items.length).toBeLessThanOrEqual(8);
          for (const item of page.items) {
            expect(hotspotBoxSchema.safeParse(item.box).success).toBe(true);
            expect(item.box.left + item.box.width).toBeLessThanOrEqual(1);
            expect(item.box.top + item.box.height).toBeLessThanOrEqual(1);
          }
          const spec = page.image.spec;
          expect(spec.kind === 'flyer-page' && spec.tiles.map((t) => t.box)).toEqual(
            page.items.map((i) => i.box),
          );
        }
      }
    });

    it('link half their items to the store own offers, on sale for the flyer week', () => {
      const byId = new Map(offers.map((o) => [o.id, o]));
      for (const flyer of flyers) {
        const items = flyer.pages.flatMap((p) => p.items);
        const linked = items.filter((i) => i.offerId !== null);
        expect(linked).toHaveLength(Math.floor(items.length / 2));
        for (const item of linked) {
          const offer = byId.get(item.offerId ?? '');
          expect(offer?.businessId).toBe(flyer.businessId);
          expect(offer?.productId).toBe(item.productId);
          expect(isSaleActive(offer?.sale ?? null, NOW)).toBe(true);
          expect(item.saleStory).toMatch(/^Save \$\d+\.\d{2}$/);
        }
      }
    });
  });
});
