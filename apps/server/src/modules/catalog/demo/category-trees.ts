import type { BusinessKind } from '@localmart/contract';

/**
 * The three category trees (catalogue issue: "a tree per kind"). Retail is a product taxonomy whose
 * leaves carry product lines (product-lines.ts); restaurant nodes are cuisines; service nodes are
 * trades. Slugs are unique across all trees, so `?category=milk` is never ambiguous.
 */
export interface CategoryDefinition {
  slug: string;
  name: string;
  children?: readonly CategoryDefinition[];
}

const leaf = (slug: string, name: string): CategoryDefinition => ({ slug, name });

export const CATEGORY_TREES: Record<BusinessKind, readonly CategoryDefinition[]> = {
  retail: [
    {
      slug: 'grocery',
      name: 'Grocery',
      children: [
        {
          slug: 'dairy-eggs',
          name: 'Dairy & Eggs',
          children: [
            leaf('milk', 'Milk'),
            leaf('cheese', 'Cheese'),
            leaf('yogurt', 'Yogurt'),
            leaf('butter-eggs', 'Butter & Eggs'),
          ],
        },
        {
          slug: 'bakery',
          name: 'Bakery',
          children: [leaf('bread', 'Bread'), leaf('pastries', 'Pastries')],
        },
        {
          slug: 'produce',
          name: 'Fruit & Vegetables',
          children: [leaf('fruit', 'Fruit'), leaf('vegetables', 'Vegetables')],
        },
        {
          slug: 'pantry',
          name: 'Pantry',
          children: [
            leaf('pasta-rice', 'Pasta & Rice'),
            leaf('canned-goods', 'Canned Goods'),
            leaf('cereal', 'Breakfast Cereal'),
            leaf('coffee-tea', 'Coffee & Tea'),
            leaf('snacks', 'Snacks'),
          ],
        },
        {
          slug: 'beverages',
          name: 'Beverages',
          children: [
            leaf('juice', 'Juice'),
            leaf('soft-drinks', 'Soft Drinks'),
            leaf('water', 'Water'),
          ],
        },
        {
          slug: 'frozen',
          name: 'Frozen',
          children: [leaf('ice-cream', 'Ice Cream'), leaf('frozen-meals', 'Frozen Meals')],
        },
      ],
    },
    {
      slug: 'household',
      name: 'Household',
      children: [leaf('cleaning', 'Cleaning Supplies'), leaf('paper-goods', 'Paper Goods')],
    },
    {
      slug: 'health',
      name: 'Health & Pharmacy',
      children: [
        leaf('pain-relief', 'Pain & Fever'),
        leaf('vitamins', 'Vitamins & Supplements'),
        leaf('hair-care', 'Hair Care'),
        leaf('oral-care', 'Oral Care'),
        leaf('skin-care', 'Skin Care'),
        leaf('baby-care', 'Baby Care'),
      ],
    },
    {
      slug: 'hardware',
      name: 'Hardware',
      children: [
        leaf('hand-tools', 'Hand Tools'),
        leaf('power-tools', 'Power Tools'),
        leaf('paint', 'Paint & Supplies'),
        leaf('electrical', 'Light Bulbs & Batteries'),
        leaf('plumbing', 'Plumbing'),
        leaf('garden', 'Garden'),
      ],
    },
    {
      slug: 'electronics',
      name: 'Electronics',
      children: [
        leaf('phone-accessories', 'Phone Accessories'),
        leaf('headphones', 'Headphones'),
        leaf('speakers', 'Speakers'),
        leaf('chargers-cables', 'Chargers & Cables'),
        leaf('computer-accessories', 'Computer Accessories'),
      ],
    },
    {
      slug: 'books',
      name: 'Books',
      children: [
        leaf('fiction', 'Fiction'),
        leaf('non-fiction', 'Non-fiction'),
        leaf('childrens-books', "Children's Books"),
        leaf('cookbooks', 'Cookbooks'),
      ],
    },
    {
      slug: 'pets',
      name: 'Pet Supplies',
      children: [
        leaf('dog-food', 'Dog Food'),
        leaf('cat-food', 'Cat Food'),
        leaf('pet-toys', 'Pet Toys'),
        leaf('pet-care', 'Pet Care'),
      ],
    },
    {
      slug: 'flowers-plants',
      name: 'Flowers & Plants',
      children: [
        leaf('bouquets', 'Bouquets'),
        leaf('house-plants', 'House Plants'),
        leaf('planters', 'Planters'),
      ],
    },
  ],
  restaurant: [
    { slug: 'cafes-bakeries', name: 'Cafés & Bakeries', children: [leaf('cafes', 'Cafés')] },
    {
      slug: 'world-cuisine',
      name: 'World Cuisine',
      children: [
        leaf('italian', 'Italian'),
        leaf('indian', 'Indian'),
        leaf('japanese', 'Japanese'),
        leaf('mexican', 'Mexican'),
        leaf('middle-eastern', 'Middle Eastern'),
        leaf('vietnamese', 'Vietnamese'),
      ],
    },
    {
      slug: 'casual-dining',
      name: 'Casual Dining',
      children: [leaf('pizza', 'Pizza'), leaf('diners-burgers', 'Diners & Burgers')],
    },
  ],
  service: [
    {
      slug: 'beauty-wellness',
      name: 'Beauty & Wellness',
      children: [
        leaf('hair-salons', 'Hair Salons'),
        leaf('barbers', 'Barbers'),
        leaf('nails', 'Nails'),
        leaf('spa-massage', 'Spa & Massage'),
      ],
    },
    {
      slug: 'repairs',
      name: 'Repairs',
      children: [leaf('device-repair', 'Phone & Computer Repair')],
    },
    {
      slug: 'cleaning-alterations',
      name: 'Cleaning & Alterations',
      children: [leaf('dry-cleaning', 'Dry Cleaning'), leaf('alterations', 'Alterations')],
    },
    {
      slug: 'fitness',
      name: 'Fitness',
      children: [
        leaf('yoga-pilates', 'Yoga & Pilates'),
        leaf('personal-training', 'Personal Training'),
      ],
    },
  ],
};
