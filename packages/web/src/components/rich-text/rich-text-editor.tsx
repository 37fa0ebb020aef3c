import { useEffect, useRef } from 'react';
import { Button, Tooltip } from 'antd';
import {
  BoldOutlined,
  ClearOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import './rich-text.css';

/** The visible text of the editor's HTML (empty when only markup and spaces). */
export const editorText = (html: string) => {
  const div = document.createElement('div');
  div.innerHTML = html;
  return (div.textContent ?? '').replace(/\u00a0/g, ' ').trim();
};

type Command = { key: string; command: string; icon: React.ReactNode; arg?: () => string | null };

/**
 * A light rich-text editor for the message body: a contentEditable area with a toolbar (bold, italic, underline,
 * strike-through, lists, link, clear formatting). Pasted content comes in as plain text, so no foreign styles or
 * scripts ride along; the server sanitizes the HTML again whatever the browser sends.
 */
export function RichTextEditor({
  value,
  onChange,
  placeholder,
  id,
}: {
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  id?: string;
}) {
  const { t } = useTranslation('messages');
  const area = useRef<HTMLDivElement>(null);

  // the form sets the value (a reset, a reply's quote); typing does not rewrite the area under the caret
  useEffect(() => {
    const el = area.current;
    if (el && (value ?? '') !== el.innerHTML) el.innerHTML = value ?? '';
  }, [value]);

  const emit = () => onChange?.(area.current?.innerHTML ?? '');
  const commands: Command[] = [
    { key: 'bold', command: 'bold', icon: <BoldOutlined /> },
    { key: 'italic', command: 'italic', icon: <ItalicOutlined /> },
    { key: 'underline', command: 'underline', icon: <UnderlineOutlined /> },
    { key: 'strike', command: 'strikeThrough', icon: <StrikethroughOutlined /> },
    { key: 'ordered', command: 'insertOrderedList', icon: <OrderedListOutlined /> },
    { key: 'bullet', command: 'insertUnorderedList', icon: <UnorderedListOutlined /> },
    {
      key: 'link',
      command: 'createLink',
      icon: <LinkOutlined />,
      arg: () => {
        const url = window.prompt(t('editor.linkPrompt'), 'https://');
        return url && /^(https?:\/\/|mailto:)/i.test(url.trim()) ? url.trim() : null;
      },
    },
    { key: 'clear', command: 'removeFormat', icon: <ClearOutlined /> },
  ];
  const run = (c: Command) => {
    area.current?.focus();
    const arg = c.arg ? c.arg() : undefined;
    if (c.arg && !arg) return;
    document.execCommand(c.command, false, arg ?? undefined);
    emit();
  };

  return (
    <div className="msg-editor" data-testid="rich-text-editor">
      <div className="msg-editor-toolbar" role="toolbar" aria-label={t('editor.toolbar')}>
        {commands.map((c) => (
          <Tooltip key={c.key} title={t(`editor.${c.key}`)}>
            <Button
              type="text"
              size="small"
              icon={c.icon}
              aria-label={t(`editor.${c.key}`)}
              // keep the selection in the text area
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => run(c)}
            />
          </Tooltip>
        ))}
      </div>
      <div
        id={id}
        ref={area}
        className="msg-editor-area"
        contentEditable
        role="textbox"
        aria-multiline="true"
        data-placeholder={placeholder}
        suppressContentEditableWarning
        onInput={emit}
        onBlur={emit}
        onPaste={(e) => {
          e.preventDefault();
          document.execCommand('insertText', false, e.clipboardData.getData('text/plain'));
          emit();
        }}
        data-testid="editor-area"
      />
    </div>
  );
}
