import {
  type ManagedOffer,
  OFFER_STOCK_FILTER_LABELS,
  OFFER_STOCK_FILTERS,
  type OfferStockFilter,
} from '@localmart/contract';
import { useDeferredValue, useState } from 'react';
import { useCurrentStore } from '../../lib/store-context.tsx';
import { ManagePage } from '../../shell/manage-page.tsx';
import { AddProductDialog } from './add-product-dialog.tsx';
import { EditOfferDialog, RemoveOfferDialog } from './offer-dialogs.tsx';
import { ProductEditorDialog } from './product-editor-dialog.tsx';
import { OfferRow } from './offer-row.tsx';
import { useOffers } from './products-api.ts';
import './products.css';
import { QueryStates } from '../../components/query-states.tsx';
import '../../components/visually-hidden.css';

/**
 * The loaded rows with each size (ADR 0020) moved under its main product when that row is loaded
 * too, in the order the list gave them; a size whose main product is not on screen stays in place.
 */
export function groupedBySize(rows: readonly ManagedOffer[]): ManagedOffer[] {
  const loaded = new Set(rows.map((row) => row.productId));
  const sizesOf = new Map<string, ManagedOffer[]>();
  for (const row of rows) {
    if (row.variantOf && loaded.has(row.variantOf)) {
      sizesOf.set(row.variantOf, [...(sizesOf.get(row.variantOf) ?? []), row]);
    }
  }
  return rows.flatMap((row) => {
    if (row.variantOf && loaded.has(row.variantOf)) return [];
    return [row, ...(sizesOf.get(row.productId) ?? [])];
  });
}

/**
 * Products & stock: the store's offers in tabs (all, low stock, out of stock) with a search, price
 * and quantity edited in place, the sale and SKU in a dialog, the store's own products edited whole
 * ("Edit product"), and "Add product" from the shared catalogue or described by the store.
 */
export function ProductsPage() {
  const { businessId } = useCurrentStore();
  const [stock, setStock] = useState<OfferStockFilter>('all');
  const [q, setQ] = useState('');
  const search = useDeferredValue(q.trim());
  const offers = useOffers(businessId, stock, search);
  const [editing, setEditing] = useState<ManagedOffer | null>(null);
  const [editingProduct, setEditingProduct] = useState<ManagedOffer | null>(null);
  const [removing, setRemoving] = useState<ManagedOffer | null>(null);
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const pages = offers.data?.pages ?? [];
  const rows = groupedBySize(pages.flatMap((page) => page.offers));
  const counts = pages[0]?.counts;

  return (
    <ManagePage
      title="Products & stock"
      subtitle="Prices and quantities shoppers see; stock wording follows the quantity."
      actions={
        <button
          type="button"
          className="mp-button mp-button-primary"
          onClick={() => setAdding(true)}
        >
          Add product
        </button>
      }
    >
      {notice ? (
        <p role="status" className="mp-notice">
          {notice}
        </p>
      ) : null}
      <div className="mp-toolbar">
        <div role="tablist" aria-label="Stock" className="mp-tabs">
          {OFFER_STOCK_FILTERS.map((filter) => (
            <button
              key={filter}
              type="button"
              role="tab"
              aria-selected={stock === filter}
              className="mp-tab"
              onClick={() => setStock(filter)}
            >
              {OFFER_STOCK_FILTER_LABELS[filter]}
              <span className="mp-count">{counts ? counts[filter] : ''}</span>
            </button>
          ))}
        </div>
        <label className="mys-field mp-search">
          <span>Search by title, brand, GTIN or SKU</span>
          <input type="search" value={q} onChange={(event) => setQ(event.target.value)} />
        </label>
      </div>

      <QueryStates
        query={offers}
        loadingLabel="Loading products…"
        isEmpty={() => rows.length === 0}
        emptyTitle={search ? `No products match “${search}”.` : 'No products here yet.'}
        emptyText={
          search || stock !== 'all' ? null : (
            <p>
              Add products from the shared catalogue, describe your own (such as what you bake), or
              upload an inventory feed.
            </p>
          )
        }
      >
        {() => (
          <div className="mp-table-wrap">
            <table className="mys-table mp-table">
              <thead>
                <tr>
                  <th scope="col">
                    <span className="mys-visually-hidden">Image</span>
                  </th>
                  <th scope="col">Product</th>
                  <th scope="col">GTIN / SKU</th>
                  <th scope="col">Price</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Updated</th>
                  <th scope="col">
                    <span className="mys-visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((offer) => (
                  <OfferRow
                    key={offer.id}
                    businessId={businessId}
                    offer={offer}
                    onEdit={setEditing}
                    onEditProduct={setEditingProduct}
                    onRemove={setRemoving}
                  />
                ))}
              </tbody>
            </table>
            {offers.hasNextPage ? (
              <button
                type="button"
                className="mp-button"
                disabled={offers.isFetchingNextPage}
                onClick={() => void offers.fetchNextPage()}
              >
                Show more
              </button>
            ) : null}
          </div>
        )}
      </QueryStates>

      {editing ? (
        <EditOfferDialog businessId={businessId} offer={editing} onClose={() => setEditing(null)} />
      ) : null}
      {editingProduct ? (
        <ProductEditorDialog
          businessId={businessId}
          offer={editingProduct}
          onClose={(message) => {
            setEditingProduct(null);
            if (message) setNotice(message);
          }}
        />
      ) : null}
      {removing ? (
        <RemoveOfferDialog
          businessId={businessId}
          offer={removing}
          onClose={() => setRemoving(null)}
        />
      ) : null}
      {adding ? (
        <AddProductDialog
          businessId={businessId}
          onClose={(message) => {
            setAdding(false);
            if (message) setNotice(message);
          }}
        />
      ) : null}
    </ManagePage>
  );
}
