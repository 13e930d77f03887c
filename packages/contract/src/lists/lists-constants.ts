/** At most this many favourites per shopper (all kinds together): a list, not a catalogue copy. */
export const FAVOURITES_MAX = 500;
/** At most this many items on a shopper's list, checked ones included. */
export const LIST_ITEMS_MAX = 200;
/** The largest quantity one list item asks for. */
export const LIST_ITEM_QUANTITY_MAX = 99;
/** How far the list looks for a store that has an item in stock, from the shopper's location. */
export const LIST_SEARCH_RADIUS_KM = 50;
