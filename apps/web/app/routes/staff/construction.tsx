import { useMemo, useState } from 'react';
import { Anchor, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconArrowBack, IconCircleCheck, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useFetcher } from 'react-router';
import type { StaffConstructionDetail } from '@pool/contracts/construction';
import type { Route } from './+types/construction';
import type { Answer } from '../../lib/envelope.ts';
import { formatRiyals } from '../../lib/format.ts';
import { uploadForm } from '../../lib/api.client.ts';
import { useLang } from '../../lib/use-lang.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { ConstructionStatusBadge, DesignSummary, StagesView } from '../../features/construction/index.ts';
import { submitJson, useStaffAnswer } from '../../features/staff/answers.ts';
import { constructionAction, loadConstruction } from '../../features/staff/construction-data.server.ts';
import { staffOrderId } from '../../features/staff/order-data.server.ts';
import { ConstructionOffer } from '../../features/staff/construction-offer.tsx';
import { ChatJumpButton, OrderChatCard } from '../../features/staff/order-chat.tsx';
import { PlaceLine } from '../../features/staff/place-line.tsx';
import { staffApiFor } from '../../features/staff/session.server.ts';
import { StageForm } from '../../features/staff/stage-form.tsx';
import { cst, st } from '../../features/staff/texts.ts';
import { VisitActions } from '../../features/staff/visit-actions.tsx';
import { useChangeEffect } from '../../lib/use-change-effect.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args, cst('project_title'));

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadConstruction(staffApiFor(context, request), staffOrderId(params));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return constructionAction(staffApiFor(context, request), staffOrderId(params), request);
}

/** The states before the work starts: stages are posted once it is paid. */
const BEFORE_WORK = new Set(['new', 'engineer_assigned', 'offer_sent', 'offer_rejected', 'pending_payment']);

/** "The work is finished": asked first; the API refuses it without a stage posted, with its message. */
function CompleteButton() {
  const { t } = useTranslation();
  const handle = useStaffAnswer();
  const send = useFetcher<Answer>();
  const [open, setOpen] = useState(false);
  const busy = send.state !== 'idle';
  useChangeEffect(() => {
    handle(send.data, { toast: true, success: () => setOpen(false), error: () => setOpen(false) });
  }, [send.data]);
  return (
    <>
      <Button
        size="lg"
        fullWidth
        radius="md"
        color="teal"
        leftSection={<IconCircleCheck size={24} aria-hidden />}
        onClick={() => setOpen(true)}
        data-testid="complete-project"
      >
        {t(cst('complete'))}
      </Button>
      <Modal opened={open} onClose={() => !busy && setOpen(false)} title={t(st('confirm_title'))} centered>
        <Stack gap="md">
          <Text>{t(cst('complete_q'))}</Text>
          <Group grow>
            <Button variant="default" onClick={() => setOpen(false)} disabled={busy}>
              {t(st('cancel'))}
            </Button>
            <Button
              loading={busy}
              onClick={() => submitJson(send, { intent: 'complete' })}
              data-testid="confirm-complete"
            >
              {t(st('confirm_yes'))}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** The customer's request: the design, the estimate shown then, their notes and pictures. */
function DesignCard({ order }: { order: StaffConstructionDetail }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (
    <Card withBorder radius="md" padding="md" data-testid="project-design">
      <Title order={2} fz="h4" mb="sm">
        {t(cst('design'))}
      </Title>
      <Stack gap="sm">
        <DesignSummary design={order.design} />
        <div>
          <Text fz="sm" fw={700}>
            {t(cst('estimate'))}
          </Text>
          <Text fz="sm" data-testid="project-estimate">
            {t(cst('estimate_range'), {
              low: formatRiyals(lang, order.estimate.low),
              high: formatRiyals(lang, order.estimate.high),
            })}
          </Text>
        </div>
        {order.notes && (
          <div>
            <Text fz="sm" fw={700}>
              {t(cst('notes'))}
            </Text>
            {/* The customer's words keep their own direction and side. */}
            <Text fz="sm" dir="auto" ta="start" style={{ whiteSpace: 'pre-wrap' }} data-testid="project-notes">
              {order.notes}
            </Text>
          </div>
        )}
        {order.images.length > 0 && (
          <div>
            <Text fz="sm" fw={700} mb={4}>
              {t(cst('images'))}
            </Text>
            <Group gap="xs">
              {order.images.map((src, i) => (
                <a key={src} href={src} target="_blank" rel="noopener">
                  <img
                    src={src}
                    alt={t(cst('image_alt'), { n: i + 1 })}
                    width={84}
                    height={84}
                    style={{ objectFit: 'cover', borderRadius: 8 }}
                  />
                </a>
              ))}
            </Group>
          </div>
        )}
      </Stack>
    </Card>
  );
}

/**
 * One construction project of the engineer: the customer and the place (directions, a call), the
 * chat one tap away, the design requested, the price offer they write and send, the stages they
 * post while the work is in progress, completing it, and the chat.
 */
export default function StaffConstruction({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const { order, chat } = loaderData;
  const upload = useMemo(
    () => (form: FormData, onProgress: (p: number) => void) =>
      uploadForm(lang, '/api/staff/construction-photos', form, onProgress),
    [lang],
  );
  const completing = order.next_statuses.includes('completed');
  return (
    <Stack gap="md">
      <Anchor component={Link} to={to('/staff')} fz="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
        <IconArrowBack size={16} aria-hidden style={{ transform: lang === 'ar' ? 'scaleX(-1)' : undefined }} />
        {t(cst('back'))}
      </Anchor>
      <Card withBorder radius="md" padding="md" data-testid="order-head">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Title order={1} fz="h3" dir="ltr" ta="start" data-testid="order-number">
              {order.number}
            </Title>
            <Text fz="sm" c="gray.7" mt={2}>
              {t(cst('project_title'))}
            </Text>
          </div>
          <ConstructionStatusBadge status={order.status} />
        </Group>
        <Stack gap={6} mt="sm">
          <Text fz="sm">
            <Text span fw={700} fz="inherit">
              {t(st('customer'))}:{' '}
            </Text>
            <bdi>{order.customer_name}</bdi>
          </Text>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconMapPin size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
            <Text fz="sm" data-testid="project-place">
              <PlaceLine address={order.address} city={order.city} />
            </Text>
          </Group>
        </Stack>
        <VisitActions mapUrl={order.map_url} phoneLink={order.phone_link} customerName={order.customer_name} />
        {chat && <ChatJumpButton chat={chat} />}
      </Card>
      <DesignCard order={order} />
      {/* A new state (sent, rejected) starts the editor again from the saved offer. */}
      <ConstructionOffer key={order.status} order={order} />
      <Card withBorder radius="md" padding="md" data-testid="project-stages">
        <Title order={2} fz="h4">
          {t(cst('stages_title'))}
        </Title>
        {order.can_add_stage || BEFORE_WORK.has(order.status) ? (
          <Text fz="sm" c="gray.7" mb="sm">
            {t(cst(order.can_add_stage ? 'stages_intro' : 'stages_locked'))}
          </Text>
        ) : null}
        <Stack gap="md">
          {order.can_add_stage && <StageForm orderId={order.id} upload={upload} />}
          <StagesView stages={order.stages} />
        </Stack>
      </Card>
      {completing && <CompleteButton />}
      {chat && <OrderChatCard chat={chat} />}
    </Stack>
  );
}
