import { useState } from 'react';
import { Button, Checkbox, Empty, Popover, Tag, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, PushpinOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ColumnSetting } from '@rehab/shared';
import { canMove, isLocked, moveColumn, toggleColumn } from './column-settings';
import './column-chooser.css';

type Props = {
  settings: ColumnSetting[];
  /** column labels by prop */
  labels: Record<string, string>;
  onChange: (settings: ColumnSetting[]) => void;
  onReset: () => void;
};

/**
 * The table column chooser of spec section 5: check the columns to show and move them up or down. The last checked
 * column and the fixed columns are locked; the list scrolls beyond nine columns.
 */
export function ColumnChooser({ settings, labels, onChange, onReset }: Props) {
  const { t } = useTranslation('master-data');
  const [open, setOpen] = useState(false);

  const content =
    settings.length === 0 ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('columns.empty')} data-testid="columns-empty" />
    ) : (
      <ul className="md-columns" data-testid="column-chooser">
        {settings.map((s) => {
          const locked = isLocked(settings, s.prop);
          const onlyOne = locked && !s.fixed;
          return (
            <li key={s.prop} className="md-columns-item" data-testid={`column-${s.prop}`}>
              <Tooltip title={onlyOne ? t('columns.lastOne') : s.fixed ? t('columns.fixedHint') : undefined}>
                <Checkbox
                  checked={s.checked}
                  disabled={locked}
                  onChange={(e) => onChange(toggleColumn(settings, s.prop, e.target.checked))}
                >
                  {labels[s.prop] ?? s.prop}
                </Checkbox>
              </Tooltip>
              {s.fixed ? (
                <Tag icon={<PushpinOutlined />} className="md-columns-fixed">
                  {t('columns.fixed')}
                </Tag>
              ) : (
                <span className="md-columns-move">
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label={t('columns.moveUp')}
                    disabled={!canMove(settings, s.prop, -1)}
                    onClick={() => onChange(moveColumn(settings, s.prop, -1))}
                  />
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={t('columns.moveDown')}
                    disabled={!canMove(settings, s.prop, 1)}
                    onClick={() => onChange(moveColumn(settings, s.prop, 1))}
                  />
                </span>
              )}
            </li>
          );
        })}
      </ul>
    );

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      title={
        <div className="md-columns-title">
          <span>{t('columns.title')}</span>
          {settings.length > 0 && (
            <Button type="link" size="small" onClick={onReset} data-testid="columns-reset">
              {t('columns.reset')}
            </Button>
          )}
        </div>
      }
      content={content}
    >
      <Tooltip title={open ? undefined : t('columns.title')}>
        <Button icon={<SettingOutlined />} aria-label={t('columns.title')} data-testid="columns-button" />
      </Tooltip>
    </Popover>
  );
}
