/**
 * Paths the code navigates to by name. The full route table is src/app/routes.tsx; these few live
 * here so features can link to them without importing the app shell (which lazily imports features).
 */
export const HOME_PATH = '/home';
export const LOGIN_PATH = '/login';
/** The store-owner site, served by the same origin (spec §1, "Manage Your Store"). */
export const MANAGE_PATH = '/manage';
