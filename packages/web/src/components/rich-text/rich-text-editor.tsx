import { useEffect } from 'react';
import { Button, Tooltip } from 'antd';
import {
  BoldOutlined,
  ClearOutlined,
  FontSizeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { Placeholder } from '@tiptap/extensions';
import { useTranslation } from 'react-i18next';
import './rich-text.css';

/** The visible text of the editor's HTML (empty when only markup and spaces). */
export const editorText = (html: string) => {
  const div = document.createElement('div');
  div.innerHTML = html;
  return (div.textContent ?? '').replace(/\u00a0/g, ' ').trim();
};

/** TipTap answers `<p></p>` for an empty document: the form sees an empty value instead. */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

type Command = { key: string; icon: React.ReactNode; run: (editor: Editor) => void; active?: string };

/**
 * The rich-text editor of messages, meeting reports, platform notices and the mini-program content: TipTap (on
 * ProseMirror, which handles IME composition, so Chinese input is never cut mid-word) with an Ant Design toolbar
 * (bold, italic, underline, strike-through, heading, lists, link, clear formatting; an image from a picker where the
 * caller offers one). Pasted content is parsed into the editor's schema, so foreign styles and scripts do not ride
 * along; the server sanitizes the HTML again whatever the browser sends.
 */
export function RichTextEditor({
  value,
  onChange,
  placeholder,
  id,
  'aria-label': label,
  onPickImage,
}: {
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  id?: string;
  /**
   * the editor's name (a Form.Item label does not name a contenteditable): by default its placeholder, which says
   * what to write
   */
  'aria-label'?: string;
  /** offers an image button: the caller picks one (e.g. from the media library) and answers its address */
  onPickImage?: () => Promise<string | null>;
}) {
  const { t } = useTranslation('messages');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [3, 4] },
        codeBlock: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
      Image,
      Placeholder.configure({ placeholder: placeholder ?? '' }),
    ],
    content: value ?? '',
    editorProps: {
      attributes: {
        class: 'msg-editor-area',
        role: 'textbox',
        'aria-multiline': 'true',
        ...((label ?? placeholder) ? { 'aria-label': (label ?? placeholder)! } : {}),
        'data-testid': 'editor-area',
        ...(id ? { id } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange?.(htmlOf(e)),
    onBlur: ({ editor: e }) => onChange?.(htmlOf(e)),
  });

  // the form sets the value (a reset, a reply's quote, a loaded item); typing does not rewrite it under the caret
  useEffect(() => {
    if (editor && !editor.isDestroyed && (value ?? '') !== htmlOf(editor)) {
      editor.commands.setContent(value ?? '', { emitUpdate: false });
    }
  }, [editor, value]);

  const commands: Command[] = [
    { key: 'bold', icon: <BoldOutlined />, run: (e) => e.chain().focus().toggleBold().run(), active: 'bold' },
    { key: 'italic', icon: <ItalicOutlined />, run: (e) => e.chain().focus().toggleItalic().run(), active: 'italic' },
    {
      key: 'underline',
      icon: <UnderlineOutlined />,
      run: (e) => e.chain().focus().toggleUnderline().run(),
      active: 'underline',
    },
    {
      key: 'strike',
      icon: <StrikethroughOutlined />,
      run: (e) => e.chain().focus().toggleStrike().run(),
      active: 'strike',
    },
    {
      key: 'heading',
      icon: <FontSizeOutlined />,
      run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
      active: 'heading',
    },
    {
      key: 'ordered',
      icon: <OrderedListOutlined />,
      run: (e) => e.chain().focus().toggleOrderedList().run(),
      active: 'orderedList',
    },
    {
      key: 'bullet',
      icon: <UnorderedListOutlined />,
      run: (e) => e.chain().focus().toggleBulletList().run(),
      active: 'bulletList',
    },
    {
      key: 'link',
      icon: <LinkOutlined />,
      active: 'link',
      run: (e) => {
        const url = window.prompt(t('editor.linkPrompt'), 'https://');
        if (url && /^(https?:\/\/|mailto:)/i.test(url.trim())) {
          e.chain().focus().extendMarkRange('link').setLink({ href: url.trim() }).run();
        }
      },
    },
    ...(onPickImage
      ? [
          {
            key: 'image',
            icon: <PictureOutlined />,
            run: (e: Editor) => {
              void onPickImage().then((src) => {
                if (src) e.chain().focus().setImage({ src }).run();
              });
            },
          },
        ]
      : []),
    { key: 'clear', icon: <ClearOutlined />, run: (e) => e.chain().focus().unsetAllMarks().clearNodes().run() },
  ];

  return (
    <div className="msg-editor" data-testid="rich-text-editor">
      <div className="msg-editor-toolbar" role="toolbar" aria-label={t('editor.toolbar')}>
        {commands.map((c) => (
          <Tooltip key={c.key} title={t(`editor.${c.key}`)}>
            <Button
              type={editor && c.active && editor.isActive(c.active) ? 'link' : 'text'}
              size="small"
              icon={c.icon}
              aria-label={t(`editor.${c.key}`)}
              // keep the selection in the text area
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => editor && c.run(editor)}
            />
          </Tooltip>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
