import { type GalleryItem, STORE_IMAGE_TYPES } from '@localmart/contract';
import { useState } from 'react';
import { useCurrentStore } from '../../lib/store-context.tsx';
import { ManagePage } from '../../shell/manage-page.tsx';
import {
  catalogEditApi,
  catalogEditKeys,
  useCatalogActions,
  useCatalogList,
} from '../../lib/catalog-edit-api.ts';
import { DeleteButton, MoveButtons } from '../../components/row-actions.tsx';
import { uploadStoreImage } from '../../lib/store-images.ts';
import '../../components/buttons.css';
import '../../components/catalog-editor.css';
import { errorMessage } from '../../lib/error-message.ts';
import { QueryStates } from '../../components/query-states.tsx';
import '../../components/visually-hidden.css';

/** The picture a gallery tile shows: the photo, or a video's poster. */
function pictureOf(item: GalleryItem) {
  return item.type === 'image' ? item.image : item.poster;
}

/**
 * The store's gallery: a grid in the order shoppers see it. Several photos can be chosen at once;
 * they upload one by one (each is checked and resized on the server) and join the end of the grid.
 */
export function GalleryPage() {
  const store = useCurrentStore();
  const api = catalogEditApi(store.businessId);
  const gallery = useCatalogList(catalogEditKeys.gallery(store.businessId), api.listGallery);
  const { write, quick } = useCatalogActions(store.businessId);
  const [progress, setProgress] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const list = gallery.data ?? [];

  const addPhotos = async (files: File[]) => {
    setUploadError(null);
    for (const [index, file] of files.entries()) {
      setProgress(`Uploading ${index + 1} of ${files.length}…`);
      try {
        const image = await uploadStoreImage(store.businessId, file, `Photo of ${store.name}`);
        await write.mutateAsync(() => api.addGalleryImage({ image, caption: '' }));
      } catch (failure) {
        setUploadError(`${file.name}: ${errorMessage(failure)}`);
      }
    }
    setProgress(null);
  };

  return (
    <ManagePage
      title="Gallery"
      subtitle="Photos of your store, in the order shoppers see them."
      actions={
        <label className="mys-plain-button mys-plain-button-primary">
          Add photos
          <input
            className="mys-visually-hidden"
            type="file"
            multiple
            accept={STORE_IMAGE_TYPES.join(',')}
            disabled={progress !== null}
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = '';
              void addPhotos(files);
            }}
          />
        </label>
      }
    >
      {progress ? <p role="status">{progress}</p> : null}
      {uploadError ? (
        <p className="mys-field-error" role="alert">
          {uploadError}
        </p>
      ) : null}
      {write.error && !uploadError ? (
        <p className="mys-field-error" role="alert">
          {write.error.message}
        </p>
      ) : null}
      <QueryStates
        query={gallery}
        loadingLabel="Loading gallery…"
        isEmpty={() => list.length === 0}
        emptyTitle="No photos yet"
        emptyText={<p>Add photos of your shop front, products and team at work.</p>}
      >
        {() => (
          <ul className="ce-grid" aria-label="Gallery photos">
            {list.map((item, index) => (
              <GalleryTile
                key={item.id}
                item={item}
                index={index}
                count={list.length}
                onCaption={(caption) => quick(() => api.updateGalleryItem(item.id, { caption }))}
                onMove={(position) => quick(() => api.updateGalleryItem(item.id, { position }))}
                onDelete={() => quick(() => api.deleteGalleryItem(item.id))}
              />
            ))}
          </ul>
        )}
      </QueryStates>
    </ManagePage>
  );
}

function GalleryTile({
  item,
  index,
  count,
  onCaption,
  onMove,
  onDelete,
}: {
  item: GalleryItem;
  index: number;
  count: number;
  onCaption: (caption: string) => void;
  onMove: (position: number) => void;
  onDelete: () => void;
}) {
  const number = index + 1;
  const [caption, setCaption] = useState(item.caption);
  const picture = pictureOf(item);
  return (
    <li className="ce-tile">
      <img src={picture.url} alt={item.caption || picture.alt} />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onCaption(caption);
        }}
      >
        <label className="mys-field">
          Caption for photo {number}
          <input value={caption} onChange={(event) => setCaption(event.target.value)} />
        </label>
        <button
          type="submit"
          className="mys-plain-button mys-plain-button-small"
          disabled={caption === item.caption}
        >
          Save caption {number}
        </button>
      </form>
      <div className="ce-row-actions">
        <MoveButtons
          index={index}
          count={count}
          earlier={{ text: '←', label: `Move photo ${number} left` }}
          later={{ text: '→', label: `Move photo ${number} right` }}
          onMove={onMove}
        />
        <DeleteButton confirmWhat={`photo ${number}`} onDelete={onDelete}>
          Delete photo {number}
        </DeleteButton>
      </div>
    </li>
  );
}
