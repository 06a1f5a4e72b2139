/**
 * One order's chat thread (DOMAIN.md "Chat"), for whoever shows it: the messages (newest last,
 * own ones on the inline-end side, with times in Riyadh and read marks ✓/✓✓), older ones on
 * demand, the composer with up to 4 images uploaded as they are picked (with progress), the
 * read-only banner. Live: the page-wide notification stream's `chat` events (live-alerts.tsx)
 * make it fetch what changed; while the stream is down it polls. While the page is visible it
 * marks the thread read and keeps saying so (the heartbeat), so no `new_message` is sent meanwhile.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Box,
  Button,
  Center,
  FileButton,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconCheck, IconChecks, IconLock, IconMessages, IconPhotoPlus, IconSend, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  CHAT_HEARTBEAT_SECONDS,
  CHAT_IMAGES_MAX,
  CHAT_TEXT_MAX,
  type ChatImage,
  type ChatMessageItem,
  type ChatParticipant,
  type ChatStreamEvent,
  type ChatThread,
} from '@pool/contracts/chat';
import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES } from '@pool/contracts/core';
import { isStreaming, onStreamEvent } from '../../components/live-count.tsx';
import { StoredImage } from '../../components/stored-image.tsx';
import { useToasts } from '../../lib/envelope.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import type { Lang } from '../../lib/lang.ts';
import type { ChatSource } from './source.ts';
import classes from './chat.module.css';

/** While the stream is down, how often the thread asks for news. */
const POLL_MS = 10_000;
/** Close enough to the bottom to follow new messages there. */
const NEAR_BOTTOM_PX = 120;

const ok = (a: { key: string; status: number }) => a.key === 'success' && a.status === 200;

/** What an empty thread says, by the viewer's side: the customer writes to us, staff and admins to the customer. */
const EMPTY_TEXT: Record<ChatThread['me'], string> = {
  customer: 'chat.empty',
  staff: 'chat.empty_staff',
  admin: 'chat.empty_admin',
};

/** Messages by id, oldest first, each once (a newer copy wins). */
function merge(list: ChatMessageItem[], incoming: ChatMessageItem[]) {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Why the browser refuses a file as a picture (an i18n key), or null. */
function refusal(file: File): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext) || !file.type.startsWith('image/'))
    return 'validation.image';
  return file.size > IMAGE_MAX_BYTES ? 'validation.image_too_large' : null;
}

/** The first field error of a refusal, else its message. */
function problemOf(answer: { msg: string; data: unknown }) {
  const fields = answer.data && typeof answer.data === 'object' ? Object.values(answer.data) : [];
  return String(fields.find((v) => typeof v === 'string') ?? answer.msg);
}

export function roleLabel(t: (key: string) => string, p: Pick<ChatParticipant, 'role' | 'job'>) {
  return t(p.role === 'staff' ? `chat.role_${p.job ?? 'staff'}` : `chat.role_${p.role}`);
}

export function ChatThreadView({ initial, source, lang }: { initial: ChatThread; source: ChatSource; lang: Lang }) {
  const { t } = useTranslation();
  const toast = useToasts();
  const [thread, setThread] = useState(initial);
  const [messages, setMessages] = useState(initial.messages);
  const [hasMore, setHasMore] = useState(initial.has_more);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const viewport = useRef<HTMLDivElement>(null);
  /** What the next render does with the scroll: to the bottom, or keep the view after older messages came on top. */
  const scroll = useRef<'bottom' | { height: number; top: number } | null>('bottom');
  const newest = messages.at(-1)?.id ?? 0;
  const newestRef = useRef(newest);
  newestRef.current = Math.max(newestRef.current, newest);
  const orderId = initial.order.id;

  useLayoutEffect(() => {
    const el = viewport.current;
    const want = scroll.current;
    scroll.current = null;
    if (!el || !want) return;
    if (want === 'bottom') el.scrollTop = el.scrollHeight;
    else el.scrollTop = want.top + (el.scrollHeight - want.height);
  }, [messages]);

  const nearBottom = () => {
    const el = viewport.current;
    return !el || el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
  };

  /** Appends messages, following them down when the reader was at the bottom or wrote them. */
  const append = useCallback((incoming: ChatMessageItem[]) => {
    if (!incoming.length) return;
    if (nearBottom() || incoming.some((m) => m.mine)) scroll.current = 'bottom';
    // Known at once (not at the next render), so marking read right after covers these messages.
    newestRef.current = Math.max(newestRef.current, ...incoming.map((m) => m.id));
    setMessages((list) => merge(list, incoming));
  }, []);

  const visible = () => typeof document === 'undefined' || document.visibilityState === 'visible';
  const markRead = useCallback(() => {
    if (visible()) source.read(newestRef.current).catch(() => undefined);
  }, [source]);

  /** News since the newest message shown; `reads`: also the read marks of the latest page. */
  const refresh = useCallback(
    async (reads: boolean) => {
      try {
        const after = await source.load({ after: newestRef.current });
        if (ok(after) && after.data) {
          const { messages: newer, ...rest } = after.data;
          setThread((th) => ({ ...th, ...rest, messages: [] }));
          append(newer);
          if (newer.some((m) => !m.mine)) markRead();
        }
        if (reads) {
          const latest = await source.load({});
          if (ok(latest) && latest.data) {
            const flags = new Map(latest.data.messages.map((m) => [m.id, m.read]));
            setMessages((list) => list.map((m) => (flags.has(m.id) ? { ...m, read: flags.get(m.id)! } : m)));
          }
        }
      } catch {
        // The next event or poll tries again.
      }
    },
    [source, append, markRead],
  );

  // Live: the stream's chat events of this order; a poll while the stream is down; the heartbeat.
  useEffect(() => {
    markRead();
    const off = onStreamEvent<ChatStreamEvent>('chat', (e) => {
      // A new message moves its sender's read mark too: both refresh the marks.
      if (e.order_id === orderId) void refresh(true);
    });
    const poll = setInterval(() => {
      if (!isStreaming() && visible()) void refresh(true);
    }, POLL_MS);
    const heartbeat = setInterval(markRead, CHAT_HEARTBEAT_SECONDS * 1000);
    const onVisible = () => {
      if (!visible()) return;
      markRead();
      void refresh(true);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      off();
      clearInterval(poll);
      clearInterval(heartbeat);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [orderId, refresh, markRead]);

  const loadOlder = async () => {
    const first = messages[0];
    if (!first) return;
    setLoadingOlder(true);
    try {
      const res = await source.load({ before: first.id });
      if (ok(res) && res.data) {
        const el = viewport.current;
        if (el) scroll.current = { height: el.scrollHeight, top: el.scrollTop };
        setMessages((list) => merge(res.data!.messages, list));
        setHasMore(res.data.has_more);
      } else toast.error(res.msg || t('chat.load_failed'));
    } catch {
      toast.error(t('chat.load_failed'));
    } finally {
      setLoadingOlder(false);
    }
  };

  const readOnlyAt = thread.read_only_at ? new Date(thread.read_only_at) : null;
  // A staff member's messages go by their job (the technician), as in the participants line.
  const staffJob = thread.participants.find((p) => p.role === 'staff')?.job ?? null;
  return (
    <Stack gap="md" data-testid="chat-thread">
      <Participants participants={thread.participants} />
      {thread.read_only ? (
        <Alert color="gray" icon={<IconLock size={18} aria-hidden />} data-testid="chat-read-only">
          {t('chat.read_only')}
        </Alert>
      ) : readOnlyAt ? (
        <Text fz="sm" c="gray.7">
          {t('chat.read_only_on', { date: formatDate(lang, readOnlyAt) })}
        </Text>
      ) : null}
      <Paper withBorder radius="md" p={0}>
        <Box
          ref={viewport}
          role="log"
          aria-live="polite"
          aria-label={t('chat.messages_region')}
          data-testid="chat-messages"
          style={{
            // A thread scrolls in its own box; an empty one needs no height.
            height: messages.length ? 'clamp(320px, calc(100dvh - 360px), 640px)' : undefined,
            overflowY: 'auto',
            padding: 12,
          }}
        >
          <Stack gap="sm">
            {hasMore ? (
              <Center>
                <Button variant="subtle" size="xs" loading={loadingOlder} onClick={() => void loadOlder()}>
                  {t('chat.load_more')}
                </Button>
              </Center>
            ) : null}
            {messages.length ? (
              messages.map((m) => <Bubble key={m.id} message={m} lang={lang} staffJob={staffJob} />)
            ) : (
              <Stack align="center" gap="xs" py="xl" data-testid="chat-empty">
                <IconMessages size={40} aria-hidden color="var(--mantine-color-cyan-7)" />
                <Text ta="center" c="gray.7" maw={360}>
                  {t(EMPTY_TEXT[thread.me])}
                </Text>
              </Stack>
            )}
          </Stack>
        </Box>
      </Paper>
      {thread.read_only ? null : (
        <Composer
          source={source}
          lang={lang}
          onSent={(m) => append([m])}
          onClosed={() => setThread((th) => ({ ...th, read_only: true }))}
        />
      )}
    </Stack>
  );
}

function Participants({ participants }: { participants: ChatParticipant[] }) {
  const { t } = useTranslation();
  if (!participants.length) return null;
  return (
    <Group gap="sm" data-testid="chat-participants">
      <Text fz="sm" c="gray.7">
        {t('chat.with')}
      </Text>
      {participants.map((p, i) => {
        const role = roleLabel(t, p);
        return (
          <Group key={`${p.role}-${i}`} gap={6} wrap="nowrap">
            <Avatar src={p.image} alt="" size={28} radius="xl" color="cyan">
              {p.name.slice(0, 1)}
            </Avatar>
            <Text fz="sm" fw={600} dir="auto">
              {p.name}
            </Text>
            {/* Customer service shown by its role name needs no badge saying it again. */}
            {role === p.name ? null : (
              <Badge size="sm" variant="light" color={p.role === 'admin' ? 'grape' : 'cyan'}>
                {role}
              </Badge>
            )}
          </Group>
        );
      })}
    </Group>
  );
}

function Bubble({ message: m, lang, staffJob }: { message: ChatMessageItem; lang: Lang; staffJob: string | null }) {
  const { t } = useTranslation();
  return (
    <Box
      data-testid="chat-message"
      data-mine={m.mine ? 'true' : 'false'}
      data-read={m.read ? 'true' : 'false'}
      style={{ alignSelf: m.mine ? 'flex-end' : 'flex-start', maxWidth: 'min(85%, 560px)' }}
    >
      {m.mine ? null : (
        <Text fz="xs" fw={600} c="gray.7" mb={2}>
          <bdi>{m.sender_name}</bdi> · {roleLabel(t, { role: m.sender, job: m.sender === 'staff' ? staffJob : null })}
        </Text>
      )}
      <Paper
        radius="lg"
        px="sm"
        py={8}
        bg={m.mine ? 'cyan.1' : 'gray.1'}
        style={{
          [m.mine ? 'borderEndEndRadius' : 'borderEndStartRadius']: 4,
        }}
      >
        {m.text ? (
          <Text dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {m.text}
          </Text>
        ) : null}
        {m.images.length ? (
          <SimpleGrid
            cols={m.images.length === 1 ? 1 : 2}
            spacing={6}
            mt={m.text ? 6 : 0}
            maw={m.images.length === 1 ? 200 : 260}
          >
            {m.images.map((img, i) => (
              <a key={`${img.url}-${i}`} href={img.url} target="_blank" rel="noreferrer" data-testid="chat-image">
                <StoredImage
                  src={img.url}
                  alt={t('chat.image_of', { name: m.mine ? t('chat.you') : m.sender_name })}
                  width={160}
                  height={160}
                  sizes="160px"
                  className={classes.image}
                />
              </a>
            ))}
          </SimpleGrid>
        ) : null}
      </Paper>
      <Group gap={4} justify={m.mine ? 'flex-end' : 'flex-start'} mt={2}>
        <Text fz="xs" c="gray.7">
          <time dateTime={m.created_at}>{formatDateTime(lang, m.created_at)}</time>
        </Text>
        {m.mine ? (
          m.read ? (
            <IconChecks size={16} color="var(--mantine-color-cyan-7)" aria-label={t('chat.read')} role="img" />
          ) : (
            <IconCheck size={16} color="var(--mantine-color-gray-6)" aria-label={t('chat.delivered')} role="img" />
          )
        ) : null}
      </Group>
    </Box>
  );
}

function Composer({
  source,
  lang,
  onSent,
  onClosed,
}: {
  source: ChatSource;
  lang: Lang;
  onSent: (m: ChatMessageItem) => void;
  onClosed: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToasts();
  const [text, setText] = useState('');
  const [images, setImages] = useState<ChatImage[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const attach = async (files: File[]) => {
    setProblem(null);
    let list = images;
    const room = CHAT_IMAGES_MAX - list.length;
    if (files.length > room) setProblem(t('chat.too_many_images', { max: CHAT_IMAGES_MAX }));
    for (const file of files.slice(0, Math.max(0, room))) {
      const refused = refusal(file);
      if (refused) {
        setProblem(t(refused));
        continue;
      }
      const form = new FormData();
      form.append('image', file);
      setProgress(0);
      try {
        const answer = await source.upload(form, setProgress);
        if (ok(answer) && answer.data) {
          list = [...list, answer.data];
          setImages(list);
        } else if (answer.status === 409) {
          onClosed();
        } else setProblem(problemOf(answer));
      } catch {
        setProblem(t('common.network_error'));
      } finally {
        setProgress(null);
      }
    }
  };

  const send = async () => {
    if (!text.trim() && !images.length) {
      setProblem(t('chat.empty_message'));
      return;
    }
    setProblem(null);
    setSending(true);
    try {
      const answer = await source.send({ text, images: images.map((i) => i.url) });
      if (ok(answer) && answer.data) {
        onSent(answer.data.message);
        setText('');
        setImages([]);
      } else if (answer.status === 409) {
        toast.error(answer.msg);
        onClosed();
      } else if (answer.status === 422) setProblem(problemOf(answer));
      else toast.error(answer.msg || t('chat.send_failed'));
    } catch {
      toast.error(t('chat.send_failed'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="xs" data-testid="chat-composer">
      {images.length ? (
        <Group gap="xs">
          {images.map((img, i) => (
            <Box key={`${img.url}-${i}`} pos="relative" data-testid="chat-attachment">
              <StoredImage src={img.url} alt="" width={64} height={64} sizes="64px" className={classes.thumb} />
              <ActionIcon
                pos="absolute"
                top={-6}
                style={{ insetInlineEnd: -6 }}
                size="sm"
                radius="xl"
                color="red"
                variant="filled"
                aria-label={t('chat.remove_image')}
                onClick={() => setImages((list) => list.filter((_, j) => j !== i))}
              >
                <IconX size={12} aria-hidden />
              </ActionIcon>
            </Box>
          ))}
        </Group>
      ) : null}
      {progress !== null ? (
        <Stack gap={4} aria-live="polite">
          <Progress value={progress} striped animated aria-label={t('chat.uploading', { percent: progress })} />
          <Text fz="xs" c="gray.7">
            {t('chat.uploading', { percent: progress })}
          </Text>
        </Stack>
      ) : null}
      <Textarea
        aria-label={t('chat.placeholder')}
        placeholder={t('chat.placeholder')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value.slice(0, CHAT_TEXT_MAX))}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void send();
        }}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={CHAT_TEXT_MAX}
        error={problem}
        dir="auto"
        data-testid="chat-input"
        description={
          text.length > CHAT_TEXT_MAX - 200
            ? t('chat.char_count', { length: text.length, max: CHAT_TEXT_MAX })
            : t('chat.images_hint', { max: CHAT_IMAGES_MAX })
        }
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      <Group justify="space-between" wrap="nowrap">
        <FileButton
          multiple
          onChange={(files) => void attach(files)}
          accept={IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',')}
          disabled={images.length >= CHAT_IMAGES_MAX || progress !== null}
          inputProps={{ 'data-testid': 'chat-image-input' } as never}
        >
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconPhotoPlus size={18} aria-hidden />}>
              {t('chat.attach')}
            </Button>
          )}
        </FileButton>
        <Button
          onClick={() => void send()}
          loading={sending}
          disabled={progress !== null}
          rightSection={
            <IconSend size={18} aria-hidden style={{ transform: lang === 'ar' ? 'scaleX(-1)' : undefined }} />
          }
          data-testid="chat-send"
        >
          {t('chat.send')}
        </Button>
      </Group>
    </Stack>
  );
}
