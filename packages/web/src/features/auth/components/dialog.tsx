import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './controls';
import { Icon } from '../../../components/icons';
import styles from './dialog.module.css';

type DialogProps = {
  title: ReactNode;
  /** Escape, the close button or the backdrop */
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** a confirmation: a warning icon, no close button, narrower */
  confirm?: boolean;
};

/**
 * A modal dialog on the browser's own <dialog> (focus kept inside, Escape closes, the page behind inert), in Ant
 * Design's look; rendered only while open. The login page's two rare dialogs (signed in elsewhere, release notes)
 * use it instead of loading antd's Modal.
 */
export function Dialog({ title, onClose, children, footer, confirm = false }: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const cancel = (e: Event) => {
      e.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', cancel);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={confirm ? styles.confirm : styles.dialog}
      aria-labelledby={titleId}
      // a click on the backdrop lands on the dialog element itself
      onClick={(e) => {
        if (e.target === e.currentTarget && !confirm) onClose();
      }}
    >
      <div className={styles.content}>
        {!confirm && (
          <button type="button" className={styles.close} aria-label={t('action.close')} onClick={onClose}>
            <Icon name="close" />
          </button>
        )}
        <div className={styles.header}>
          {confirm && <Icon name="exclamationCircle" className={styles.warnIcon} />}
          <h2 className={styles.title} id={titleId}>
            {title}
          </h2>
        </div>
        <div className={confirm ? styles.confirmBody : styles.body}>{children}</div>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </dialog>
  );
}

type ConfirmProps = {
  title: ReactNode;
  content: ReactNode;
  okText: string;
  cancelText: string;
  onOk: () => void;
  onCancel: () => void;
};

/** A yes / no question; the confirming button has the focus. */
export function ConfirmDialog({ title, content, okText, cancelText, onOk, onCancel }: ConfirmProps) {
  return (
    <Dialog
      confirm
      title={title}
      onClose={onCancel}
      footer={
        <>
          <Button className={styles.footerButton} onClick={onCancel}>
            {cancelText}
          </Button>
          <Button className={styles.footerButton} primary onClick={onOk} data-autofocus>
            {okText}
          </Button>
        </>
      }
    >
      {content}
    </Dialog>
  );
}
