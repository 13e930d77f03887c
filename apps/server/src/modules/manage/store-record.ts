import { HttpError } from '../../plugins/errors.ts';

/**
 * The record a store-scoped lookup found, or a 404 with the area's message. Lookups are scoped by
 * the store, so another store's id finds nothing: it is "not found here", never "forbidden" (which
 * would confirm that the id exists). `false` is what a scoped update or delete answers when it
 * touched no row.
 */
export function foundInStore<T>(record: T | undefined | false, notFoundMessage: string): T {
  if (record === undefined || record === false) throw new HttpError(404, notFoundMessage);
  return record;
}
