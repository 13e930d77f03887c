import type { DietaryTag } from '@localmart/contract';
import type { DishStyle } from './image-specs.ts';

/**
 * Restaurant menus by cuisine: sections of dishes with a price (cents), dietary tags, the option
 * groups a diner chooses from, and how the dish is drawn. Each restaurant keeps most dishes and
 * moves prices a little, so two cafés do not read identically.
 */
export interface OptionGroupTemplate {
  name: string;
  min: number;
  max: number;
  /** [name, price delta in cents] */
  options: readonly (readonly [string, number])[];
}

export const OPTION_GROUPS = {
  coffeeSize: {
    name: 'Size',
    min: 1,
    max: 1,
    options: [
      ['Small', 0],
      ['Medium', 50],
      ['Large', 100],
    ],
  },
  milk: {
    name: 'Milk',
    min: 0,
    max: 1,
    options: [
      ['Whole', 0],
      ['Oat', 70],
      ['Almond', 70],
      ['Lactose-free', 50],
    ],
  },
  coffeeExtras: {
    name: 'Extras',
    min: 0,
    max: 2,
    options: [
      ['Extra shot', 100],
      ['Vanilla syrup', 75],
      ['Caramel syrup', 75],
    ],
  },
  warmed: { name: 'Warm it up?', min: 0, max: 1, options: [['Warmed', 0]] },
  pizzaSize: {
    name: 'Size',
    min: 1,
    max: 1,
    options: [
      ['10"', 0],
      ['12"', 400],
      ['16"', 800],
    ],
  },
  toppings: {
    name: 'Extra toppings',
    min: 0,
    max: 5,
    options: [
      ['Pepperoni', 250],
      ['Mushrooms', 200],
      ['Roasted peppers', 200],
      ['Olives', 200],
      ['Extra mozzarella', 250],
      ['Hot honey', 150],
    ],
  },
  glutenFreePasta: {
    name: 'Pasta',
    min: 1,
    max: 1,
    options: [
      ['House-made', 0],
      ['Gluten-free', 300],
    ],
  },
  spice: {
    name: 'Spice level',
    min: 1,
    max: 1,
    options: [
      ['Mild', 0],
      ['Medium', 0],
      ['Hot', 0],
      ['Extra hot', 0],
    ],
  },
  protein: {
    name: 'Add protein',
    min: 0,
    max: 1,
    options: [
      ['Chicken', 400],
      ['Shrimp', 550],
      ['Tofu', 300],
      ['Beef', 500],
    ],
  },
  rice: {
    name: 'Served with',
    min: 1,
    max: 1,
    options: [
      ['Basmati rice', 0],
      ['Jeera rice', 100],
      ['Naan', 100],
    ],
  },
  breads: {
    name: 'Add bread',
    min: 0,
    max: 2,
    options: [
      ['Plain naan', 300],
      ['Garlic naan', 350],
      ['Roti', 250],
    ],
  },
  side: {
    name: 'Choose a side',
    min: 1,
    max: 1,
    options: [
      ['Fries', 0],
      ['Side salad', 0],
      ['Sweet potato fries', 150],
      ['Soup of the day', 150],
    ],
  },
  burgerExtras: {
    name: 'Extras',
    min: 0,
    max: 4,
    options: [
      ['Bacon', 250],
      ['Aged cheddar', 150],
      ['Avocado', 200],
      ['Fried egg', 200],
      ['Caramelized onions', 100],
    ],
  },
  eggs: {
    name: 'Eggs',
    min: 1,
    max: 1,
    options: [
      ['Scrambled', 0],
      ['Sunny side up', 0],
      ['Over easy', 0],
      ['Poached', 0],
    ],
  },
  tacoCount: {
    name: 'How many',
    min: 1,
    max: 1,
    options: [
      ['2 tacos', 0],
      ['3 tacos', 450],
    ],
  },
  salsa: {
    name: 'Salsa',
    min: 0,
    max: 2,
    options: [
      ['Salsa verde', 0],
      ['Salsa roja', 0],
      ['Habanero', 50],
    ],
  },
  sushiExtras: {
    name: 'Extras',
    min: 0,
    max: 2,
    options: [
      ['Spicy mayo', 75],
      ['Eel sauce', 75],
      ['Extra ginger', 0],
    ],
  },
  phoSize: {
    name: 'Size',
    min: 1,
    max: 1,
    options: [
      ['Regular', 0],
      ['Large', 250],
    ],
  },
  phoExtras: {
    name: 'Extras',
    min: 0,
    max: 3,
    options: [
      ['Extra noodles', 200],
      ['Extra beef', 400],
      ['Beef balls', 300],
    ],
  },
  wrapOrPlate: {
    name: 'Style',
    min: 1,
    max: 1,
    options: [
      ['Wrap', 0],
      ['Plate with rice and salad', 500],
    ],
  },
} as const satisfies Record<string, OptionGroupTemplate>;

export type OptionGroupKey = keyof typeof OPTION_GROUPS;

export interface DishTemplate {
  name: string;
  description: string;
  price: number;
  tags: readonly DietaryTag[];
  options: readonly OptionGroupKey[];
  style: DishStyle;
}

export interface MenuTemplate {
  name: string;
  description: string;
  sections: readonly {
    name: string;
    description: string | null;
    dishes: readonly DishTemplate[];
  }[];
}

const dish = (
  name: string,
  description: string,
  price: number,
  style: DishStyle,
  tags: readonly DietaryTag[] = [],
  options: readonly OptionGroupKey[] = [],
): DishTemplate => ({ name, description, price, tags, options, style });

const V: DietaryTag[] = ['vegetarian'];
const VG: DietaryTag[] = ['vegetarian', 'vegan', 'dairy_free'];

export const MENU_TEMPLATES: Record<string, MenuTemplate> = {
  cafe: {
    name: 'All-day menu',
    description: 'Coffee from Kensington Roasters, pastries baked this morning.',
    sections: [
      {
        name: 'Coffee',
        description: 'Double shots, always.',
        dishes: [
          dish('Espresso', 'A double shot, bright and syrupy.', 325, 'cup', VG, ['coffeeExtras']),
          dish('Americano', 'Espresso lengthened with hot water.', 375, 'cup', VG, [
            'coffeeSize',
            'milk',
          ]),
          dish('Cappuccino', 'Equal parts espresso, milk and foam.', 475, 'cup', V, [
            'coffeeSize',
            'milk',
            'coffeeExtras',
          ]),
          dish('Flat White', 'Silky microfoam over a ristretto.', 495, 'cup', V, [
            'milk',
            'coffeeExtras',
          ]),
          dish('Latte', 'Espresso and steamed milk.', 525, 'cup', V, [
            'coffeeSize',
            'milk',
            'coffeeExtras',
          ]),
          dish('Mocha', 'Latte with house chocolate sauce.', 575, 'cup', V, ['coffeeSize', 'milk']),
        ],
      },
      {
        name: 'Tea & more',
        description: null,
        dishes: [
          dish('London Fog', 'Earl Grey, vanilla and steamed milk.', 495, 'cup', V, [
            'coffeeSize',
            'milk',
          ]),
          dish('Matcha Latte', 'Ceremonial-grade matcha whisked to order.', 575, 'drink', V, [
            'coffeeSize',
            'milk',
          ]),
          dish('Chai Latte', 'House-spiced chai concentrate.', 525, 'cup', V, [
            'coffeeSize',
            'milk',
          ]),
          dish('Hot Chocolate', 'Dark chocolate, steamed milk, whipped cream.', 475, 'cup', V, [
            'coffeeSize',
            'milk',
          ]),
        ],
      },
      {
        name: 'Bakery',
        description: 'Baked in-house every morning.',
        dishes: [
          dish('Butter Croissant', 'Laminated for three days.', 425, 'pastry', V, ['warmed']),
          dish('Almond Croissant', 'Twice-baked with frangipane.', 525, 'pastry', V, ['warmed']),
          dish('Cinnamon Bun', 'Brown butter glaze.', 495, 'pastry', V, ['warmed']),
          dish('Banana Bread', 'With walnuts and a crackly top.', 425, 'dessert', V, ['warmed']),
          dish('Butter Tart', 'Ontario classic, runny centre, no raisins.', 395, 'dessert', V),
        ],
      },
      {
        name: 'Breakfast & lunch',
        description: 'Until 3 pm.',
        dishes: [
          dish(
            'Avocado Toast',
            'Sourdough, smashed avocado, chili flakes, lemon.',
            1250,
            'sandwich',
            VG,
            ['eggs'],
          ),
          dish(
            'Breakfast Sandwich',
            'Egg, aged cheddar and peameal bacon on a brioche bun.',
            1150,
            'sandwich',
            [],
            ['eggs'],
          ),
          dish('Quiche of the Day', 'With a green salad.', 1295, 'plate', V),
          dish('Grain Bowl', 'Farro, roasted squash, kale, tahini dressing.', 1450, 'bowl', VG, [
            'protein',
          ]),
        ],
      },
    ],
  },
  pizzeria: {
    name: 'Pizza menu',
    description: 'Dough fermented 48 hours, baked at 450 °C.',
    sections: [
      {
        name: 'Pizzas',
        description: 'Gluten-free crust available.',
        dishes: [
          dish('Margherita', 'San Marzano tomato, fior di latte, basil.', 1600, 'pizza', V, [
            'pizzaSize',
            'toppings',
          ]),
          dish(
            'Pepperoni',
            'Tomato, mozzarella, cup-and-char pepperoni.',
            1800,
            'pizza',
            [],
            ['pizzaSize', 'toppings'],
          ),
          dish('Funghi', 'Roasted mushrooms, garlic, thyme, mozzarella.', 1800, 'pizza', V, [
            'pizzaSize',
            'toppings',
          ]),
          dish(
            'Quattro Formaggi',
            'Mozzarella, gorgonzola, fontina, parmigiano.',
            1900,
            'pizza',
            V,
            ['pizzaSize', 'toppings'],
          ),
          dish(
            'Hawaiian',
            'Ham and pineapple: invented in Ontario, defended here.',
            1800,
            'pizza',
            [],
            ['pizzaSize', 'toppings'],
          ),
          dish(
            'Spicy Soppressata',
            'Tomato, soppressata, chili, hot honey.',
            1950,
            'pizza',
            ['spicy'],
            ['pizzaSize', 'toppings'],
          ),
        ],
      },
      {
        name: 'Starters',
        description: null,
        dishes: [
          dish('Garlic Knots', 'With marinara for dipping.', 800, 'plate', V),
          dish(
            'Caesar Salad',
            'Romaine, parmigiano, croutons, anchovy dressing.',
            1200,
            'salad',
            [],
            ['protein'],
          ),
          dish('Arancini', 'Crispy risotto balls, mozzarella centre.', 1100, 'plate', V),
        ],
      },
      {
        name: 'Desserts & drinks',
        description: null,
        dishes: [
          dish('Tiramisu', 'Mascarpone, espresso, cocoa.', 900, 'dessert', V),
          dish('Cannoli', 'Ricotta and chocolate chip, filled to order.', 700, 'dessert', V),
          dish('Sparkling Water', 'San Pellegrino-style, 500 mL.', 400, 'drink', VG),
          dish('Craft Soda', 'Ask for today’s flavours.', 450, 'drink', VG),
        ],
      },
    ],
  },
  trattoria: {
    name: 'Dinner menu',
    description: 'Pasta made in-house every morning.',
    sections: [
      {
        name: 'Antipasti',
        description: null,
        dishes: [
          dish('Burrata', 'Heirloom tomatoes, basil oil, grilled bread.', 1800, 'plate', V),
          dish('Calamari Fritti', 'Lemon aioli.', 1700, 'plate'),
          dish('Bruschetta', 'Tomato, garlic, basil on grilled sourdough.', 1200, 'plate', VG),
        ],
      },
      {
        name: 'Pasta',
        description: 'Gluten-free pasta on request.',
        dishes: [
          dish('Cacio e Pepe', 'Tonnarelli, pecorino, black pepper.', 2200, 'pasta', V, [
            'glutenFreePasta',
          ]),
          dish('Rigatoni alla Vodka', 'Tomato cream, chili, parmigiano.', 2300, 'pasta', V, [
            'glutenFreePasta',
            'protein',
          ]),
          dish(
            'Tagliatelle Bolognese',
            'Slow-cooked beef and pork ragù.',
            2500,
            'pasta',
            [],
            ['glutenFreePasta'],
          ),
          dish(
            'Spaghetti alle Vongole',
            'Clams, white wine, garlic, parsley.',
            2700,
            'pasta',
            ['dairy_free'],
            ['glutenFreePasta'],
          ),
          dish('Gnocchi al Pesto', 'Potato gnocchi, basil pesto, green beans.', 2300, 'pasta', V),
        ],
      },
      {
        name: 'Secondi',
        description: null,
        dishes: [
          dish('Chicken Parmigiana', 'With spaghetti pomodoro.', 2800, 'plate'),
          dish('Whole Branzino', 'Salsa verde, roasted potatoes.', 3400, 'plate', ['gluten_free']),
          dish('Veal Marsala', 'Mushrooms, marsala wine sauce.', 3200, 'plate'),
        ],
      },
      {
        name: 'Dolci',
        description: null,
        dishes: [
          dish('Tiramisu', 'The house recipe.', 1100, 'dessert', V),
          dish('Panna Cotta', 'Vanilla bean, seasonal fruit.', 1000, 'dessert', [
            'vegetarian',
            'gluten_free',
          ]),
        ],
      },
    ],
  },
  indian: {
    name: 'Lunch & dinner',
    description: 'Tell us your spice level; we will listen.',
    sections: [
      {
        name: 'Starters',
        description: null,
        dishes: [
          dish('Vegetable Samosas', 'Two, with tamarind chutney.', 700, 'plate', VG),
          dish('Onion Bhaji', 'Crispy chickpea-battered onion fritters.', 800, 'plate', [
            ...VG,
            'gluten_free',
          ]),
          dish(
            'Chicken Tikka',
            'Yogurt-marinated, from the tandoor.',
            1400,
            'plate',
            ['gluten_free', 'halal'],
            ['spice'],
          ),
          dish(
            'Paneer Tikka',
            'Charred paneer, peppers, onions.',
            1300,
            'plate',
            ['vegetarian', 'gluten_free'],
            ['spice'],
          ),
        ],
      },
      {
        name: 'Curries',
        description: 'Served with basmati rice.',
        dishes: [
          dish(
            'Butter Chicken',
            'Tandoori chicken in a tomato butter sauce.',
            1900,
            'curry',
            ['gluten_free', 'halal'],
            ['spice', 'rice', 'breads'],
          ),
          dish(
            'Lamb Rogan Josh',
            'Kashmiri chili, slow-braised lamb.',
            2200,
            'curry',
            ['gluten_free', 'halal', 'spicy'],
            ['spice', 'rice', 'breads'],
          ),
          dish(
            'Chana Masala',
            'Chickpeas, tomato, ginger, garam masala.',
            1600,
            'curry',
            [...VG, 'gluten_free'],
            ['spice', 'rice', 'breads'],
          ),
          dish(
            'Palak Paneer',
            'Spinach and fresh cheese.',
            1700,
            'curry',
            ['vegetarian', 'gluten_free'],
            ['spice', 'rice', 'breads'],
          ),
          dish(
            'Goan Fish Curry',
            'Coconut, tamarind, kokum.',
            2100,
            'curry',
            ['gluten_free', 'dairy_free', 'spicy'],
            ['spice', 'rice'],
          ),
          dish(
            'Dal Makhani',
            'Black lentils simmered overnight.',
            1500,
            'curry',
            ['vegetarian', 'gluten_free'],
            ['rice', 'breads'],
          ),
        ],
      },
      {
        name: 'Biryani & breads',
        description: null,
        dishes: [
          dish(
            'Chicken Biryani',
            'Dum-cooked with saffron, raita on the side.',
            2000,
            'bowl',
            ['halal'],
            ['spice'],
          ),
          dish('Vegetable Biryani', 'Seasonal vegetables, fried onions.', 1700, 'bowl', V, [
            'spice',
          ]),
          dish('Garlic Naan', 'From the tandoor.', 400, 'plate', V),
        ],
      },
      {
        name: 'Drinks',
        description: null,
        dishes: [
          dish('Mango Lassi', 'Alphonso mango and yogurt.', 550, 'drink', [
            'vegetarian',
            'gluten_free',
          ]),
          dish('Masala Chai', 'Spiced milk tea.', 400, 'cup', V),
        ],
      },
    ],
  },
  sushi: {
    name: 'Sushi & kitchen',
    description: 'Fish delivered six days a week.',
    sections: [
      {
        name: 'Maki',
        description: '8 pieces.',
        dishes: [
          dish(
            'California Roll',
            'Crab, avocado, cucumber, tobiko.',
            1000,
            'sushi',
            [],
            ['sushiExtras'],
          ),
          dish(
            'Spicy Salmon Roll',
            'Salmon, spicy mayo, tempura bits.',
            1200,
            'sushi',
            ['spicy'],
            ['sushiExtras'],
          ),
          dish('Dragon Roll', 'Shrimp tempura, eel, avocado.', 1700, 'sushi', [], ['sushiExtras']),
          dish('Avocado Roll', 'Avocado and sesame.', 800, 'sushi', VG, ['sushiExtras']),
          dish(
            'Rainbow Roll',
            'California roll topped with assorted fish.',
            1800,
            'sushi',
            [],
            ['sushiExtras'],
          ),
        ],
      },
      {
        name: 'Nigiri & sashimi',
        description: null,
        dishes: [
          dish('Salmon Nigiri', 'Two pieces.', 700, 'sushi', ['gluten_free', 'dairy_free']),
          dish('Tuna Nigiri', 'Two pieces.', 800, 'sushi', ['gluten_free', 'dairy_free']),
          dish('Sashimi Moriawase', '15 pieces, chef’s choice.', 3200, 'sushi', [
            'gluten_free',
            'dairy_free',
          ]),
        ],
      },
      {
        name: 'Kitchen',
        description: null,
        dishes: [
          dish(
            'Tonkotsu Ramen',
            'Pork bone broth, chashu, ajitama egg.',
            1800,
            'bowl',
            [],
            ['protein'],
          ),
          dish('Chicken Teriyaki', 'With rice and salad.', 1700, 'plate'),
          dish('Vegetable Tempura', 'Seasonal vegetables, tentsuyu.', 1300, 'plate', V),
          dish('Pork Gyoza', 'Six, pan-fried.', 900, 'plate'),
          dish('Miso Soup', 'Tofu, wakame, scallion.', 400, 'bowl', VG),
          dish('Edamame', 'Sea salt.', 600, 'bowl', [...VG, 'gluten_free']),
        ],
      },
    ],
  },
  taqueria: {
    name: 'Taquería menu',
    description: 'Tortillas pressed to order.',
    sections: [
      {
        name: 'Tacos',
        description: 'Corn tortillas, onion, cilantro.',
        dishes: [
          dish(
            'Al Pastor',
            'Achiote pork off the trompo, pineapple.',
            1100,
            'taco',
            ['gluten_free', 'dairy_free'],
            ['tacoCount', 'salsa'],
          ),
          dish(
            'Carne Asada',
            'Grilled flank steak, salsa roja.',
            1250,
            'taco',
            ['gluten_free', 'dairy_free'],
            ['tacoCount', 'salsa'],
          ),
          dish(
            'Baja Fish',
            'Beer-battered fish, chipotle slaw.',
            1200,
            'taco',
            [],
            ['tacoCount', 'salsa'],
          ),
          dish(
            'Rajas con Queso',
            'Roasted poblano, cream, cheese.',
            1000,
            'taco',
            ['vegetarian', 'gluten_free'],
            ['tacoCount', 'salsa'],
          ),
          dish(
            'Chorizo & Potato',
            'House chorizo, crispy potato.',
            1050,
            'taco',
            ['gluten_free'],
            ['tacoCount', 'salsa'],
          ),
        ],
      },
      {
        name: 'Plates',
        description: null,
        dishes: [
          dish(
            'Burrito Bowl',
            'Rice, beans, pico, guacamole.',
            1500,
            'bowl',
            ['gluten_free'],
            ['protein', 'salsa'],
          ),
          dish('Quesadilla', 'Flour tortilla, Oaxaca cheese.', 1200, 'plate', V, ['protein']),
          dish('Enchiladas Verdes', 'Chicken, salsa verde, crema.', 1700, 'plate', ['gluten_free']),
        ],
      },
      {
        name: 'Sides & drinks',
        description: null,
        dishes: [
          dish('Guacamole & Chips', 'Made to order.', 900, 'bowl', [...VG, 'gluten_free']),
          dish('Elote', 'Grilled corn, mayo, cotija, chili.', 600, 'plate', [
            'vegetarian',
            'gluten_free',
          ]),
          dish('Horchata', 'Rice, cinnamon, vanilla.', 450, 'drink', ['vegetarian', 'gluten_free']),
          dish('Agua Fresca', 'Hibiscus or watermelon.', 450, 'drink', [...VG, 'gluten_free']),
        ],
      },
    ],
  },
  'middle-eastern': {
    name: 'Grill & mezze',
    description: 'Halal. Garlic sauce made fresh every morning.',
    sections: [
      {
        name: 'Shawarma',
        description: null,
        dishes: [
          dish(
            'Chicken Shawarma',
            'Garlic sauce, pickles, fries inside.',
            1200,
            'sandwich',
            ['halal'],
            ['wrapOrPlate'],
          ),
          dish(
            'Beef Shawarma',
            'Tahini, onions, parsley, tomato.',
            1300,
            'sandwich',
            ['halal'],
            ['wrapOrPlate'],
          ),
          dish(
            'Falafel',
            'Tahini, turnip pickles, tomato.',
            1000,
            'sandwich',
            [...VG, 'halal'],
            ['wrapOrPlate'],
          ),
        ],
      },
      {
        name: 'Mezze',
        description: 'With warm pita.',
        dishes: [
          dish('Hummus', 'Chickpeas, tahini, lemon, olive oil.', 800, 'bowl', [...VG, 'halal']),
          dish('Baba Ghanouj', 'Smoky eggplant, pomegranate.', 850, 'bowl', [...VG, 'halal']),
          dish('Tabbouleh', 'Parsley, bulgur, tomato, lemon.', 900, 'salad', [...VG, 'halal']),
          dish('Fattoush', 'Crispy pita, sumac, greens.', 950, 'salad', [...VG, 'halal']),
          dish('Stuffed Grape Leaves', 'Rice, herbs, lemon.', 850, 'plate', [
            ...VG,
            'gluten_free',
            'halal',
          ]),
        ],
      },
      {
        name: 'Grill plates',
        description: 'Rice, salad, garlic potatoes.',
        dishes: [
          dish('Shish Tawook Plate', 'Marinated chicken skewers.', 1900, 'plate', [
            'halal',
            'gluten_free',
          ]),
          dish('Kafta Plate', 'Spiced ground beef skewers.', 1900, 'plate', [
            'halal',
            'gluten_free',
          ]),
          dish('Mixed Grill', 'Tawook, kafta and lamb.', 2600, 'plate', ['halal', 'gluten_free']),
        ],
      },
      {
        name: 'Sweets',
        description: null,
        dishes: [
          dish('Baklava', 'Pistachio, three pieces.', 600, 'dessert', V),
          dish('Knafeh', 'Warm cheese pastry, rose syrup.', 900, 'dessert', V),
        ],
      },
    ],
  },
  pho: {
    name: 'Pho & banh mi',
    description: 'Broth simmered twelve hours.',
    sections: [
      {
        name: 'Pho',
        description: 'Rice noodles, herbs, bean sprouts, lime.',
        dishes: [
          dish(
            'Pho Tai',
            'Rare beef.',
            1500,
            'bowl',
            ['gluten_free', 'dairy_free'],
            ['phoSize', 'phoExtras'],
          ),
          dish(
            'Pho Dac Biet',
            'House special: rare beef, brisket, tendon, tripe.',
            1700,
            'bowl',
            ['gluten_free', 'dairy_free'],
            ['phoSize', 'phoExtras'],
          ),
          dish(
            'Chicken Pho',
            'Poached chicken, chicken broth.',
            1500,
            'bowl',
            ['gluten_free', 'dairy_free'],
            ['phoSize'],
          ),
          dish(
            'Vegetable Pho',
            'Tofu, mushrooms, vegetable broth.',
            1400,
            'bowl',
            [...VG, 'gluten_free'],
            ['phoSize'],
          ),
        ],
      },
      {
        name: 'Banh mi',
        description: 'Pickled carrot, daikon, cilantro, jalapeño.',
        dishes: [
          dish('Grilled Pork Banh Mi', 'Lemongrass pork.', 1000, 'sandwich', ['dairy_free']),
          dish('Lemongrass Chicken Banh Mi', 'Grilled chicken thigh.', 1000, 'sandwich', [
            'dairy_free',
          ]),
          dish('Tofu Banh Mi', 'Crispy tofu, vegan mayo.', 950, 'sandwich', VG),
        ],
      },
      {
        name: 'Vermicelli & starters',
        description: null,
        dishes: [
          dish('Grilled Pork Vermicelli', 'With spring roll and nuoc cham.', 1600, 'bowl', [
            'dairy_free',
          ]),
          dish('Fresh Salad Rolls', 'Shrimp, herbs, peanut sauce.', 800, 'plate', [
            'gluten_free',
            'dairy_free',
          ]),
          dish('Crispy Spring Rolls', 'Pork and taro, four pieces.', 750, 'plate', ['dairy_free']),
        ],
      },
      {
        name: 'Drinks',
        description: null,
        dishes: [
          dish('Vietnamese Iced Coffee', 'Dark roast, condensed milk.', 550, 'drink', V),
          dish('Fresh Lime Soda', 'Salted or sweet.', 500, 'drink', VG),
        ],
      },
    ],
  },
  diner: {
    name: 'All-day diner menu',
    description: 'Breakfast served all day, every day.',
    sections: [
      {
        name: 'Breakfast',
        description: null,
        dishes: [
          dish(
            'Classic Breakfast',
            'Two eggs, home fries, toast, bacon or sausage.',
            1300,
            'plate',
            [],
            ['eggs'],
          ),
          dish('Buttermilk Pancakes', 'Three, with Ontario maple syrup.', 1200, 'dessert', V),
          dish(
            'Eggs Benedict',
            'Peameal bacon, hollandaise, home fries.',
            1650,
            'plate',
            [],
            ['eggs'],
          ),
          dish(
            'Peameal Bacon Sandwich',
            'The Toronto classic, mustard on a kaiser.',
            1100,
            'sandwich',
          ),
        ],
      },
      {
        name: 'Burgers & sandwiches',
        description: 'With your choice of side.',
        dishes: [
          dish(
            'Classic Cheeseburger',
            'Aged cheddar, pickles, house sauce.',
            1600,
            'burger',
            [],
            ['side', 'burgerExtras'],
          ),
          dish(
            'Double Smash Burger',
            'Two patties, American cheese, onions.',
            1900,
            'burger',
            [],
            ['side', 'burgerExtras'],
          ),
          dish('Veggie Burger', 'Black bean patty, avocado, chipotle mayo.', 1600, 'burger', V, [
            'side',
            'burgerExtras',
          ]),
          dish(
            'Fried Chicken Sandwich',
            'Buttermilk chicken, slaw, hot honey.',
            1700,
            'burger',
            ['spicy'],
            ['side'],
          ),
          dish(
            'Club Sandwich',
            'Turkey, bacon, lettuce, tomato, triple-decker.',
            1550,
            'sandwich',
            [],
            ['side'],
          ),
        ],
      },
      {
        name: 'Plates',
        description: null,
        dishes: [
          dish('Poutine', 'Fries, cheese curds, gravy.', 1100, 'plate', [], ['burgerExtras']),
          dish('Fish & Chips', 'Haddock, tartar sauce, slaw.', 1900, 'plate'),
        ],
      },
      {
        name: 'Shakes & pie',
        description: null,
        dishes: [
          dish('Chocolate Milkshake', 'Made with real ice cream.', 800, 'drink', V),
          dish('Apple Pie', 'A la mode on request.', 750, 'dessert', V),
          dish('Butter Tart', 'Warm, with whipped cream.', 500, 'dessert', V),
        ],
      },
    ],
  },
};
