/** Where "Change" and "Choose a place" lead (spec §2's referenced route). */
export const USER_LOCATION_PATH = '/user-location';
