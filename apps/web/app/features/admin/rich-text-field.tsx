/**
 * A rich-text field of the dashboard's forms (about/terms sections, intro
 * pages): Mantine's tiptap editor limited to what the server keeps when it
 * sanitises the HTML (p, strong, em, h3/h4, lists, links; apps/server
 * content/service.ts). Right-to-left for Arabic fields, left-to-right for English.
 */
import { useId } from 'react';
import { Input } from '@mantine/core';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import classes from './rich-text-field.module.css';

const extensions = [
  StarterKit.configure({
    // Only what the sanitiser keeps; StarterKit's own link is replaced by Mantine's (Mod+K opens its editor).
    heading: { levels: [3, 4] },
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    link: false,
  }),
  Link.configure({ autolink: true, protocols: ['mailto', 'tel'] }),
];

export function RichTextField({
  label,
  description,
  error,
  required,
  dir,
  value,
  onChange,
  testId,
}: {
  label: string;
  description?: string;
  error?: React.ReactNode;
  required?: boolean;
  dir: 'rtl' | 'ltr';
  /** The initial HTML (the editor keeps its own state afterwards). */
  value: string;
  /** The HTML, or '' when the editor holds no text. */
  onChange: (html: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const editor = useEditor({
    extensions,
    content: value,
    // Server rendering has no DOM: the editor starts in the browser.
    immediatelyRender: false,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        dir,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(error ? { 'aria-invalid': 'true' } : {}),
        ...(testId ? { 'data-testid': testId } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  const labels: Partial<RichTextEditorLabels> = {
    boldControlLabel: t('cms.ui_editor_bold'),
    italicControlLabel: t('cms.ui_editor_italic'),
    h3ControlLabel: t('cms.ui_editor_h3'),
    h4ControlLabel: t('cms.ui_editor_h4'),
    bulletListControlLabel: t('cms.ui_editor_bullets'),
    orderedListControlLabel: t('cms.ui_editor_numbers'),
    linkControlLabel: t('cms.ui_editor_link'),
    unlinkControlLabel: t('cms.ui_editor_unlink'),
    linkEditorInputLabel: t('cms.ui_editor_link_url'),
    linkEditorInputPlaceholder: 'https://example.com/',
    linkEditorSave: t('cms.ui_editor_link_save'),
  };
  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={error}
      withAsterisk={required}
      labelProps={{ id: labelId, onClick: () => editor?.commands.focus() }}
      data-testid={testId ? `${testId}-editor` : undefined}
    >
      <RichTextEditor
        editor={editor}
        labels={labels}
        dir={dir}
        className={classes.root}
        classNames={{ content: classes.content, linkEditorExternalControl: classes.hidden }}
        data-error={error ? true : undefined}
        mt={4}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList className={classes.mirror} />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
