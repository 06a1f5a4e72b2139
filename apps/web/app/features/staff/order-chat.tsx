/**
 * The chat on a staff order page (a visit or a construction project): a button near the top with
 * the unread count that scrolls to the thread, and the thread's card (the order's own chat, or the
 * one it belongs to: a package visit's is its subscription's, said under the title).
 */
import { useMemo } from 'react';
import { Badge, Button, Card, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChatThread } from '@pool/contracts/chat';
import { useLang } from '../../lib/use-lang.ts';
import { ChatThreadView, chatSource } from '../chat/index.ts';
import { st } from './texts.ts';

/** The chat card's anchor: the button at the top scrolls to it. */
const CHAT_ID = 'chat';

/** Messages from the others that I have not read yet. */
const unreadOf = (chat: ChatThread) => chat.messages.filter((m) => !m.mine && m.id > chat.last_read_id).length;

export function ChatJumpButton({ chat }: { chat: ChatThread }) {
  const { t } = useTranslation();
  const unread = unreadOf(chat);
  return (
    <Button
      component="a"
      href={`#${CHAT_ID}`}
      variant="default"
      fullWidth
      mt="xs"
      leftSection={<IconMessages size={18} aria-hidden />}
      rightSection={
        unread > 0 ? (
          <Badge color="red" circle size="lg" aria-hidden data-testid="chat-unread">
            {unread}
          </Badge>
        ) : undefined
      }
      data-testid="open-chat"
    >
      {t(st('chat_open'))}
      {unread > 0 && <VisuallyHidden> {t(st('chat_unread'), { count: unread })}</VisuallyHidden>}
    </Button>
  );
}

/** `note`: a line under the title (whose thread it is, when it is not the order's own). */
export function OrderChatCard({ chat, note }: { chat: ChatThread; note?: React.ReactNode }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const source = useMemo(() => chatSource('staff', lang, chat.order.id), [chat.order.id, lang]);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      id={CHAT_ID}
      // Clear of the sticky top bar when the chat button scrolls here.
      style={{ scrollMarginTop: 72 }}
      data-testid="staff-chat"
    >
      <Title order={2} fz="h4" mb={note ? 4 : 'sm'}>
        {t(st('chat_title'))}
      </Title>
      {note ? (
        <Text fz="sm" c="gray.7" mb="sm">
          {note}
        </Text>
      ) : null}
      <ChatThreadView key={chat.order.id} initial={chat} source={source} lang={lang} />
    </Card>
  );
}
