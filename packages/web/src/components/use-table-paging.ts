import { useState } from 'react';
import type { TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';

const PAGE_SIZES = [10, 20, 50, 100];

/**
 * Page and page size of a server-paged table (default 10 a page, spec section 9; a screen whose rows are few and
 * all wanted at a glance may start with more), and the Ant Design pagination for it: changing the page size goes back
 * to the first page. The total shows as "共 N 条" / "N in total" unless the screen words it otherwise.
 */
export function useTablePaging(initialLimit = 10) {
  const { t } = useTranslation('common');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(initialLimit);
  const pagination = (
    total: number,
    /** the total's words; "共 N 条" / "N in total" by default (issue 21: a bare number read as a page number) */
    showTotal: (total: number) => string = (n) => t('total', { total: n }),
    options: Partial<TablePaginationConfig> = {},
  ): TablePaginationConfig => ({
    current: page,
    pageSize: limit,
    total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES,
    showTotal,
    onChange: (nextPage, nextLimit) => {
      if (nextLimit !== limit) {
        setLimit(nextLimit);
        setPage(1);
      } else setPage(nextPage);
    },
    ...options,
  });
  return { page, limit, setPage, pagination };
}
