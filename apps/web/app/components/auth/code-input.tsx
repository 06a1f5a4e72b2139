import { useEffect, useRef, useState } from 'react';
import { Button, Center, Group, Input, PinInput, Stack, Text } from '@mantine/core';
import { IconClockHour3 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CodeSent } from '@pool/contracts/account';
import { OTP_LENGTH, OTP_RESEND_SECONDS, otp } from '@pool/contracts/core';
import { translate } from '../../lib/i18n.ts';
import type { AnswerHandlers } from '../../lib/envelope.ts';
import { useLang } from '../../lib/use-lang.ts';

/** What a resend answers: a new code's details, or the wait left (`retry_after`, 429). */
type ResendData = (Partial<CodeSent> & { retry_after?: number }) | null;

/**
 * Seconds left before a new code may be asked for. Counted from `sentAt` (kept in the
 * location state, so a reload does not restart it) or from the first render.
 */
export function useResendTimer(sentAt?: number, seconds?: number) {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [remaining, setRemaining] = useState(seconds ?? OTP_RESEND_SECONDS);
  // The clock is read after hydration only, so the server and first client render agree.
  useEffect(() => setDeadline((sentAt ?? Date.now()) + (seconds ?? OTP_RESEND_SECONDS) * 1000), []); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) clearInterval(id);
    };
    const id = setInterval(tick, 250);
    tick();
    return () => clearInterval(id);
  }, [deadline]);
  const restart = (secs: number) => setDeadline(Date.now() + secs * 1000);
  return {
    remaining,
    active: remaining > 0,
    /** Handlers for the resend answer: a new countdown, or the server's wait on 429. */
    resendHandlers: (onSent: () => void): AnswerHandlers<unknown> => ({
      successToast: true,
      onSuccess: (d) => {
        restart((d as ResendData)?.resend_after ?? OTP_RESEND_SECONDS);
        onSent();
      },
      onError: (a) => {
        const wait = (a.data as ResendData)?.retry_after;
        if (wait) restart(wait);
      },
    }),
  };
}

/** The typed code, its error and the checks before it is sent (`onValid` runs with 4 digits). */
export function useCodeEntry(onValid: (code: string) => void) {
  const { lang } = useLang();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLInputElement>(null);
  const submit = (value = code) => {
    const message = otp.safeParse(value).success ? null : translate(lang, 'validation.otp');
    setError(message);
    if (!message) onValid(value);
  };
  /** Empties the boxes and puts the cursor back in the first, with a reason (a refused code) or none (a new code). */
  const clear = (reason: string | null = null) => {
    setError(reason);
    setCode('');
    ref.current?.focus();
  };
  const change = (value: string) => {
    setCode(value);
    if (error) setError(null);
  };
  return { code, error, ref, submit, clear, change, setCode };
}

/**
 * The 4-digit code boxes with their label and error: focused on arrival, sent as soon as
 * the fourth digit is typed. `id` names the elements: `${id}-label`, `${id}-input`, `${id}-error`.
 */
export function CodeInput({
  id,
  entry,
  busy,
  describedBy,
}: {
  id: string;
  entry: ReturnType<typeof useCodeEntry>;
  busy: boolean;
  /** Read with each box while there is no error. */
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const { error } = entry;
  // Label and error by hand: inside Input.Wrapper every box would take the wrapper's id.
  return (
    <div>
      <Input.Label id={`${id}-label`} htmlFor={`${id}-1`} required>
        {t('auth.otp_label')}
      </Input.Label>
      <Center mt={6}>
        <PinInput
          id={id}
          ref={entry.ref}
          length={OTP_LENGTH}
          type="number"
          oneTimeCode
          autoFocus
          size="xl"
          gap="md"
          value={entry.code}
          onChange={entry.change}
          onComplete={entry.submit}
          error={!!error}
          readOnly={busy}
          placeholder=""
          aria-labelledby={`${id}-label`}
          getInputProps={(index) => ({
            'aria-label': t('auth.otp_digit', { index: index + 1 }),
            'aria-describedby': error ? `${id}-error` : describedBy,
          })}
          data-testid={`${id}-input`}
        />
      </Center>
      {error && (
        <Input.Error id={`${id}-error`} mt={6} ta="center" role="alert" data-testid={`${id}-error`}>
          {error}
        </Input.Error>
      )}
    </div>
  );
}

/** "Didn't get the code?": the countdown, then the resend button. */
export function ResendCode({
  timer,
  loading,
  onResend,
  testIds,
}: {
  timer: ReturnType<typeof useResendTimer>;
  loading: boolean;
  onResend: () => void;
  testIds: { timer: string; button: string };
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} align="center">
      <Text fz="sm" c="dimmed">
        {t('auth.no_code')}
      </Text>
      {timer.active && (
        <Group gap={6} c="dimmed" data-testid={testIds.timer}>
          <IconClockHour3 size={16} aria-hidden />
          <Text fz="sm">{t('auth.resend_in', { count: timer.remaining })}</Text>
        </Group>
      )}
      <Button
        variant="subtle"
        disabled={timer.active}
        loading={loading}
        onClick={onResend}
        data-testid={testIds.button}
      >
        {t('auth.resend')}
      </Button>
    </Stack>
  );
}
