/**
 * `/chat/chat_immediate_maintenance?id=`, `/chat/chat_scheduled_maintenance?id=` and
 * `/chat/chat_pool_construction?id=` (spec section 2; `?order=` is read too): the customer's chat
 * on one of their service orders, opened from the order's page and from `new_message`
 * notifications. Another customer's order, a store order or an unknown one is the 404 page.
 */
import { useMemo } from 'react';
import { Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { data, Link, redirect } from 'react-router';
import { ORDER_CHAT_PAGE, ORDER_PAGE } from '@pool/contracts/notifications';
import type { Route } from './+types/chat';
import { apiFor, isSuccess, pageStatus } from '../../lib/api.server.ts';
import { localePath, pagePath, stripLang } from '../../lib/lang.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { useLang } from '../../lib/use-lang.ts';
import { ChatThreadView, chatSource } from '../../features/chat/index.ts';

/** Each kind's chat page is titled as its own. */
export const meta: Route.MetaFunction = (args) => {
  const path = stripLang(args.location.pathname);
  const kind = Object.entries(ORDER_CHAT_PAGE).find(([, page]) => page === path)?.[0];
  return pageMeta(args, kind ? `chat.page_title_${kind}` : 'chat.title');
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await apiFor(context, request);
  if (!api.auth || api.auth.is_guest) return { thread: null };
  const url = new URL(request.url);
  const id = Number(url.searchParams.get('id') ?? url.searchParams.get('order'));
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  const res = await api.GET('/api/user/orders/{id}/chat', { params: { path: { id } } });
  if (!isSuccess(res)) throw data(res.msg, { status: pageStatus(res) });
  // Each kind has its own address: the order's chat under another kind's goes to its own
  // (compared as a page path: a client navigation asks for `<path>.data`).
  const own = ORDER_CHAT_PAGE[res.data.order.kind];
  if (own && stripLang(pagePath(request)) !== own) throw redirect(`${localePath(api.lang, own)}?id=${id}`);
  return { thread: res.data };
}

export default function ChatPage({ loaderData }: Route.ComponentProps) {
  const { thread } = loaderData;
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const source = useMemo(() => (thread ? chatSource('user', lang, thread.order.id) : null), [lang, thread]);
  if (!thread || !source) return null;
  const Back = lang === 'ar' ? IconArrowRight : IconArrowLeft;
  return (
    <Container size="md" px="md" py={{ base: 'md', sm: 32 }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
          <Stack gap={2}>
            <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
              {t('chat.title_of_order', { number: thread.order.number })}
            </Title>
            <Text fz="sm" c="gray.7">
              {t(`chat.kind_${thread.order.kind}`)}
            </Text>
          </Stack>
          <Anchor component={Link} to={to(`${ORDER_PAGE[thread.order.kind]}/${thread.order.id}`)} fz="sm">
            <Group gap={4} wrap="nowrap">
              <Back size={16} aria-hidden />
              {t('chat.open_order')}
            </Group>
          </Anchor>
        </Group>
        {/* A new thread per order: the component keeps its own state while the page stays on it. */}
        <ChatThreadView key={thread.order.id} initial={thread} source={source} lang={lang} />
      </Stack>
    </Container>
  );
}
