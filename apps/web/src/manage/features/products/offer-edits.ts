import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ManagedOffer, OfferPatch } from '@localmart/contract';
import { stockStatus } from '@localmart/contract';
import { offerKeys, type OfferPage, patchOffer, type WriteResult } from './products-api.ts';

type Pages = InfiniteData<OfferPage, string | undefined>;

/** The offer as it will look once the edit is saved (the stock wording follows the quantity). */
function applied(offer: ManagedOffer, patch: OfferPatch): ManagedOffer {
  const next = { ...offer };
  if (patch.price !== undefined) next.price = { ...offer.price, amount: patch.price };
  if (patch.quantity !== undefined) {
    next.quantity = patch.quantity;
    next.stock = stockStatus(patch.quantity);
  }
  if (patch.salePrice !== undefined) {
    next.salePrice =
      patch.salePrice === null ? null : { amount: patch.salePrice, currency: offer.price.currency };
  }
  if (patch.saleStartsAt !== undefined) next.saleStartsAt = patch.saleStartsAt;
  if (patch.saleEndsAt !== undefined) next.saleEndsAt = patch.saleEndsAt;
  if (patch.sku !== undefined) next.sku = patch.sku;
  return next;
}

function mapOffer(
  pages: Pages | undefined,
  offerId: string,
  change: (o: ManagedOffer) => ManagedOffer,
) {
  if (!pages) return pages;
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      offers: page.offers.map((offer) => (offer.id === offerId ? change(offer) : offer)),
    })),
  };
}

/**
 * Saves an edit optimistically: every cached list shows the new values at once; a refusal puts the
 * previous lists back and the row shows the server's message. Afterwards the lists (and tab counts)
 * are read again.
 */
export function useOfferEdit(businessId: string) {
  const queryClient = useQueryClient();
  const listsKey = [...offerKeys.all(businessId), 'list'];
  return useMutation<
    WriteResult,
    Error,
    { offerId: string; patch: OfferPatch },
    { previous: [readonly unknown[], Pages | undefined][] }
  >({
    mutationFn: async ({ offerId, patch }) => {
      const result = await patchOffer(businessId, offerId, patch);
      // A refusal is an error here, so onError rolls the optimistic change back.
      if (!result.ok) throw new Error(result.message || 'The change could not be saved.');
      return result;
    },
    onMutate: async ({ offerId, patch }) => {
      await queryClient.cancelQueries({ queryKey: listsKey });
      const previous = queryClient.getQueriesData<Pages>({ queryKey: listsKey });
      queryClient.setQueriesData<Pages>({ queryKey: listsKey }, (pages) =>
        mapOffer(pages, offerId, (offer) => applied(offer, patch)),
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      for (const [key, pages] of context?.previous ?? []) queryClient.setQueryData(key, pages);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listsKey }),
  });
}
