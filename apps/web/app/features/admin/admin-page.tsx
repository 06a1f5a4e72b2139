/** A dashboard screen's frame: heading, optional actions, content; and how dashboard screens react to answers. */
import { useCallback } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useAnswerHandler, useToasts, type Answer, type AnswerHandlers } from '../../lib/envelope.ts';
import { useChangeEffect } from '../../lib/use-change-effect.ts';

export function AdminPage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: string;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1} fz="h2">
            {title}
          </Title>
          {description ? (
            <Text c="dimmed" fz="sm">
              {description}
            </Text>
          ) : null}
        </Stack>
        {actions ? <Group gap="sm">{actions}</Group> : null}
      </Group>
      {children}
    </Stack>
  );
}

/**
 * `useAnswerHandler` for the dashboard: an ended admin session goes back to the
 * dashboard (its layout clears the cookie and opens the sign-in page), not to
 * the site's customer sign-in.
 */
export function useAdminAnswer() {
  const handle = useAnswerHandler();
  const toast = useToasts();
  const navigate = useNavigate();
  return useCallback(
    <T,>(answer: Answer<T> | undefined | null, handlers: AnswerHandlers<T> = {}) => {
      if (answer && (answer.key === 'unauthenticated' || answer.key === 'blocked')) {
        toast.error(answer.msg);
        navigate('/admin', { replace: true });
        return;
      }
      handle(answer, { successToast: true, ...handlers });
    },
    [handle, toast, navigate],
  );
}

/** The answers already handled: a keyed fetcher keeps its answer for a part that mounts again. */
const handledAnswers = new WeakSet<object>();

/**
 * Runs `useAdminAnswer` once for each new action answer (a fetcher's or the page's), once in all: a part keyed
 * by what the answer changed (the complaint's handling, by its state) mounts again with its keyed fetcher's
 * answer still there, and toasted it a second time.
 */
export function useAnswerEffect<T>(answer: Answer<T> | undefined | null, handlers: AnswerHandlers<T> = {}) {
  const handle = useAdminAnswer();
  useChangeEffect(() => {
    if (answer && handledAnswers.has(answer)) return;
    if (answer) handledAnswers.add(answer);
    handle(answer, handlers);
  }, [answer]);
}
