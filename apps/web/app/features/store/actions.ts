/**
 * What a shopper does from the browser: add to the cart (visitors too; the API
 * keeps a visitor's cart in its HttpOnly cookie) and mark favourites (signed-in
 * customers). Same-origin calls with the site header, answers by their key.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserApi } from '../../lib/api.client.ts';
import { useAnswerHandler, type Answer } from '../../lib/envelope.ts';
import { useLang } from '../../lib/use-lang.ts';
import { useRoot } from '../../lib/use-root.ts';

/** Sent on `window` after the cart changed, with the units in it (`detail.count`), for a header badge. */
export const CART_CHANGED_EVENT = 'pool:cart-changed';

/** A failed request (network down) as an answer, so one handler shows it. */
const offline = (message: string): Answer<never> => ({
  key: 'exception',
  msg: message,
  data: null as never,
  status: 0,
});

export function useAddToCart() {
  const { lang } = useLang();
  const { t } = useTranslation();
  const handle = useAnswerHandler();
  const [busy, setBusy] = useState(false);
  const add = useCallback(
    async (o: { productId: number; variantId?: number | null; quantity?: number; withInstallation?: boolean }) => {
      setBusy(true);
      try {
        let variantId = o.variantId ?? null;
        if (!variantId) {
          // A card knows its product only: its main display group is what a simple product sells.
          const product = await browserApi(lang).GET('/api/user/store/products/{id}', {
            params: { path: { id: o.productId } },
          });
          if (product.key !== 'success') return (handle(product), false);
          variantId = product.data.main_variant_id ?? product.data.variants[0]?.id ?? null;
          if (!variantId) return false;
        }
        const answer = await browserApi(lang).POST('/api/user/cart/items', {
          body: { variant_id: variantId, quantity: o.quantity ?? 1, with_installation: o.withInstallation ?? false },
        });
        let ok = false;
        handle(answer, {
          successToast: true,
          onSuccess: (cart) => {
            ok = true;
            window.dispatchEvent(new CustomEvent(CART_CHANGED_EVENT, { detail: { count: cart.count } }));
          },
        });
        return ok;
      } catch {
        handle(offline(t('common.network_error')));
        return false;
      } finally {
        setBusy(false);
      }
    },
    [lang, handle, t],
  );
  return { add, busy };
}

/**
 * A product's favourite flag with an optimistic toggle; a visitor or a guest
 * gets the "not registered" dialog instead (`askLogin`).
 */
export function useFavourite(productId: number, initial: boolean, onChange?: (on: boolean) => void) {
  const { lang } = useLang();
  const { t } = useTranslation();
  const { viewer } = useRoot();
  const handle = useAnswerHandler();
  const [on, setOn] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [askLogin, setAskLogin] = useState(false);
  // A new `initial` (the list reloaded) resets the flag, during the render: an effect would re-render each
  // card once more right after hydration.
  const [shownInitial, setShownInitial] = useState(initial);
  if (initial !== shownInitial) {
    setShownInitial(initial);
    setOn(initial);
  }

  const toggle = useCallback(async () => {
    if (viewer?.kind !== 'user') {
      setAskLogin(true);
      return;
    }
    if (busy) return;
    const next = !on;
    setOn(next);
    setBusy(true);
    try {
      const answer = next
        ? await browserApi(lang).POST('/api/user/favourites', { body: { product_id: productId } })
        : await browserApi(lang).DELETE('/api/user/favourites/{product_id}', {
            params: { path: { product_id: productId } },
          });
      handle(answer, { successToast: true, onSuccess: () => onChange?.(next) });
      if (answer.key !== 'success') setOn(!next);
    } catch {
      setOn(!next);
      handle(offline(t('common.network_error')));
    } finally {
      setBusy(false);
    }
  }, [viewer, busy, on, lang, productId, handle, t, onChange]);

  return { on, busy, toggle, askLogin, closeAskLogin: () => setAskLogin(false) };
}
