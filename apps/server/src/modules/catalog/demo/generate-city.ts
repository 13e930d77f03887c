import { type CityOptions, type CityPlan, planCity } from './city-plan.ts';
import { flyerOf } from './flyers.ts';
import { galleryOf } from './gallery.ts';
import type { DemoImage } from './image-specs.ts';
import { menuOf } from './menus.ts';
import { offersOf } from './offers.ts';
import { productAt } from './products.ts';
import type { CityScale } from './scales.ts';
import { servicesOf } from './services.ts';
import { teamOf } from './teams.ts';
import type {
  DemoBusiness,
  DemoCategory,
  DemoFlyer,
  DemoGalleryItem,
  DemoMenu,
  DemoOffer,
  DemoProduct,
  DemoRecord,
  DemoRecordType,
  DemoService,
  DemoTeamMember,
} from './types.ts';

export type { CityOptions } from './city-plan.ts';

/**
 * The demo city (catalogue issue, "Demo data"): `generateCity({ scale: 'small', seed, now })` for the
 * demo, `'bench'` for 2,000 stores / 200,000 products / 1,000,000 offers. Categories and businesses
 * are arrays (small at any scale); every other section is a lazy, re-iterable sequence, so the bench
 * city streams in bounded memory. Iterating a section twice yields identical records.
 */
export interface DemoCity {
  seed: string;
  now: Date;
  scale: CityScale;
  categories: DemoCategory[];
  businesses: DemoBusiness[];
  products: Iterable<DemoProduct>;
  offers: Iterable<DemoOffer>;
  menus: Iterable<DemoMenu>;
  services: Iterable<DemoService>;
  flyers: Iterable<DemoFlyer>;
  teamMembers: Iterable<DemoTeamMember>;
  galleryItems: Iterable<DemoGalleryItem>;
  /** Every record in insert order: parents before the records that point at them. */
  records(): Generator<DemoRecord>;
}

const lazy = <T>(generate: () => Generator<T>): Iterable<T> => ({ [Symbol.iterator]: generate });

function* productsOf(plan: CityPlan): Generator<DemoProduct> {
  for (let index = 0; index < plan.layout.total; index++)
    yield productAt(plan.seed, plan.layout, index);
}

function* perBusiness<T>(
  plan: CityPlan,
  make: (businessIndex: number) => Iterable<T>,
): Generator<T> {
  for (let index = 0; index < plan.businesses.length; index++) yield* make(index);
}

export function generateCity(options: CityOptions): DemoCity {
  const plan = planCity(options);
  const city: DemoCity = {
    seed: plan.seed,
    now: plan.now,
    scale: plan.scale,
    categories: plan.categories.all,
    businesses: plan.businesses,
    products: lazy(() => productsOf(plan)),
    offers: lazy(() => perBusiness(plan, (index) => offersOf(plan, index))),
    menus: lazy(function* () {
      for (const index of plan.menuBusinesses) {
        const menu = menuOf(plan, index);
        if (menu) yield menu;
      }
    }),
    services: lazy(() => perBusiness(plan, (index) => servicesOf(plan, index))),
    flyers: lazy(function* () {
      for (const businessIndex of plan.flyerBusinesses) {
        const flyer = flyerOf(plan, businessIndex);
        if (flyer) yield flyer;
      }
    }),
    teamMembers: lazy(() => perBusiness(plan, (index) => teamOf(plan, index))),
    galleryItems: lazy(() => perBusiness(plan, (index) => galleryOf(plan, index))),
    *records() {
      for (const value of city.categories) yield { type: 'category', value };
      for (const value of city.businesses) yield { type: 'business', value };
      for (const value of city.products) yield { type: 'product', value };
      for (const value of city.offers) yield { type: 'offer', value };
      for (const value of city.menus) yield { type: 'menu', value };
      for (const value of city.services) yield { type: 'service', value };
      for (const value of city.flyers) yield { type: 'flyer', value };
      for (const value of city.teamMembers) yield { type: 'teamMember', value };
      for (const value of city.galleryItems) yield { type: 'galleryItem', value };
    },
  };
  return city;
}

/** Records per type, by streaming the whole city once (nothing is kept). */
export function countRecords(city: DemoCity): Record<DemoRecordType, number> {
  const counts: Record<DemoRecordType, number> = {
    category: 0,
    business: 0,
    product: 0,
    offer: 0,
    menu: 0,
    service: 0,
    flyer: 0,
    teamMember: 0,
    galleryItem: 0,
  };
  for (const record of city.records()) counts[record.type]++;
  return counts;
}

/** Every image a record shows, to register or pre-render them beside the insert. */
export function imagesOf(record: DemoRecord): DemoImage[] {
  switch (record.type) {
    case 'category':
    case 'offer':
      return [];
    case 'business':
      return [record.value.logo, record.value.cover];
    case 'product':
    case 'service':
      return record.value.images;
    case 'menu':
      return record.value.sections.flatMap((section) => section.items.map((item) => item.image));
    case 'flyer':
      return record.value.pages.map((page) => page.image);
    case 'teamMember':
      return [record.value.photo];
    case 'galleryItem':
      return record.value.type === 'image'
        ? [record.value.image]
        : [record.value.poster, record.value.clip];
  }
}
