import { useState } from 'react';
import type { TablePaginationConfig } from 'antd';

const PAGE_SIZES = [10, 20, 50, 100];

/**
 * Page and page size of a server-paged table (default 10 a page, spec section 9; a screen whose rows are few and
 * all wanted at a glance may start with more), and the Ant Design pagination for it: changing the page size goes back
 * to the first page.
 */
export function useTablePaging(initialLimit = 10) {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(initialLimit);
  const pagination = (
    total: number,
    showTotal: (total: number) => string,
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
