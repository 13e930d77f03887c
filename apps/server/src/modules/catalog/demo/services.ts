import type { CityPlan } from './city-plan.ts';
import { categoryOf } from './categories.ts';
import { demoUuid, slugify } from './ids.ts';
import { demoImage } from './images.ts';
import { charmPrice, DEMO_CURRENCY } from './pricing.ts';
import { Random } from './random.ts';
import { SERVICE_TEMPLATES } from './service-templates.ts';
import type { DemoService } from './types.ts';

/** A provider's offerings: a random subset of its trade's templates, priced for its street. */
export function servicesOf(plan: CityPlan, businessIndex: number): DemoService[] {
  const business = plan.businesses[businessIndex];
  const templates = SERVICE_TEMPLATES[plan.types[businessIndex]?.offering ?? ''] ?? [];
  const count = plan.serviceCounts[businessIndex] ?? 0;
  if (!business || count === 0) return [];
  const random = Random.for(plan.seed, `services:${businessIndex}`);
  const priceFactor = random.between(0.9, 1.2);
  return random.sample(templates, count).map((template) => {
    const key = `service:${businessIndex}:${slugify(template.name)}`;
    const hue = random.int(0, 359);
    const price =
      template.price >= 2_000
        ? Math.round((template.price * priceFactor) / 500) * 500
        : charmPrice(template.price * priceFactor);
    return {
      id: demoUuid(plan.seed, key),
      businessId: business.id,
      slug: `${slugify(template.name)}-${business.slug}`,
      name: template.name,
      description: template.description,
      price: { amount: price, currency: DEMO_CURRENCY },
      priceType: template.priceType,
      durationMinutes: template.durationMinutes,
      categoryId: categoryOf(plan.categories, template.category).id,
      images: [
        demoImage(plan.seed, key, `${template.name} at ${business.name}`, {
          kind: 'service',
          name: template.name,
          hue,
          glyph: template.glyph,
        }),
      ],
    };
  });
}
