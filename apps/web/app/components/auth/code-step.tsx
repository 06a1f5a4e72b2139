import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { displayPhone } from '../../lib/format.ts';
import { withPhone } from './flow.ts';
import { BackIcon } from './icons.tsx';
import { CodeInput, ResendCode, type useCodeEntry, type useResendTimer } from './code-input.tsx';
import { AuthHeading } from './heading.tsx';

/**
 * The code step of a sign-in by mobile number (customers and staff): the
 * number the code went to with a way back to change it, the 4 boxes, verify,
 * and a new code after the countdown.
 */
export function CodeStep({
  title,
  backTo,
  back,
  phone,
  countryCode,
  entry,
  busy,
  timer,
  resending,
  onResend,
  formTestId,
}: {
  title: string;
  /** The number step's path (the number is put back in it). */
  backTo: string;
  /** Where the customer returns once signed in (kept on the way back to the number step). */
  back?: string | null;
  phone: string;
  countryCode: string;
  entry: ReturnType<typeof useCodeEntry>;
  busy: boolean;
  timer: ReturnType<typeof useResendTimer>;
  resending: boolean;
  onResend: () => void;
  formTestId: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <AuthHeading
        title={title}
        subtitle={
          <>
            {t('auth.otp_sent_to')}{' '}
            <Text component="span" fw={700} c="dark" data-testid="otp-phone">
              {displayPhone(countryCode, phone)}
            </Text>
          </>
        }
      >
        <Anchor
          component={Link}
          to={withPhone(backTo, phone, countryCode, back)}
          fz="sm"
          mt={6}
          display="inline-flex"
          style={{ alignItems: 'center', gap: 4 }}
        >
          <BackIcon size={16} />
          {t('auth.change_number')}
        </Anchor>
      </AuthHeading>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          entry.submit();
        }}
        noValidate
        data-testid={formTestId}
      >
        <Stack gap="md">
          <CodeInput id="otp" entry={entry} busy={busy} />
          <Button type="submit" size="md" fullWidth loading={busy} data-testid="verify">
            {t('auth.verify')}
          </Button>
        </Stack>
      </form>
      <ResendCode
        timer={timer}
        loading={resending}
        onResend={onResend}
        testIds={{ timer: 'resend-timer', button: 'resend' }}
      />
    </Stack>
  );
}
