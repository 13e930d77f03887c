import type { Connect, Plugin } from 'vite';

/** True for the manage site's own pages: /manage and anything under /manage/. */
export function isManageSitePath(pathname: string): boolean {
  return pathname === '/manage' || pathname.startsWith('/manage/');
}

/**
 * The dev and preview servers answer /manage/... with manage.html, as the production server does;
 * without it they would serve the shopper app there, whose /manage page hands over with a full page
 * load to the same URL, again and again.
 */
export function manageSite(): Plugin {
  const rewrite: Connect.NextHandleFunction = (request, _response, next) => {
    const pathname = (request.url ?? '').split('?')[0] ?? '';
    if (isManageSitePath(pathname) && !/\.[a-z0-9]+$/i.test(pathname)) {
      request.url = `/manage.html${(request.url ?? '').slice(pathname.length)}`;
    }
    next();
  };
  return {
    name: 'localmart:manage-site',
    configureServer: (server) => {
      server.middlewares.use(rewrite);
    },
    configurePreviewServer: (server) => {
      server.middlewares.use(rewrite);
    },
  };
}
