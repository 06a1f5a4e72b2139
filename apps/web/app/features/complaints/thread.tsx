/**
 * A complaint's conversation, oldest first: the customer's message with its pictures, then each
 * reply (the customer's on the inline-start side, the management's on the other), each dated in
 * Riyadh time in the reader's language. Shown to the customer and in the dashboard.
 */
import { Anchor, Avatar, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconHeadset, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ComplaintAuthorRole, ComplaintReplyItem } from '@pool/contracts/complaints';
import { StoredImage } from '../../components/stored-image.tsx';
import { formatDateTime } from '../../lib/format.ts';
import type { Lang } from '../../lib/lang.ts';

type Image = { url: string; thumbnail: string };

/** Pictures as thumbnails, each opening the full picture. */
export function ComplaintImages({ images }: { images: Image[] }) {
  const { t } = useTranslation();
  if (!images.length) return null;
  return (
    <SimpleGrid cols={{ base: 3, xs: 4 }} spacing="xs" data-testid="complaint-images">
      {images.map((img, i) => (
        <Anchor
          key={img.url}
          href={img.url}
          target="_blank"
          rel="noopener"
          aria-label={t('complaints.image_alt', { n: i + 1 })}
        >
          <StoredImage
            src={img.url}
            alt={t('complaints.image_alt', { n: i + 1 })}
            width={120}
            height={120}
            sizes="120px"
            className="maintenance-thumb"
          />
        </Anchor>
      ))}
    </SimpleGrid>
  );
}

function Bubble({
  author,
  name,
  text,
  images,
  at,
  lang,
  testId,
}: {
  author: ComplaintAuthorRole;
  name: string;
  text: string;
  images: Image[];
  at: string;
  lang: Lang;
  testId: string;
}) {
  const management = author === 'admin';
  return (
    <Group
      align="flex-start"
      gap="sm"
      wrap="nowrap"
      style={{ flexDirection: management ? 'row-reverse' : 'row' }}
      data-testid={testId}
      data-author={author}
    >
      <Avatar radius="xl" color={management ? 'cyan' : 'gray'} aria-hidden>
        {management ? <IconHeadset size={20} /> : <IconUser size={20} />}
      </Avatar>
      <Paper
        withBorder
        radius="lg"
        p="sm"
        bg={management ? 'cyan.0' : 'gray.0'}
        style={{ flex: 1, minWidth: 0, maxWidth: 560 }}
      >
        <Stack gap={6}>
          <Group justify="space-between" gap="xs">
            <Text fw={700} fz="sm">
              {name}
            </Text>
            <Text fz="xs" c="gray.7">
              <time dateTime={at}>{formatDateTime(lang, at)}</time>
            </Text>
          </Group>
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</Text>
          <ComplaintImages images={images} />
        </Stack>
      </Paper>
    </Group>
  );
}

export function ComplaintThread({
  message,
  replies,
  lang,
}: {
  /** The customer's own message, first in the conversation. */
  message: { name: string; text: string; images: Image[]; at: string };
  replies: ComplaintReplyItem[];
  lang: Lang;
}) {
  return (
    <Stack gap="md" component="ol" p={0} m={0} style={{ listStyle: 'none' }} data-testid="complaint-thread">
      <li>
        <Bubble author="customer" {...message} lang={lang} testId="complaint-message" />
      </li>
      {replies.map((r) => (
        <li key={r.id}>
          <Bubble
            author={r.author}
            name={r.author_name}
            text={r.text}
            images={r.images}
            at={r.created_at}
            lang={lang}
            testId="complaint-reply"
          />
        </li>
      ))}
    </Stack>
  );
}
