import { type DemoImageSpec, type DishStyle, IMAGE_SIZES } from './image-specs.ts';
import { Random } from './random.ts';
import { el, hsl, type SvgImage, svgDocument } from './svg.ts';

type DishSpec = Extract<DemoImageSpec, { kind: 'dish' }>;

const CX = 320;
const CY = 240;

function blobs(
  random: Random,
  count: number,
  radius: number,
  spread: number,
  hues: number[],
  cx = CX,
): string {
  return Array.from({ length: count }, () =>
    el('circle', {
      cx: cx + random.int(-spread, spread),
      cy: CY + random.int(-spread, spread),
      r: random.int(radius * 0.6, radius),
      fill: hsl(random.pick(hues), random.int(45, 70), random.int(35, 60)),
    }),
  ).join('');
}

/** The food itself, top-down on a plate or bowl (side-on for burgers and drinks). */
function food(style: DishStyle, hue: number, random: Random): string {
  const plate =
    el('circle', { cx: CX, cy: CY, r: 190, fill: '#f7f5f0' }) +
    el('circle', { cx: CX, cy: CY, r: 150, fill: '#ffffff' });
  switch (style) {
    case 'cup':
      return (
        el('circle', { cx: CX, cy: CY, r: 170, fill: '#ffffff' }) +
        el('circle', { cx: CX, cy: CY, r: 130, fill: hsl(28, 55, 32) }) +
        el('path', {
          d: `M${CX} ${CY + 50}c-70-40-60-100-20-100 15 0 20 15 20 25 0-10 5-25 20-25 40 0 50 60-20 100z`,
          fill: hsl(35, 60, 85),
        }) +
        el('rect', { x: CX + 160, y: CY - 25, width: 70, height: 50, rx: 25, fill: '#ffffff' })
      );
    case 'pizza':
      return (
        el('circle', { cx: CX, cy: CY, r: 200, fill: hsl(35, 65, 55) }) +
        el('circle', { cx: CX, cy: CY, r: 175, fill: hsl(8, 70, 45) }) +
        blobs(random, 14, 40, 120, [45, 50]) +
        blobs(random, 10, 18, 140, [hue, 0])
      );
    case 'pasta':
    case 'bowl':
    case 'curry':
    case 'salad': {
      const base =
        style === 'curry'
          ? hsl(hue, 70, 45)
          : style === 'salad'
            ? hsl(110, 50, 45)
            : hsl(45, 70, 70);
      const swirls = Array.from({ length: 8 }, (_, i) =>
        el('path', {
          d: `M${CX - 90 + i * 8} ${CY - 60 + i * 16}q${random.int(40, 80)} -40 ${random.int(120, 180)} 0`,
          fill: 'none',
          stroke: style === 'pasta' ? hsl(45, 75, 60) : '#ffffff',
          'stroke-width': style === 'pasta' ? 10 : 3,
          opacity: style === 'pasta' ? 1 : 0.5,
        }),
      ).join('');
      return (
        el('circle', { cx: CX, cy: CY, r: 185, fill: hsl(hue, 20, 92) }) +
        el('circle', { cx: CX, cy: CY, r: 150, fill: base }) +
        swirls +
        blobs(
          random,
          style === 'salad' ? 16 : 8,
          style === 'salad' ? 30 : 20,
          100,
          style === 'salad' ? [0, 30, 95, 120] : [hue, 100, 20],
        )
      );
    }
    case 'sushi':
      return (
        el('rect', { x: 60, y: 160, width: 520, height: 160, rx: 16, fill: hsl(30, 25, 25) }) +
        Array.from(
          { length: 5 },
          (_, i) =>
            el('circle', { cx: 120 + i * 100, cy: 240, r: 44, fill: '#1d2b1f' }) +
            el('circle', { cx: 120 + i * 100, cy: 240, r: 34, fill: '#ffffff' }) +
            el('circle', {
              cx: 120 + i * 100,
              cy: 240,
              r: 15,
              fill: hsl(random.pick([10, 20, 95, 140]), 70, 55),
            }),
        ).join('')
      );
    case 'taco':
      return (
        plate +
        [-1, 1]
          .map(
            (side) =>
              el('path', {
                d: `M${CX + side * 80 - 90} ${CY + 60}a90 90 0 0 1 180 0z`,
                fill: hsl(42, 75, 62),
              }) + blobs(random, 4, 16, 40, [110, 0, 30], CX + side * 80),
          )
          .join('')
      );
    case 'burger':
    case 'sandwich':
      return (
        plate +
        el('path', { d: `M${CX - 110} ${CY - 10}a110 90 0 0 1 220 0z`, fill: hsl(32, 70, 55) }) +
        el('rect', {
          x: CX - 120,
          y: CY - 10,
          width: 240,
          height: 18,
          rx: 8,
          fill: hsl(110, 60, 40),
        }) +
        el('rect', {
          x: CX - 115,
          y: CY + 8,
          width: 230,
          height: 28,
          rx: 10,
          fill: hsl(15, 55, 28),
        }) +
        el('rect', {
          x: CX - 118,
          y: CY + 34,
          width: 236,
          height: 12,
          rx: 6,
          fill: hsl(45, 90, 55),
        }) +
        el('rect', {
          x: CX - 110,
          y: CY + 46,
          width: 220,
          height: 36,
          rx: 14,
          fill: hsl(32, 65, 50),
        })
      );
    case 'dessert':
    case 'pastry':
      return (
        plate +
        (style === 'pastry'
          ? el('path', {
              d: `M${CX - 120} ${CY + 30}c30-110 210-110 240 0-40 20-60-30-80-10-20-30-60-30-80 0-20-20-40 30-80 10z`,
              fill: hsl(36, 75, 55),
            })
          : el('polygon', {
              points: `${CX - 100},${CY + 70} ${CX + 110},${CY + 70} ${CX + 20},${CY - 90}`,
              fill: hsl(hue, 55, 70),
            }) +
            el('rect', { x: CX - 100, y: CY + 40, width: 210, height: 30, fill: hsl(30, 50, 40) }) +
            blobs(random, 4, 12, 30, [350, 0]))
      );
    case 'drink':
      return (
        el('path', {
          d: `M${CX - 80} ${CY - 150}h160l-20 320h-120z`,
          fill: '#e9f5fb',
          opacity: 0.9,
        }) +
        el('path', { d: `M${CX - 72} ${CY - 90}h144l-16 250h-112z`, fill: hsl(hue, 70, 55) }) +
        el('rect', {
          x: CX + 20,
          y: CY - 200,
          width: 10,
          height: 150,
          fill: hsl(hue + 180, 60, 50),
          transform: `rotate(15 ${CX} ${CY})`,
        })
      );
    case 'plate':
      return plate + blobs(random, 3, 60, 60, [hue, 30]) + blobs(random, 6, 22, 90, [100, 45]);
  }
}

/** A dish photo stand-in: the food on a plate on a tinted table, deterministic per item. */
export function renderDish(spec: DishSpec): SvgImage {
  const { width, height } = IMAGE_SIZES.dish;
  const random = new Random(spec.seed);
  const table = hsl((spec.hue + 180) % 360, 18, random.int(82, 90));
  return svgDocument(
    width,
    height,
    spec.name,
    el('rect', { width, height, fill: table }) +
      el('ellipse', {
        cx: CX + 14,
        cy: CY + 18,
        rx: 205,
        ry: 200,
        fill: '#000000',
        opacity: 0.08,
      }) +
      food(spec.style, spec.hue, random),
  );
}
