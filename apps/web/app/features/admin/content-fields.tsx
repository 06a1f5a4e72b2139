/** Inputs of the dashboard's content forms: config-driven fields, the image picker and the search box. */
// The editor's styles come with the form (one of the dashboard's stylesheets), its code when first drawn.
import '@mantine/tiptap/styles.css';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import {
  Box,
  Button,
  FileInput,
  Group,
  Image,
  InputWrapper,
  NumberInput,
  Progress,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPhoto, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IMAGE_EXTENSIONS } from '@pool/contracts/core';
import type { Field } from './resources.ts';
import { useListParams } from './data-table.tsx';

// The editor (tiptap, ProseMirror) loads with a form that has a rich-text field, not with every server
// process (a lazy component keeps its own chunk in the server's build; ADR 0024, "Memory").
const RichTextField = lazy(() => import('./rich-text-field.tsx').then((m) => ({ default: m.RichTextField })));

type Form = UseFormReturnType<Record<string, unknown>>;

/** Left-to-right text (URLs, paths, codes) inside the right-to-left dashboard. */
const ltrInput = { input: { direction: 'ltr' as const, textAlign: 'right' as const } };

function Input({ field, name, label, form }: { field: Field; name: string; label: string; form: Form }) {
  const { t } = useTranslation();
  const ltr = field.ltr || name.endsWith('_en');
  const common = {
    label,
    description: field.hint ? t(field.hint) : undefined,
    withAsterisk: field.required,
    'data-testid': `field-${name}`,
  };
  switch (field.type) {
    case 'switch':
      return <Switch key={form.key(name)} {...common} mt="xs" {...form.getInputProps(name, { type: 'checkbox' })} />;
    case 'number':
      return (
        <NumberInput
          key={form.key(name)}
          {...common}
          allowDecimal={false}
          dir="ltr"
          styles={ltrInput}
          {...form.getInputProps(name)}
        />
      );
    case 'select':
      return (
        <Select
          key={form.key(name)}
          {...common}
          data={(field.options ?? []).map((o) => ({ value: o, label: field.labels ? t(`${field.labels}${o}`) : o }))}
          allowDeselect={false}
          {...form.getInputProps(name)}
        />
      );
    case 'textarea':
      return (
        <Textarea
          key={form.key(name)}
          {...common}
          dir={ltr ? 'ltr' : undefined}
          autosize
          minRows={3}
          maxRows={14}
          {...form.getInputProps(name)}
        />
      );
    case 'rich': {
      const input = form.getInputProps(name);
      return (
        <Suspense
          key={form.key(name)}
          fallback={
            <InputWrapper label={label} description={common.description} withAsterisk={field.required}>
              <Skeleton h={230} radius="sm" />
            </InputWrapper>
          }
        >
          <RichTextField
            label={label}
            description={common.description}
            required={field.required}
            error={input.error}
            dir={ltr ? 'ltr' : 'rtl'}
            value={String(form.getValues()[name] ?? '')}
            onChange={input.onChange}
            testId={common['data-testid']}
          />
        </Suspense>
      );
    }
    default:
      return (
        <TextInput
          key={form.key(name)}
          {...common}
          type={field.type === 'url' ? 'url' : 'text'}
          dir={ltr ? 'ltr' : undefined}
          styles={ltr ? ltrInput : undefined}
          {...form.getInputProps(name)}
        />
      );
  }
}

/** A field, or its Arabic and English inputs side by side. */
export function FormField({ field, form }: { field: Field; form: Form }) {
  const { t } = useTranslation();
  const label = t(field.label);
  if (!field.pair) return <Input field={field} name={field.name} label={label} form={form} />;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Input
        field={field}
        name={`${field.name}_ar`}
        label={t('cms.ui_label_in_lang', { label, lang: t('cms.ui_lang_ar') })}
        form={form}
      />
      <Input
        field={field}
        name={`${field.name}_en`}
        label={t('cms.ui_label_in_lang', { label, lang: t('cms.ui_lang_en') })}
        form={form}
      />
    </SimpleGrid>
  );
}

/**
 * An image input: a preview of the chosen (or current) image, the upload's
 * progress bar while the form is sent, and its error.
 */
export function ImageField({
  label,
  name,
  current,
  file,
  onFile,
  progress,
  error,
  required,
}: {
  label: string;
  name: string;
  current?: string | null;
  file: File | null;
  onFile: (file: File | null) => void;
  progress: number | null;
  error?: React.ReactNode;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = preview ?? current ?? null;
  return (
    <Stack gap="xs">
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Box
          w={120}
          h={80}
          bg="gray.1"
          style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', flexShrink: 0 }}
        >
          {shown ? (
            <Image
              src={shown}
              alt={t('cms.ui_image_preview')}
              w={120}
              h={80}
              fit="cover"
              data-testid={`${name}-preview`}
            />
          ) : (
            <Group h="100%" justify="center" c="gray.6">
              <IconPhoto size={28} aria-hidden />
            </Group>
          )}
        </Box>
        <FileInput
          style={{ flex: 1 }}
          label={label}
          withAsterisk={required}
          description={t('cms.ui_image_hint')}
          placeholder={t('cms.ui_image_choose')}
          accept={IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',')}
          clearable
          value={file}
          onChange={onFile}
          error={error}
          leftSection={<IconPhoto size={16} aria-hidden />}
          data-testid={`field-${name}`}
        />
      </Group>
      {progress !== null ? (
        <Stack gap={4} data-testid="upload-progress">
          <Text fz="xs" c="dimmed" aria-live="polite">
            {progress < 100 ? t('cms.ui_uploading', { percent: progress }) : t('cms.ui_uploaded')}
          </Text>
          <Progress value={progress} animated={progress < 100} aria-label={t('cms.ui_upload_progress')} />
        </Stack>
      ) : null}
    </Stack>
  );
}

/** The list's search box; the text goes to `?q=` (page 1). */
export function SearchBox({ label }: { label: string }) {
  const { t } = useTranslation();
  const list = useListParams();
  const [q, setQ] = useState(list.get('q'));
  return (
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        list.set({ q: q.trim() || null });
      }}
    >
      <Group gap="sm" align="flex-end">
        <TextInput
          label={label}
          placeholder={t('cms.ui_search_placeholder')}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          w={{ base: '100%', sm: 320 }}
          data-testid="content-search"
        />
        <Button type="submit" variant="light">
          {t('cms.ui_search')}
        </Button>
      </Group>
    </form>
  );
}
