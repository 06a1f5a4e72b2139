/** Coupon entry (at least 5 characters, spec section 5) with the server's reason when a coupon cannot be used. */
import { useState } from 'react';
import { Badge, Button, CloseButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import { cartCouponBody, type CartView } from '@pool/contracts/cart';
import { issuesToFields } from '../../lib/i18n.ts';
import { useAnswerHandler, type Answer } from '../../lib/envelope.ts';
import { answerFieldErrors } from '../../lib/forms.ts';
import { useLang } from '../../lib/use-lang.ts';
import { useChangeEffect } from '../../lib/use-change-effect.ts';

export function CouponBox({ coupon }: { coupon: CartView['coupon'] }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const handle = useAnswerHandler();
  const fetcher = useFetcher<Answer<CartView>>({ key: 'cart-coupon' });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const busy = fetcher.state !== 'idle';

  useChangeEffect(() => {
    if (!fetcher.data) return;
    const answer = fetcher.data;
    // A refused coupon is explained under the field, not in a toast.
    if (answer.status === 422) {
      setError(answerFieldErrors(answer).code ?? answer.msg);
      return;
    }
    handle(answer, { successToast: true, onSuccess: () => setCode('') });
  }, [fetcher.data]);

  const apply = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = cartCouponBody.safeParse({ code });
    if (!parsed.success) {
      setError(issuesToFields(lang, parsed.error.issues as never).code ?? null);
      return;
    }
    setError(null);
    void fetcher.submit({ intent: 'coupon', code: code.trim() }, { method: 'post' });
  };

  if (coupon) {
    return (
      <Stack gap={6} data-testid="coupon-applied">
        <Group justify="space-between" gap="xs">
          <Group gap={6}>
            <IconTicket size={18} aria-hidden />
            <Text fz="sm">{t('cart.ui_coupon')}</Text>
            <Badge
              variant="light"
              color={coupon.valid ? 'teal' : 'red'}
              c={coupon.valid ? 'teal.9' : 'red.9'}
              dir="ltr"
            >
              {coupon.code}
            </Badge>
          </Group>
          <CloseButton
            aria-label={t('cart.ui_remove_coupon')}
            disabled={busy}
            onClick={() => void fetcher.submit({ intent: 'uncoupon' }, { method: 'post' })}
            data-testid="coupon-remove"
          />
        </Group>
        {coupon.message ? (
          <Text fz="sm" c="red.8" role="alert" data-testid="coupon-message">
            {coupon.message}
          </Text>
        ) : null}
      </Stack>
    );
  }

  return (
    <form onSubmit={apply} noValidate>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('cart.ui_coupon')}
          placeholder={t('cart.ui_coupon_placeholder')}
          value={code}
          maxLength={32}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          autoComplete="off"
          styles={{ input: { textTransform: 'uppercase' } }}
          data-testid="coupon-input"
        />
        <Button type="submit" variant="light" mt={25} loading={busy} data-testid="coupon-apply">
          {t('cart.ui_apply')}
        </Button>
      </Group>
    </form>
  );
}
