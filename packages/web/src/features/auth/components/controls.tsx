import { useState, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../components/icons';
import styles from './controls.module.css';

/**
 * Plain controls of the login page (no Ant Design: the page is everyone's first download). They look like Ant
 * Design's large form controls, so the signed-out screens look the same with or without antd.
 */

/** Two Chinese characters on a button get a space between them, as Ant Design writes them ("登 录"). */
export function buttonText(text: string): string {
  return /^[\u4e00-\u9fa5]{2}$/.test(text) ? `${text[0]} ${text[1]}` : text;
}

type FieldProps = {
  id: string;
  label: ReactNode;
  /** the message under the field (a validation error), or nothing */
  error?: string | null;
  children: ReactNode;
};

/** A label above its control and the control's message line below it. */
export function Field({ id, label, error, children }: FieldProps) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children}
      <div className={styles.message} id={`${id}-message`} aria-live="polite">
        {error}
      </div>
    </div>
  );
}

type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'type' | 'prefix'> & {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  icon: IconName;
  invalid?: boolean;
  /** a clear button while there is text */
  allowClear?: boolean;
  /** a password with a show / hide toggle */
  password?: boolean;
  inputRef?: Ref<HTMLInputElement>;
};

/** An input with a leading icon; invalid fields say so (aria-invalid) and point at their message. */
export function TextInput({
  id,
  value,
  onValueChange,
  icon,
  invalid = false,
  allowClear = false,
  password = false,
  inputRef,
  ...rest
}: TextInputProps) {
  const { t } = useTranslation('auth');
  const [shown, setShown] = useState(false);
  return (
    <span className={styles.affix} data-invalid={invalid}>
      <span className={styles.prefix}>
        <Icon name={icon} />
      </span>
      <input
        {...rest}
        ref={inputRef}
        id={id}
        className={styles.input}
        type={password && !shown ? 'password' : 'text'}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-message` : undefined}
      />
      {allowClear && value && (
        <button
          type="button"
          className={styles.clearButton}
          tabIndex={-1}
          aria-label={t('control.clear')}
          // keep the focus in the input
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onValueChange('')}
        >
          <Icon name="closeCircle" />
        </button>
      )}
      {password && (
        <button
          type="button"
          className={styles.suffixButton}
          aria-label={shown ? t('control.hidePassword') : t('control.showPassword')}
          aria-pressed={shown}
          aria-controls={id}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => setShown((s) => !s)}
        >
          <Icon name={shown ? 'eye' : 'eyeInvisible'} />
        </button>
      )}
    </span>
  );
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  primary?: boolean;
  block?: boolean;
  /** shows a spinner and ignores clicks (the button keeps its focus) */
  loading?: boolean;
};

export function Button({
  primary = false,
  block = false,
  loading = false,
  className,
  onClick,
  children,
  ...rest
}: ButtonProps) {
  const classes = [primary ? styles.primary : styles.button, block && styles.block, className].filter(Boolean);
  return (
    <button
      type="button"
      {...rest}
      className={classes.join(' ')}
      aria-busy={loading || undefined}
      onClick={(e) => {
        if (loading) e.preventDefault();
        else onClick?.(e);
      }}
    >
      {loading && (
        <span className={styles.spinner}>
          <Icon name="loading" />
        </span>
      )}
      {typeof children === 'string' ? buttonText(children) : children}
    </button>
  );
}

export function Checkbox({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className={styles.checkbox}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{children}</span>
    </label>
  );
}

/** The form's warning line (a server message): announced at once. */
export function ErrorAlert({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={[styles.alert, className].filter(Boolean).join(' ')} role="alert">
      <Icon name="closeCircle" className={styles.alertIcon} />
      <span>{children}</span>
    </div>
  );
}

/** A notice above the form (why the last session ended): polite, not an error. */
export function NoticeAlert({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div className={[styles.alert, styles.notice].join(' ')} role="status" data-testid={testId}>
      <Icon name="exclamationCircle" className={styles.noticeIcon} />
      <span>{children}</span>
    </div>
  );
}

export const controlStyles = styles;
