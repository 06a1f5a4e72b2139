/** The order's chat on the dashboard's order page: the customer's thread (and the technician's), through the admin's API. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatThread } from '@pool/contracts/chat';
import { adminChatSource, ChatThreadView } from '../../chat/index.ts';
import { Section } from '../../orders/index.ts';

export function OrderChatPanel({ thread }: { thread: ChatThread }) {
  const { t } = useTranslation();
  const source = useMemo(() => adminChatSource(thread.order.id), [thread.order.id]);
  return (
    <Section title={t('operations.chat')}>
      <ChatThreadView key={thread.order.id} initial={thread} source={source} lang="ar" />
    </Section>
  );
}
