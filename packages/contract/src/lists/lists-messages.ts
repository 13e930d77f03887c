import { formatMoney } from '../catalog/money.ts';
import { LIST_ITEMS_MAX, FAVOURITES_MAX, LIST_ITEM_QUANTITY_MAX } from './lists-constants.ts';
import type { FavouriteKind } from './lists-schemas.ts';

const KIND_WORDS: Record<FavouriteKind, string> = {
  store: 'store',
  product: 'product',
  dish: 'dish',
};

/** Every sentence people read about favourites, the list and deal alerts (issue 17). */
export const listsMessages = {
  favouritesLoaded: 'Favourites loaded',
  favouriteAdded: (kind: FavouriteKind) => `Added this ${KIND_WORDS[kind]} to your favourites.`,
  favouriteRemoved: (kind: FavouriteKind) =>
    `Removed this ${KIND_WORDS[kind]} from your favourites.`,
  favouriteTargetMissing: (kind: FavouriteKind) => `That ${KIND_WORDS[kind]} is not available.`,
  tooManyFavourites: `You can keep up to ${FAVOURITES_MAX} favourites. Remove some to add more.`,
  unknownFavouriteKind: 'You can favourite stores, products and dishes.',
  listLoaded: 'List loaded',
  itemAdded: 'Added to your list.',
  alreadyOnList: 'It is already on your list.',
  itemUpdated: 'List updated.',
  itemRemoved: 'Removed from your list.',
  itemNotFound: 'That item is not on your list any more.',
  itemTargetMissing: 'That item is no longer available.',
  flyerDealEnded: 'That flyer deal has ended.',
  pickOneItem: 'Choose one product, dish or flyer deal to add.',
  tooManyItems: `Your list holds up to ${LIST_ITEMS_MAX} items. Remove some to add more.`,
  quantityRange: `Ask for between 1 and ${LIST_ITEM_QUANTITY_MAX}.`,
  nothingToChange: 'Say what to change: checked or quantity.',
  settingsLoaded: 'Settings loaded',
  digestOn: 'You will get a weekly email of deals on your favourites and list.',
  digestOff: 'The weekly deals email is off.',
  // screens
  favouritesTitle: 'Favourites',
  listTitle: 'My list',
  signInToFavourite: 'Sign in to keep favourites.',
  signInToList: 'Sign in to keep a shopping list.',
  nearestInStock: 'Nearest in stock',
  cheapestInStock: 'Cheapest in stock',
  notInStockNearby: 'Not in stock nearby right now.',
  digestLabel: 'Weekly deals email',
  digestHint: 'Every week: deals on your favourite stores, products and dishes and your list.',
} as const;

/** The weekly digest's subject line. */
export function dealDigestSubject(appName: string, count: number): string {
  return count === 1
    ? `1 deal this week on your ${appName} favourites`
    : `${count} deals this week on your ${appName} favourites`;
}

/** "$3.99 at Forest Hill Fresh Market (was $4.49)". */
export function priceDropLine(
  price: { amount: number; currency: string },
  was: { amount: number; currency: string },
  storeName: string,
): string {
  return `${formatMoney(price.amount, price.currency)} at ${storeName} (was ${formatMoney(was.amount, was.currency)})`;
}
