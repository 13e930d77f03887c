import type { CityPlan } from './city-plan.ts';
import { demoUuid } from './ids.ts';
import { demoImage } from './images.ts';
import { FIRST_NAMES, SURNAMES } from './names.ts';
import { Random } from './random.ts';
import type { DemoTeamMember } from './types.ts';

const BIO_OPENERS = [
  '{first} has been {role} at {business} for {years} years.',
  '{first} joined {business} {years} years ago and has not looked back.',
  'As {role}, {first} keeps {business} running day to day.',
  '{first} started at {business} part-time and is now its {role}.',
];
const BIO_CLOSERS = [
  'Ask {first} for a recommendation: there is always one.',
  '{first} knows most regulars by name.',
  'Off the clock, {first} is usually cycling the Martin Goodman Trail.',
  '{first} grew up a few blocks away.',
  'Weekends, {first} is at the farmers market or the Leafs game.',
  '{first} speaks three languages and uses all of them at the counter.',
];

/** 2-6 staff: the first is the owner or lead; names never repeat within a business. */
export function teamOf(plan: CityPlan, businessIndex: number): DemoTeamMember[] {
  const business = plan.businesses[businessIndex];
  const type = plan.types[businessIndex];
  if (!business || !type) return [];
  const random = Random.for(plan.seed, `team:${businessIndex}`);
  const firstNames = random.sample(FIRST_NAMES, random.int(2, 6));
  return firstNames.map((first, position) => {
    const role = position === 0 ? (type.roles[0] ?? 'Owner') : random.pick(type.roles.slice(1));
    const name = `${first} ${random.pick(SURNAMES)}`;
    const fill = (text: string) =>
      text
        .replaceAll('{first}', first)
        .replace('{role}', role.toLowerCase())
        .replace('{business}', business.name)
        .replace('{years}', String(random.int(2, 25)));
    const key = `team:${businessIndex}:${position}`;
    return {
      id: demoUuid(plan.seed, key),
      businessId: business.id,
      position,
      name,
      role,
      bio: `${fill(random.pick(BIO_OPENERS))} ${fill(random.pick(BIO_CLOSERS))}`,
      photo: demoImage(plan.seed, key, name, { kind: 'avatar', name, hue: random.int(0, 359) }),
    };
  });
}
