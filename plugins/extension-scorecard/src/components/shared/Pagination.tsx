import { ButtonIcon, Flex, Select, Text } from '@backstage/ui';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

/**
 * Server-side paging: rows per page, "first–last of total", previous and next. BUI's
 * TablePagination pages by offset the same way but names its buttons "Previous table
 * page"/"Next table page" and its sizes "Show N results"; this keeps the names the
 * page had ("Previous page", "Next page", "Rows per page").
 */
export const Pagination = (props: {
  total: number;
  /** Zero-based page. */
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}) => {
  const { total, page, pageSize, pageSizes, onPageChange, onPageSizeChange } =
    props;
  const first = total === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  return (
    <Flex
      justify="end"
      align="center"
      gap="3"
      mt="2"
      style={{ flexWrap: 'wrap' }}
    >
      <Flex align="center" gap="2">
        <Text variant="body-small" color="secondary" id="rows-per-page-label">
          Rows per page
        </Text>
        <Select
          aria-labelledby="rows-per-page-label"
          size="small"
          options={pageSizes.map(size => ({
            value: String(size),
            label: String(size),
          }))}
          value={String(pageSize)}
          onChange={value => onPageSizeChange(Number(value))}
          style={{ width: 88 }}
        />
      </Flex>
      <Text variant="body-small">
        {first}–{last} of {total}
      </Text>
      <Flex gap="1">
        <ButtonIcon
          variant="secondary"
          size="small"
          aria-label="Previous page"
          icon={<ChevronLeftIcon fontSize="small" />}
          isDisabled={page === 0}
          onPress={() => onPageChange(page - 1)}
        />
        <ButtonIcon
          variant="secondary"
          size="small"
          aria-label="Next page"
          icon={<ChevronRightIcon fontSize="small" />}
          isDisabled={last >= total}
          onPress={() => onPageChange(page + 1)}
        />
      </Flex>
    </Flex>
  );
};
