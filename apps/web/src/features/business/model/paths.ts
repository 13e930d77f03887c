/** Query-string routes of the store's sub-pages (spec §2 routes take no path parameters here). */
const q = (value: string | number) => encodeURIComponent(String(value));

export const teamsPath = (businessId: string) => `/teams?business=${q(businessId)}`;
export const teamDetailsPath = (businessId: string, memberId: string) =>
  `/team-details?business=${q(businessId)}&id=${q(memberId)}`;
export const galleryPath = (businessId: string) => `/gallery?business=${q(businessId)}`;
export const mediaViewerPath = (businessId: string, index: number) =>
  `/media-viewer?business=${q(businessId)}&index=${q(index)}`;
export const contactsPath = (businessId: string) => `/contacts?business=${q(businessId)}`;
