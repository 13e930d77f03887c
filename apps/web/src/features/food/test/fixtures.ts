import type {
  BusinessRef,
  BusinessSummary,
  FoodItemSummary,
  Menu,
  MenuItem,
  MenuItemOptionGroup,
  MenuSummary,
} from '@localmart/contract';

/** Contract-shaped answers for the food screens' tests (ids are UUIDs, as the schemas demand). */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const cad = (amount: number) => ({ amount, currency: 'CAD' });
const image = (alt: string) => ({
  url: `/img/${encodeURIComponent(alt)}.svg`,
  width: 400,
  height: 300,
  alt,
});

export const openState = {
  open: true,
  status: 'Open now' as const,
  detail: 'Closes 21:00',
  text: 'Open now · Closes 21:00',
  changesAt: '2026-11-21T02:00:00.000Z',
};

export const businessRef: BusinessRef = {
  id: uuid(1),
  slug: 'napoli-slice',
  name: 'Napoli Slice',
  kind: 'restaurant',
  logo: image('Napoli Slice logo'),
  addressLine: '12 Queen St W',
  lat: 43.65,
  lng: -79.38,
  openState,
};

export const restaurant: BusinessSummary = {
  ...businessRef,
  cover: image('Napoli Slice'),
  distanceKm: 1.2,
  categories: [{ id: uuid(90), slug: 'pizza', name: 'Pizza' }],
  pickupPromise: 'Usually ready in 30 min',
  fulfilment: { reservePickup: true, buyOnlinePickup: true, sameDayDelivery: false },
};

export const menuSummary: MenuSummary = {
  id: uuid(2),
  business: businessRef,
  name: 'Pizza menu',
  description: 'Dough fermented 48 hours.',
  itemCount: 9,
  image: image('Pizza menu'),
};

export const sizeGroup: MenuItemOptionGroup = {
  id: uuid(10),
  name: 'Size',
  minChoices: 1,
  maxChoices: 1,
  options: [
    { id: uuid(11), name: '10"', priceDelta: cad(0) },
    { id: uuid(12), name: '12"', priceDelta: cad(400) },
    { id: uuid(13), name: '16"', priceDelta: cad(800) },
  ],
};

export const toppingsGroup: MenuItemOptionGroup = {
  id: uuid(20),
  name: 'Extra toppings',
  minChoices: 0,
  maxChoices: 2,
  options: [
    { id: uuid(21), name: 'Pepperoni', priceDelta: cad(250) },
    { id: uuid(22), name: 'Mushrooms', priceDelta: cad(200) },
    { id: uuid(23), name: 'Olives', priceDelta: cad(200) },
  ],
};

export const margherita: MenuItem = {
  id: uuid(30),
  name: 'Margherita',
  description: 'San Marzano tomato, fior di latte, basil.',
  price: cad(1600),
  image: image('Margherita'),
  dietaryTags: ['vegetarian'],
  optionGroups: [sizeGroup, toppingsGroup],
  available: true,
};

export const garlicKnots: MenuItem = {
  id: uuid(31),
  name: 'Garlic Knots',
  description: 'With marinara for dipping.',
  price: cad(800),
  image: null,
  dietaryTags: [],
  optionGroups: [],
  available: false,
};

export const menu: Menu = {
  id: menuSummary.id,
  business: businessRef,
  name: 'Pizza menu',
  description: 'Dough fermented 48 hours.',
  sections: [
    {
      id: uuid(40),
      name: 'Pizzas',
      description: 'Gluten-free crust available.',
      items: [margherita],
    },
    { id: uuid(41), name: 'Starters', description: null, items: [garlicKnots] },
  ],
};

export const foodItem: FoodItemSummary = {
  id: margherita.id,
  name: margherita.name,
  description: margherita.description,
  price: margherita.price,
  image: margherita.image,
  dietaryTags: margherita.dietaryTags,
  available: true,
  menuId: menu.id,
  business: businessRef,
  distanceKm: 1.2,
};
