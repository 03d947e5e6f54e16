import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Anchor, FileInput, Menu, Modal, MantineProvider, Notification, Pagination, Table } from '@mantine/core';
import { theme } from './providers';

/**
 * The theme's default props name the icon-only controls Mantine leaves unnamed (WCAG 4.1.2) and
 * make a sideways-scrolling table focusable (2.1.1); they are plain objects, so the components
 * stay out of the login page's script, and this holds that they still reach the components.
 */
describe('theme defaults', () => {
  it('name the close, clear and page controls and make a wide table focusable', () => {
    render(
      <MantineProvider theme={theme}>
        <Anchor href="/x">enlace</Anchor>
        <Pagination total={5} withEdges />
        <Notification title="Aviso">texto</Notification>
        <FileInput label="Archivo" clearable value={new File(['x'], 'a.pdf')} />
        <Table.ScrollContainer minWidth={800}>
          <Table>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>celda</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Menu opened>
          <Menu.Target>
            <button type="button">Menú</button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item>Opción</Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <Modal opened onClose={() => undefined} title="Diálogo">
          contenido
        </Modal>
      </MantineProvider>,
    );
    for (const label of ['Primera página', 'Página anterior', 'Página siguiente', 'Última página', 'Cerrar aviso', 'Quitar archivo', 'Cerrar']) {
      expect(screen.getByRole('button', { name: label })).toBeTruthy();
    }
    expect(screen.getByText('celda').closest('[tabindex="0"]')).not.toBeNull();
    expect(screen.getByRole('menu').querySelector('[tabindex="-1"]:not([role="menuitem"])')).toBeNull();
    expect(screen.getByText('enlace').hasAttribute('data-inherit')).toBe(true);
  });
});
