import {
  businessListResponse,
  DEFAULT_COUNTRY,
  isSuccess,
  labels,
  productListResponse,
  type BusinessSummary,
  type ProductSummary,
} from '@localmart/contract';
import { menuOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { ProductCard } from '../../components/catalog/product-card.tsx';
import { StoreCard } from '../../components/catalog/store-card.tsx';
import { FilterChips } from '../../features/products/components/filter-chips.tsx';
import { ProductSearchField } from '../../features/products/components/product-search-field.tsx';
import { ProductsSummary } from '../../features/products/components/products-summary.tsx';
import { DEFAULT_PRODUCT_FILTERS } from '../../features/products/model/product-filters.ts';
import { LocationBar } from '../../features/stores/components/location-bar.tsx';
import { StoreFilters } from '../../features/stores/components/store-filters.tsx';
import { env } from '../../lib/env.ts';
import { IonIcon } from './ionic-icon.server.tsx';
import { FIRST_PAINT_ID } from './first-paint-id.ts';
import frameCss from './first-paint.css?inline';
import catalogCss from '../../components/catalog/catalog.css?inline';
import productCardCss from '../../components/catalog/product-card.css?inline';
import reviewsCss from '../../components/reviews/reviews.css?inline';
import productsCss from '../../features/products/products.css?inline';
import storesCss from '../../features/stores/components/stores.css?inline';

/**
 * The first paint of the two landing pages, drawn by the server into index.html (issue 18): the
 * page's frame and its first cards as plain HTML, shown from the first frame the browser paints,
 * before any script has run. On a phone the app's JavaScript (React, Ionic, the page's route) takes
 * seconds to download and evaluate; without this the screen stays blank until it has (ADR 0017).
 *
 * The cards, the location prompt, the search boxes and the chips are the app's own components,
 * rendered with react-dom/server and the app's own stylesheets, so both draw the same boxes; only the
 * toolbar and the side menu's header, which are Ionic's web components in the app, are drawn here.
 * Links are real links: a tap before the app has loaded opens the page by a normal navigation.
 *
 * The app removes it (remove-first-paint.ts) once its own page has painted beneath it.
 */

/** How many cards are drawn: a phone's screen and a desktop's first rows (the rest come with the app). */
const STORE_CARDS = 4;
const PRODUCT_CARDS = 8;
/** The app's own counts of cards whose image loads at once (stores-page.tsx, products-page.tsx). */
const EAGER_STORES = 2;
const EAGER_PRODUCTS = 4;

/** The page's landing screens drawn here: the same paths first-screen.ts starts early. */
export type FirstPaintPage = 'stores' | 'products';

// The stylesheets style IonIcon's `<ion-icon>`; the first paint draws icons as `<span class=lm-fp-icon>`.
const asFirstPaintCss = (css: string) => css.replaceAll('ion-icon', '.lm-fp-icon');

const PAGE_CSS: Record<FirstPaintPage, string> = {
  stores: [frameCss, catalogCss, reviewsCss, storesCss].map(asFirstPaintCss).join('\n'),
  products: [frameCss, catalogCss, reviewsCss, productCardCss, productsCss]
    .map(asFirstPaintCss)
    .join('\n'),
};

const ignore = () => undefined;

/**
 * Buttons and boxes that need the app (search, filters, "Use my location"): inert until it replaces
 * them, so nothing typed into them is lost. Links (the cards, "Choose a place") work without it.
 */
function Controls({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={className ?? 'lm-fp-controls'} inert>
      {children}
    </div>
  );
}

function Frame({
  title,
  subToolbar,
  contentClassName,
  children,
}: {
  title: string;
  subToolbar?: ReactNode;
  contentClassName: string;
  children: ReactNode;
}) {
  return (
    <div id={FIRST_PAINT_ID} className="lm-fp" aria-hidden="true">
      {/* The side menu's header, beside the page from Ionic's split-pane width on (app.css). */}
      <div className="lm-fp-menu">
        <div className="lm-fp-menu-brand lm-menu-brand-inner">
          {/* Lazy: hidden on a phone, where it would cost a request the covers need. */}
          <img src="/favicon.svg" alt="" width={36} height={36} loading="lazy" />
          <div>
            <p className="lm-menu-app-name">{env.appName}</p>
            <p className="lm-menu-greeting">Shop local, pick up today</p>
          </div>
        </div>
      </div>
      <div className="lm-fp-main">
        <header className="lm-fp-header">
          <div className="lm-fp-toolbar">
            <span className="lm-fp-menu-button">
              <IonIcon icon={menuOutline} />
            </span>
            <p className="lm-fp-title">{title}</p>
          </div>
          {subToolbar}
        </header>
        <div className={`lm-fp-content ${contentClassName}`}>{children}</div>
      </div>
    </div>
  );
}

function StoresFirstPaint({ stores }: { stores: readonly BusinessSummary[] }) {
  return (
    <Frame title={labels.menuStores} contentClassName="lm-fp-stores">
      <Controls>
        <LocationBar />
        <StoreFilters
          values={{ search: '', kind: 'all', category: null, openNow: false }}
          onChange={ignore}
          categories={[]}
        />
      </Controls>
      <ul className="lm-catalog-list lm-catalog-list-list">
        {stores.slice(0, STORE_CARDS).map((business, index) => (
          <li key={business.id} className="lm-catalog-list-item">
            <StoreCard business={business} eager={index < EAGER_STORES} />
          </li>
        ))}
      </ul>
    </Frame>
  );
}

function ProductsFirstPaint({ products }: { products: readonly ProductSummary[] }) {
  return (
    <Frame
      title={labels.menuProducts}
      contentClassName="lm-fp-products"
      subToolbar={
        <Controls className="lm-fp-toolbar lm-fp-products-toolbar">
          <ProductSearchField value="" onSearch={ignore} />
          <FilterChips
            filters={DEFAULT_PRODUCT_FILTERS}
            onChange={ignore}
            categoryName={null}
            country={DEFAULT_COUNTRY}
            onOpenCategories={ignore}
            onOpenFilters={ignore}
          />
        </Controls>
      }
    >
      <ProductsSummary heading="All products" locationLabel={null} />
      <div className="lm-products-results">
        <ul className="lm-catalog-list lm-catalog-list-grid">
          {products.slice(0, PRODUCT_CARDS).map((product, index) => (
            <li key={product.id} className="lm-catalog-list-item">
              <ProductCard product={product} eager={index < EAGER_PRODUCTS} />
            </li>
          ))}
        </ul>
      </div>
    </Frame>
  );
}

export interface RenderedFirstPaint {
  /** A `<style>` for the head: the frame's and the cards' stylesheets. */
  head: string;
  /** The first paint itself, to put after the app's root element. */
  body: string;
}

/**
 * The first paint of `page` from the list answer its first-screen call got (the JSON body), or null
 * when the answer is not a successful list with at least one result: the app then draws the page
 * (an empty list, an error) as it would anyway.
 */
export function renderFirstPaint(page: FirstPaintPage, answer: unknown): RenderedFirstPaint | null {
  let element: ReactNode;
  let location: string;
  if (page === 'stores') {
    const parsed = businessListResponse.safeParse(answer);
    if (!parsed.success || !isSuccess(parsed.data) || parsed.data.results.length === 0) return null;
    element = <StoresFirstPaint stores={parsed.data.results} />;
    location = '/home';
  } else {
    const parsed = productListResponse.safeParse(answer);
    if (!parsed.success || !isSuccess(parsed.data) || parsed.data.results.length === 0) return null;
    element = <ProductsFirstPaint products={parsed.data.results} />;
    location = '/products';
  }
  const markup = renderToStaticMarkup(<StaticRouter location={location}>{element}</StaticRouter>);
  // React puts a `<link rel=preload as=image>` first for each image it will load at once (the eager
  // covers): they belong in the head, where the browser finds them before the body.
  const preloads = /^(?:<link [^>]*>)*/.exec(markup)?.[0] ?? '';
  return {
    head: `${preloads}<style id="${FIRST_PAINT_ID}-style">${PAGE_CSS[page]}</style>`,
    // Hidden from assistive technology (which gets the app's page): its links leave the tab order too.
    body: markup.slice(preloads.length).replaceAll('<a ', '<a tabindex="-1" '),
  };
}
