import { useState } from 'react';
import { Pagination } from './Pagination';

/**
 * Server-side paging state with its controls: the page and size to ask for, and the
 * Pagination under a list (none while everything fits the smallest page).
 */
export function usePaging(sizes: readonly number[], initialSize = sizes[0]) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(initialSize);
  return {
    offset: page * pageSize,
    limit: pageSize,
    /** Back to the first page (when the list changes). */
    reset: () => setPage(0),
    controls: (total: number) =>
      total > sizes[0] ? (
        <Pagination
          total={total}
          page={page}
          pageSize={pageSize}
          pageSizes={sizes}
          onPageChange={setPage}
          onPageSizeChange={size => {
            setPageSize(size);
            setPage(0);
          }}
        />
      ) : null,
  };
}
