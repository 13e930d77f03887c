import { dayOfWeek, formatMoney, type LocalDate, saveAmountLabel } from '@localmart/contract';
import type { CityPlan } from './city-plan.ts';
import { flyerPageLayout } from './flyer-layout.ts';
import { flyerWeek } from './flyer-week.ts';
import { demoUuid } from './ids.ts';
import type { FlyerTile } from './image-specs.ts';
import { demoImage } from './images.ts';
import { featuredOffersOf } from './offers.ts';
import { productCore } from './products.ts';
import { Random } from './random.ts';
import type { DemoFlyer, DemoFlyerItem } from './types.ts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const shortDate = (date: LocalDate) =>
  `${WEEKDAYS[dayOfWeek(date)]} ${MONTHS[date.month - 1]} ${date.day}`;

const GENERIC_DEALS = [
  ['Everything in the front window', '15% off', 'This week only'],
  ['Loyalty members', '2x points', 'Show your card'],
  ['Gift cards', 'From $25', 'Never expire'],
] as const;

interface Deal {
  title: string;
  priceText: string;
  saleStory: string | null;
  offerId: string | null;
  productId: string | null;
  glyph: FlyerTile['glyph'];
  hue: number;
}

/**
 * In-store deals without a linked offer: the store type's own ("Key cutting $3.99"), then
 * category-wide ones from what it stocks ("All Cheese 20% off"), so a flyer rarely repeats itself.
 */
function textDealsFor(
  plan: CityPlan,
  businessIndex: number,
  random: Random,
): (readonly [string, string, string | null])[] {
  const own = plan.types[businessIndex]?.flyerDeals ?? GENERIC_DEALS;
  const categoryDeals = (plan.leavesOf[businessIndex] ?? []).map((leaf) => {
    const name = plan.categories.bySlug.get(leaf.slug)?.name ?? leaf.slug;
    return [
      `All ${name}`,
      `${random.pick([10, 15, 20, 25, 30])}% off`,
      random.pick(['In store only', 'This week', null]),
    ] as const;
  });
  return [...random.shuffle(own), ...random.shuffle(categoryDeals), ...GENERIC_DEALS];
}

/**
 * A business's weekly flyer: 2-3 pages of 4-8 deals. Half the deals (rounded down) link to the
 * business's featured offers, which are on sale for exactly the flyer week; the rest are in-store
 * text deals. Page images are drawn from the same boxes as the hotspots.
 */
export function flyerOf(plan: CityPlan, businessIndex: number): DemoFlyer | null {
  const business = plan.businesses[businessIndex];
  const type = plan.types[businessIndex];
  if (!business || !type) return null;
  const { seed } = plan;
  const random = Random.for(seed, `flyer:${businessIndex}`);
  const week = flyerWeek(plan, businessIndex);
  const key = `flyer:${businessIndex}`;
  const pageSizes = Array.from({ length: random.int(2, 3) }, () => random.int(4, 8));
  const total = pageSizes.reduce((sum, n) => sum + n, 0);
  const featured = featuredOffersOf(plan, businessIndex);
  const linkedTarget = Math.min(Math.floor(total / 2), featured.length);
  const textDeals = textDealsFor(plan, businessIndex, random);
  const hue = Math.round((type.hue[0] + type.hue[1]) / 2) % 360;

  let linked = 0;
  let textDeal = 0;
  const deals: Deal[] = Array.from({ length: total }, (_, k) => {
    const link = featured[linked];
    if (k % 2 === 0 && linked < linkedTarget && link) {
      linked++;
      const core = productCore(seed, plan.layout, link.productIndex);
      const sale = link.offer.sale?.price ?? link.offer.price;
      return {
        title: `${core.brand} ${core.title}`,
        priceText: formatMoney(sale.amount, sale.currency),
        saleStory: saveAmountLabel(link.offer.price, sale),
        offerId: link.offer.id,
        productId: link.offer.productId,
        glyph: core.leaf.line.glyph,
        hue: Math.round((core.leaf.line.hue[0] + core.leaf.line.hue[1]) / 2) % 360,
      };
    }
    const [title, priceText, saleStory] =
      textDeals[textDeal++ % textDeals.length] ?? GENERIC_DEALS[0];
    return { title, priceText, saleStory, offerId: null, productId: null, glyph: type.glyph, hue };
  });

  const title = random.pick(['Weekly Flyer', "This Week's Deals", 'Weekly Specials']);
  const dates = `${shortDate(week.from)} – ${shortDate(week.to)}`;
  let next = 0;
  const pages = pageSizes.map((size, p) => {
    const boxes = flyerPageLayout(size);
    const pageDeals = deals.slice(next, next + size);
    next += size;
    const pageKey = `${key}:page:${p}`;
    const items: DemoFlyerItem[] = pageDeals.map((deal, i) => ({
      id: demoUuid(seed, `${pageKey}:item:${i}`),
      box: boxes[i] ?? { left: 0, top: 0, width: 1, height: 1 },
      title: deal.title,
      priceText: deal.priceText,
      saleStory: deal.saleStory,
      validFrom: week.validFrom,
      validTo: week.validTo,
      offerId: deal.offerId,
      productId: deal.productId,
    }));
    return {
      id: demoUuid(seed, pageKey),
      pageNumber: p + 1,
      image: demoImage(seed, pageKey, `${business.name} ${title}, page ${p + 1}`, {
        kind: 'flyer-page',
        hue,
        storeName: business.name,
        title,
        dates,
        pageNumber: p + 1,
        pageCount: pageSizes.length,
        tiles: items.map((item, i) => ({
          box: item.box,
          title: item.title,
          priceText: item.priceText,
          saleStory: item.saleStory,
          glyph: pageDeals[i]?.glyph ?? type.glyph,
          hue: pageDeals[i]?.hue ?? hue,
        })),
      }),
      items,
    };
  });

  return {
    id: demoUuid(seed, key),
    businessId: business.id,
    title,
    validFrom: week.validFrom,
    validTo: week.validTo,
    pages,
  };
}
