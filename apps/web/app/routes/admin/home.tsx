import '@mantine/charts/styles.css';
import { lazy, Suspense } from 'react';
import {
  Anchor,
  Avatar,
  Badge,
  Group,
  Paper,
  RingProgress,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconClockHour4,
  IconMessageReport,
  IconBell,
  IconEye,
  IconShoppingCart,
  IconKey,
  IconLayoutGrid,
  IconMail,
  IconShieldCheck,
  IconUserPlus,
  IconUserShield,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminOrderPage, type NotificationItem } from '@pool/contracts/notifications';
import type { OrderKind } from '@pool/contracts/orders';
import type { Route } from './+types/home';
import { adminApi } from '../../features/admin/admin-api.server.ts';
import { formatDateTime, formatMoney, formatNumber, formatPercent } from '../../lib/format.ts';
import { adminMeta } from '../../features/admin/meta.ts';
import { visibleGroups } from '../../features/admin/nav.tsx';
import { useAdmin } from '../../features/admin/use-admin.ts';

// recharts, under Mantine's charts, is the dashboard's largest library: it loads with this page's charts,
// not with every server process (a lazy component keeps its own chunk in the server's build; ADR 0024, "Memory").
const AreaChart = lazy(() => import('@mantine/charts').then((m) => ({ default: m.AreaChart })));
const BarChart = lazy(() => import('@mantine/charts').then((m) => ({ default: m.BarChart })));
const CHART_HEIGHT = 220;

export const meta: Route.MetaFunction = (args) => adminMeta(args, 'admin.dashboard');

type Summary = {
  new_users: number;
  contact_messages: number;
  unhandled_messages: number;
  newest_notifications: NotificationItem[];
  orders: number;
  pending_payment_orders: number;
  visitors: number;
  sales: number;
  monthly_target: number;
  daily: { day: string; orders: number; sales: number; visitors: number }[];
  newest_orders: {
    id: number;
    number: string;
    kind: string;
    status: string;
    total: number;
    created_at: string;
    customer: string;
  }[];
  sold_out: { id: number; name: string }[];
  by_kind: { kind: OrderKind; orders: number; sales: number; renewals: number }[];
  open_complaints: number;
  median_first_reply_minutes: number | null;
};

/** A state's name: the store's own, or the service orders' (operations). */
const stateKey = (kind: string, status: string) =>
  kind === 'store' ? `admin.order_status_${status}` : `operations.status_${status}`;

/** The month summary, for admins allowed to see it (`dashboard.view`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await adminApi(context, request);
  const res = await api.GET('/api/admin/dashboard');
  return { summary: res.key === 'success' ? res.data : null };
}

/**
 * A card of one figure: its label, the figure, and what part of it needs attention on a line of its
 * own under it (a narrow card broke "12 (awaiting payment: 3)" inside its parentheses).
 */
function Fact({
  icon,
  label,
  value,
  detail,
  testId,
}: {
  icon: React.ReactNode;
  label: string;
  value: string;
  detail?: string;
  testId?: string;
}) {
  return (
    <Paper withBorder radius="lg" p="lg" data-testid={testId}>
      <Group gap="md" wrap="nowrap">
        <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <Stack gap={2}>
          <Text fz="sm" c="dimmed">
            {label}
          </Text>
          <Text fw={700} fz="lg" data-testid="fact-value">
            {value}
          </Text>
          {detail ? (
            <Text fz="sm" c="gray.7" data-testid="fact-detail">
              {detail}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}

/** The dashboard home: a welcome and what this admin may do; later issues add the month summary. */
export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const admin = useAdmin();
  const sections = visibleGroups(admin).length;
  return (
    <Stack gap="lg" maw={1100}>
      <Paper
        radius="lg"
        p={{ base: 'lg', sm: 'xl' }}
        style={{ background: 'linear-gradient(135deg, var(--mantine-color-cyan-9), var(--mantine-color-blue-9))' }}
        c="white"
      >
        <Group gap="lg" wrap="nowrap" align="center">
          <Avatar src={admin.image} alt="" size={72} radius={72} variant="white" color="cyan.9" visibleFrom="xs">
            <IconUserShield size={38} aria-hidden />
          </Avatar>
          <Stack gap={6}>
            <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
              {t('admin.welcome', { name: admin.name })}
            </Title>
            <Text fz="sm" style={{ opacity: 0.95 }}>
              {t('admin.welcome_text')}
            </Text>
            {admin.is_super && (
              <Badge
                variant="white"
                color="cyan.9"
                size="lg"
                leftSection={<IconShieldCheck size={14} aria-hidden />}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('admin.super_admin')}
              </Badge>
            )}
          </Stack>
        </Group>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <Fact
          icon={<IconShieldCheck size={26} />}
          label={t('admin.role')}
          value={admin.role?.name ?? t('admin.no_role')}
        />
        <Fact
          icon={<IconKey size={26} />}
          label={t('admin.permissions')}
          value={t('admin.permissions_count', { count: admin.permissions.length })}
        />
        <Fact
          icon={<IconLayoutGrid size={26} />}
          label={t('admin.nav_label')}
          value={t('admin.sections_count', { count: sections })}
        />
      </SimpleGrid>
      {loaderData.summary && <MonthSummary summary={loaderData.summary} />}
    </Stack>
  );
}

/** Minutes as days, hours and minutes (the largest two units that apply). */
function duration(t: (key: string, o: Record<string, string>) => string, minutes: number) {
  const n = (v: number) => formatNumber('ar', v);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days) return t('complaints-admin.duration_days', { days: n(days), hours: n(hours) });
  if (hours) return t('complaints-admin.duration_hours', { hours: n(hours), minutes: n(minutes % 60) });
  return t('complaints-admin.duration_minutes', { minutes: n(minutes) });
}

/** This month (Riyadh time): customers, messages, orders, visitors, sales against the target, charts and lists. */
function MonthSummary({ summary }: { summary: Summary }) {
  const { t } = useTranslation();
  const percent = summary.monthly_target > 0 ? Math.round((summary.sales / summary.monthly_target) * 100) : 0;
  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        {t('admin.month_title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="lg">
        <Fact
          icon={<IconShoppingCart size={26} />}
          label={t('admin.month_orders')}
          value={formatNumber('ar', summary.orders)}
          detail={t('admin.month_orders_pending', { pending: formatNumber('ar', summary.pending_payment_orders) })}
          testId="month-orders"
        />
        <Fact
          icon={<IconEye size={26} />}
          label={t('admin.month_visitors')}
          value={formatNumber('ar', summary.visitors)}
        />
        <Fact
          icon={<IconUserPlus size={26} />}
          label={t('admin.month_new_users')}
          value={formatNumber('ar', summary.new_users)}
        />
        <Fact
          icon={<IconMail size={26} />}
          label={t('admin.month_contact_messages')}
          value={formatNumber('ar', summary.contact_messages)}
          detail={t('admin.month_contact_open', { open: formatNumber('ar', summary.unhandled_messages) })}
          testId="month-contact"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg" data-testid="month-complaints">
        <Fact
          icon={<IconMessageReport size={26} />}
          label={t('complaints-admin.month_open')}
          value={formatNumber('ar', summary.open_complaints)}
        />
        <Fact
          icon={<IconClockHour4 size={26} />}
          label={t('complaints-admin.month_median')}
          value={
            summary.median_first_reply_minutes === null
              ? t('complaints-admin.month_median_none')
              : duration(t, summary.median_first_reply_minutes)
          }
        />
      </SimpleGrid>
      <Paper withBorder radius="lg" p="lg" data-testid="month-sales">
        <Group gap="lg" wrap="nowrap">
          <RingProgress
            size={96}
            thickness={10}
            roundCaps
            sections={[{ value: Math.min(percent, 100), color: percent >= 100 ? 'teal' : 'blue' }]}
            label={
              <Text ta="center" fw={700} fz="sm">
                {formatPercent('ar', percent)}
              </Text>
            }
          />
          <Stack gap={4}>
            <Text fz="sm" c="dimmed">
              {t('admin.month_sales')}
            </Text>
            <Text fw={700} fz="xl">
              {formatMoney('ar', summary.sales)}
            </Text>
            <Text fz="sm">{t('admin.month_target_progress', { percent: formatNumber('ar', percent) })}</Text>
            <Text fz="sm" c="gray.7" data-testid="month-target">
              {t('admin.month_target_amount', { target: formatMoney('ar', summary.monthly_target) })}
            </Text>
          </Stack>
        </Group>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ChartCard
          title={t('admin.month_chart_sales')}
          empty={summary.daily.every((d) => d.sales === 0 && d.visitors === 0 && d.orders === 0)}
        >
          <AreaChart
            h={CHART_HEIGHT}
            data={summary.daily.map((d) => ({ day: d.day.slice(8), sales: d.sales / 100 }))}
            dataKey="day"
            series={[{ name: 'sales', label: t('admin.month_series_sales'), color: 'blue.6' }]}
            curveType="monotone"
            xAxisProps={{ reversed: true }}
            yAxisProps={{ orientation: 'right' }}
          />
        </ChartCard>
        <ChartCard
          title={t('admin.month_chart_visitors')}
          empty={summary.daily.every((d) => d.sales === 0 && d.visitors === 0 && d.orders === 0)}
        >
          <BarChart
            h={CHART_HEIGHT}
            data={summary.daily.map((d) => ({ day: d.day.slice(8), visitors: d.visitors, orders: d.orders }))}
            dataKey="day"
            withLegend
            series={[
              { name: 'visitors', label: t('admin.month_series_visitors'), color: 'cyan.6' },
              { name: 'orders', label: t('admin.month_series_orders'), color: 'indigo.6' },
            ]}
            xAxisProps={{ reversed: true }}
            yAxisProps={{ orientation: 'right' }}
          />
        </ChartCard>
      </SimpleGrid>
      <ByKind rows={summary.by_kind} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <NewestOrders orders={summary.newest_orders} />
        <Paper withBorder radius="lg" p="lg" data-testid="sold-out">
          <Title order={3} fz="h4" mb="sm">
            {t('admin.sold_out_products')}
          </Title>
          {summary.sold_out.length === 0 ? (
            <Text c="dimmed">{t('admin.sold_out_none')}</Text>
          ) : (
            <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {summary.sold_out.map((p) => (
                <li key={p.id}>
                  <Group gap="xs">
                    <IconAlertTriangle size={16} color="var(--mantine-color-orange-7)" aria-hidden />
                    <Text>{p.name}</Text>
                  </Group>
                </li>
              ))}
            </Stack>
          )}
        </Paper>
      </SimpleGrid>
      <Paper withBorder radius="lg" p="lg">
        <Group gap="xs" mb="sm">
          <IconBell size={20} aria-hidden />
          <Title order={3} fz="h4">
            {t('admin.newest_notifications')}
          </Title>
        </Group>
        {summary.newest_notifications.length === 0 ? (
          <Text c="dimmed">{t('common.no_data')}</Text>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {summary.newest_notifications.map((n) => (
              <li key={n.id}>
                {/* A line may mix Arabic with an order number or an English name: each isolated from its neighbours. */}
                <Text fw={600}>
                  <bdi data-testid="notification-title">{n.title}</bdi>
                </Text>
                <Text fz="sm" c="dimmed">
                  <bdi data-testid="notification-body">{n.body}</bdi> · {formatDateTime('ar', n.created_at)}
                </Text>
              </li>
            ))}
          </Stack>
        )}
        <Text mt="sm" fz="sm">
          <Link to="/admin/notifications">{t('admin.all_notifications')}</Link>
        </Text>
      </Paper>
    </Stack>
  );
}

function ChartCard({ title, empty, children }: { title: string; empty: boolean; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="lg">
      <Title order={3} fz="h4" mb="sm">
        {title}
      </Title>
      {empty ? (
        <Text c="dimmed">{t('admin.month_chart_empty')}</Text>
      ) : (
        <Suspense fallback={<Skeleton h={CHART_HEIGHT} radius="md" />}>{children}</Suspense>
      )}
    </Paper>
  );
}

/** This month per order kind: orders placed and sales (the store beside the services). */
function ByKind({ rows }: { rows: Summary['by_kind'] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="by-kind">
      <Title order={3} fz="h4" mb="sm">
        {t('admin.month_by_kind')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {rows.map((r) => (
          <Stack key={r.kind} gap={2} data-testid={`by-kind-${r.kind}`}>
            <Text fz="sm" c="gray.7">
              {t(`operations.kind_${r.kind}`)}
            </Text>
            <Text fw={700}>
              {t('admin.month_by_kind_orders', { count: r.orders, value: formatNumber('ar', r.orders) })}
            </Text>
            <Text fz="sm">{formatMoney('ar', r.sales)}</Text>
            {r.kind === 'package_subscription' ? (
              <Text fz="sm" c="gray.7" data-testid="by-kind-renewals">
                {t('admin.month_renewals', { value: formatNumber('ar', r.renewals) })}
              </Text>
            ) : null}
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

function NewestOrders({ orders }: { orders: Summary['newest_orders'] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="newest-orders">
      <Title order={3} fz="h4" mb="sm">
        {t('admin.newest_orders')}
      </Title>
      {orders.length === 0 ? (
        <Text c="dimmed">{t('common.no_data')}</Text>
      ) : (
        // On a phone the customer goes under the number, so the four columns fit and the states show whole.
        <Table.ScrollContainer minWidth={300}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.newest_orders_number')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('admin.newest_orders_customer')}</Table.Th>
                <Table.Th>{t('admin.newest_orders_total')}</Table.Th>
                <Table.Th>{t('admin.newest_orders_status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.map((o) => (
                <Table.Tr key={o.id}>
                  <Table.Td>
                    <Anchor component={Link} to={adminOrderPage(o.kind as OrderKind, o.id)} fw={600}>
                      <bdi>{o.number}</bdi>
                    </Anchor>
                    <Text fz="xs" c="dimmed">
                      {t(`operations.kind_${o.kind}`)} · {formatDateTime('ar', o.created_at)}
                    </Text>
                    <Text fz="xs" hiddenFrom="sm">
                      {o.customer}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{o.customer}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoney('ar', o.total)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" style={{ minWidth: 'max-content' }}>
                      {t(stateKey(o.kind, o.status), { defaultValue: o.status })}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
