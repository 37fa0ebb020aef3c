import type { ReactNode } from 'react';
import { Alert, Button, Card, Form, Space, Typography, type FormInstance } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import './list-page.css';

/**
 * The frame of a list screen (administration, jobs, messages, logs, templates): a title, an optional search card
 * and a table card, one above the other.
 */
export function ListPage({
  title,
  extra,
  testId,
  children,
}: {
  title: ReactNode;
  /** actions of the whole screen, on the right of the title (compose, a scope switch) */
  extra?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  const heading = (
    <Typography.Title level={4} className="list-page-title">
      {title}
    </Typography.Title>
  );
  return (
    <div className="list-page" data-testid={testId}>
      {extra ? (
        <div className="list-page-head">
          {heading}
          <Space wrap>{extra}</Space>
        </div>
      ) : (
        heading
      )}
      {children}
    </div>
  );
}

type SearchCardProps<T> = {
  form: FormInstance<T>;
  onSearch: (values: T) => void;
  /** called after the form is cleared; searches with no filters by default */
  onReset?: () => void;
  /** the filter fields (Form.Item) */
  children: ReactNode;
  testId?: string;
  /**
   * the form's name, the prefix of its fields' ids: by default `listSearch`, so that a filter never shares its id
   * (and its label's target) with the same field of the screen's add / edit dialog
   */
  name?: string;
  submitTestId?: string;
  resetTestId?: string;
};

/**
 * The search row of a list screen: inline filters followed by Search and Reset. The two buttons stay together on
 * one line (at 1366 px a long row moves them to the next line as a pair, never one under the other).
 */
export function SearchCard<T>({
  form,
  onSearch,
  onReset,
  children,
  testId,
  name = 'listSearch',
  submitTestId,
  resetTestId,
}: SearchCardProps<T>) {
  const { t } = useTranslation('common');
  const reset = () => {
    form.resetFields();
    if (onReset) onReset();
    else onSearch({} as T);
  };
  return (
    <Card className="list-search-card" size="small">
      <Form form={form} name={name} layout="inline" className="list-search" onFinish={onSearch} data-testid={testId}>
        {children}
        <Form.Item className="list-search-actions">
          <Space wrap={false}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid={submitTestId}>
              {t('action.search')}
            </Button>
            <Button icon={<ReloadOutlined />} onClick={reset} data-testid={resetTestId}>
              {t('action.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}

/**
 * The table card of a list screen: its title, actions on the right, what leads the table (an intro, tabs, a
 * toolbar), then a load error above the table.
 */
export function TableCard({
  title,
  extra,
  lead,
  error,
  errorTitle,
  children,
}: {
  /** none for a card without a head */
  title?: ReactNode;
  extra?: ReactNode;
  /** above the load error: an intro, tabs, a toolbar of batch actions */
  lead?: ReactNode;
  /** the list query's error, shown as an alert */
  error?: Error | null;
  errorTitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card title={title} extra={extra} className="list-table-card">
      {lead}
      {error && <Alert type="error" showIcon title={errorTitle} description={error.message} />}
      {children}
    </Card>
  );
}
