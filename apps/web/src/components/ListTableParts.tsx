import type { ReactNode } from 'react';
import { Center, Pagination, Table, Text } from '@mantine/core';

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

/** The pager under a list table; hidden when everything fits on one page. */
export function ListPagination({ totalPages, page, onChange }: { totalPages: number; page: number; onChange: (page: number) => void }) {
  if (totalPages <= 1) return null;
  return (
    <Center>
      <Pagination total={totalPages} value={page} onChange={onChange} siblings={1} boundaries={1} />
    </Center>
  );
}
