import type { ReactNode } from 'react';
import { Anchor, Center, Pagination, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** The single row a paged list table shows when it has no rows (once the list was fetched). */
export function EmptyTableRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Text ta="center" c="dimmed" py="md">
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The pager under a list table; hidden when everything fits on one page. On a phone it is smaller
 * and shows no neighbours of the current page: with a four-digit last page the full pager was
 * wider than 390 px and its "next" arrow fell to a line of its own.
 */
export function ListPagination({ totalPages, page, onChange }: { totalPages: number; page: number; onChange: (page: number) => void }) {
  const isPhone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  if (totalPages <= 1) return null;
  return (
    <Center>
      <Pagination total={totalPages} value={page} onChange={onChange} siblings={isPhone ? 0 : 1} boundaries={1} size={isPhone ? 'sm' : 'md'} />
    </Center>
  );
}

/** A header cell: its label, or the label with a fixed width or right alignment (money). */
type HeaderCell = string | { label: string; w?: number; ta?: 'right' };

/** The header row of a table. */
export function TableHeader({ cells }: { cells: readonly HeaderCell[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {cells.map((cell) => {
          const { label, ...props } = typeof cell === 'string' ? { label: cell } : cell;
          return (
            <Table.Th key={label} {...props}>
              {label}
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );
}

/** The last cell of a row: one link-styled button that opens the row ('Ver', 'Editar'), named for the row when `label` is given. */
export function RowActionCell({ onClick, label, children }: { onClick: () => void; label?: string; children: ReactNode }) {
  return (
    <Table.Td>
      <Anchor component="button" type="button" onClick={onClick} aria-label={label}>
        {children}
      </Anchor>
    </Table.Td>
  );
}
