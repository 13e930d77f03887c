import type { CityPlan } from './city-plan.ts';
import { demoUuid } from './ids.ts';
import { demoImage } from './images.ts';
import { MENU_TEMPLATES, OPTION_GROUPS } from './menu-templates.ts';
import { DEMO_CURRENCY, menuPrice } from './pricing.ts';
import { Random } from './random.ts';
import type { DemoMenu } from './types.ts';

/**
 * A restaurant's menu from its cuisine template: most dishes kept (at least two per section),
 * prices nudged per restaurant, a few dishes sold out today, and every option group with ids.
 */
export function menuOf(plan: CityPlan, businessIndex: number): DemoMenu | null {
  const business = plan.businesses[businessIndex];
  const template = MENU_TEMPLATES[plan.types[businessIndex]?.offering ?? ''];
  if (!business || !template) return null;
  const { seed } = plan;
  const random = Random.for(seed, `menu:${businessIndex}`);
  const key = `menu:${businessIndex}`;
  const money = (amount: number) => ({ amount, currency: DEMO_CURRENCY });
  const priceFactor = random.between(0.92, 1.12);

  return {
    id: demoUuid(seed, key),
    businessId: business.id,
    name: template.name,
    description: template.description,
    sections: template.sections.map((section, s) => {
      const kept = section.dishes.filter((_, d) => d < 2 || random.chance(0.85));
      return {
        id: demoUuid(seed, `${key}:section:${s}`),
        name: section.name,
        description: section.description,
        items: kept.map((dish) => {
          const itemKey = `${key}:item:${slugKey(dish.name)}`;
          return {
            id: demoUuid(seed, itemKey),
            name: dish.name,
            description: dish.description,
            price: money(menuPrice(dish.price * priceFactor * random.between(0.97, 1.04))),
            image: demoImage(seed, itemKey, `${dish.name} at ${business.name}`, {
              kind: 'dish',
              name: dish.name,
              hue: random.int(0, 359),
              style: dish.style,
            }),
            dietaryTags: [...dish.tags],
            optionGroups: dish.options.map((groupKey) => {
              const group = OPTION_GROUPS[groupKey];
              const groupId = `${itemKey}:group:${groupKey}`;
              return {
                id: demoUuid(seed, groupId),
                name: group.name,
                minChoices: group.min,
                maxChoices: Math.min(group.max, group.options.length),
                options: group.options.map(([name, delta]) => ({
                  id: demoUuid(seed, `${groupId}:${slugKey(name)}`),
                  name,
                  priceDelta: money(delta),
                })),
              };
            }),
            available: random.chance(0.94),
          };
        }),
      };
    }),
  };
}

const slugKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
