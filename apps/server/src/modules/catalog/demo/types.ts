import type {
  BusinessKind,
  DeliverySettings,
  DietaryTag,
  FulfilmentFlags,
  HotspotBox,
  Money,
  OpeningHours,
  PostalAddress,
  ProductAttribute,
  SaleWindow,
  ServicePriceType,
} from '@localmart/contract';
import type { DemoImage } from './image-specs.ts';

/**
 * The demo city's records: plain objects in the contract's vocabulary (Money, OpeningHours, hotspot
 * fractions), not database rows. Ids are deterministic UUIDs; parents always come before children in
 * the stream (category, business, product, offer, menu, service, flyer, team member, gallery item),
 * so a later DB step can insert them as they arrive.
 */

export interface DemoCategory {
  id: string;
  kind: BusinessKind;
  slug: string;
  name: string;
  parentId: string | null;
  /** Order among siblings. */
  position: number;
}

export interface DemoBusiness {
  id: string;
  kind: BusinessKind;
  /** 'grocery', 'pharmacy', 'cafe', ... (store-types.ts) */
  type: string;
  slug: string;
  name: string;
  description: string;
  categoryIds: string[];
  logo: DemoImage;
  cover: DemoImage;
  address: PostalAddress;
  addressLine: string;
  lat: number;
  lng: number;
  phone: string;
  email: string;
  website: string;
  currency: string;
  hours: OpeningHours;
  fulfilment: FulfilmentFlags;
  /** Minutes until a pickup order is usually ready; null when the business offers no pickup. */
  pickupReadyMinutes: number | null;
  delivery: DeliverySettings | null;
}

export interface DemoProduct {
  id: string;
  slug: string;
  title: string;
  brand: string;
  gtin: string;
  description: string;
  categoryId: string;
  images: DemoImage[];
  attributes: ProductAttribute[];
}

export interface DemoOffer {
  id: string;
  businessId: string;
  productId: string;
  price: Money;
  sale: SaleWindow | null;
  quantity: number;
  /** When the store's feed last set the quantity (ISO instant). */
  updatedAt: string;
}

export interface DemoMenuOption {
  id: string;
  name: string;
  priceDelta: Money;
}

export interface DemoMenuOptionGroup {
  id: string;
  name: string;
  minChoices: number;
  maxChoices: number;
  options: DemoMenuOption[];
}

export interface DemoMenuItem {
  id: string;
  name: string;
  description: string;
  price: Money;
  image: DemoImage;
  dietaryTags: DietaryTag[];
  optionGroups: DemoMenuOptionGroup[];
  available: boolean;
}

export interface DemoMenuSection {
  id: string;
  name: string;
  description: string | null;
  items: DemoMenuItem[];
}

export interface DemoMenu {
  id: string;
  businessId: string;
  name: string;
  description: string;
  sections: DemoMenuSection[];
}

export interface DemoService {
  id: string;
  businessId: string;
  slug: string;
  name: string;
  description: string;
  price: Money;
  priceType: ServicePriceType;
  durationMinutes: number;
  categoryId: string;
  images: DemoImage[];
}

export interface DemoFlyerItem {
  id: string;
  box: HotspotBox;
  title: string;
  priceText: string;
  saleStory: string | null;
  /** Store-local dates, both included. */
  validFrom: string;
  validTo: string;
  offerId: string | null;
  productId: string | null;
}

export interface DemoFlyerPage {
  id: string;
  pageNumber: number;
  image: DemoImage;
  items: DemoFlyerItem[];
}

export interface DemoFlyer {
  id: string;
  businessId: string;
  title: string;
  validFrom: string;
  validTo: string;
  pages: DemoFlyerPage[];
}

export interface DemoTeamMember {
  id: string;
  businessId: string;
  position: number;
  name: string;
  role: string;
  bio: string;
  photo: DemoImage;
}

interface DemoGalleryBase {
  id: string;
  businessId: string;
  position: number;
  caption: string;
}

export type DemoGalleryItem =
  | (DemoGalleryBase & { type: 'image'; image: DemoImage })
  | (DemoGalleryBase & {
      type: 'video';
      poster: DemoImage;
      /** The playable stand-in: an animated SVG (no video files are generated). */
      clip: DemoImage;
      durationSeconds: number;
    });

/** One record of the city stream, tagged by table-to-be. */
export type DemoRecord =
  | { type: 'category'; value: DemoCategory }
  | { type: 'business'; value: DemoBusiness }
  | { type: 'product'; value: DemoProduct }
  | { type: 'offer'; value: DemoOffer }
  | { type: 'menu'; value: DemoMenu }
  | { type: 'service'; value: DemoService }
  | { type: 'flyer'; value: DemoFlyer }
  | { type: 'teamMember'; value: DemoTeamMember }
  | { type: 'galleryItem'; value: DemoGalleryItem };

export type DemoRecordType = DemoRecord['type'];
