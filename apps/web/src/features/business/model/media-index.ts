/** `?index=` as a slide number: anything unreadable starts at the first slide. */
export function parseIndex(text: string | null): number {
  const value = Number(text);
  return Number.isInteger(value) && value >= 0 ? value : 0;
}

/** Keeps an index on a slide; an index past the end (a deleted photo) lands on the last one. */
export function clampIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(Math.max(0, Math.round(index)), count - 1);
}

/** '3 / 12' */
export function counterLabel(index: number, count: number): string {
  return `${index + 1} / ${count}`;
}
