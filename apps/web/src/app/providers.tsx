import type { ReactNode } from 'react';
import {
  createTheme,
  darken,
  DEFAULT_THEME,
  lighten,
  luminance,
  MantineProvider,
  type AnchorProps,
  type CSSVariablesResolver,
  type FileInputProps,
  type InputClearButtonProps,
  type MenuProps,
  type ModalProps,
  type NotificationProps,
  type PaginationProps,
  type SelectProps,
  type TableScrollContainerProps,
  localStorageColorSchemeManager,
} from '@mantine/core';
import { ESQUEMA_KEY } from '../lib/preferencias-local';
import './densidad.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';
import { useFocusManagement } from '../lib/use-focus-management';

/** WCAG 2.2 AA, 1.4.3: normal text needs 4.5:1 against its background. */
const AA = 4.5;

export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * `color`, darkened in small steps (lightened, for the dark scheme's backgrounds) until it reads at
 * 4.5:1 on every given background.
 */
export function readableOn(color: string, backgrounds: readonly string[], adjust: (color: string, amount: number) => string = darken): string {
  let readable = color;
  for (let step = 1; step <= 20 && backgrounds.some((background) => contrastRatio(readable, background) < AA); step += 1) {
    readable = adjust(color, step * 0.05);
  }
  return readable;
}

const { colors, white } = DEFAULT_THEME;
/** The light backgrounds text sits on: the page, table stripes and hovers, a selected row. */
const PAGE_BACKGROUNDS = [white, colors.gray[0], colors.gray[1], colors.blue[0]];
/**
 * The dark scheme's (docs/decisions/101): the page (dark 7), inputs, stripes and panels (dark 6),
 * hovers (dark 5), the login page (dark 8) and a selected row (Mantine's dark 'light' blue).
 */
export const DARK_BACKGROUNDS = [colors.dark[7], colors.dark[6], colors.dark[5], colors.dark[8], darken(colors.blue[9], 0.5)];

/** Backgrounds that differ by scheme, for `bg="var(--siniestros-…)"` and the CSS modules. */
const SURFACES = {
  light: { '--siniestros-panel': colors.gray[0], '--siniestros-fondo': colors.gray[1], '--siniestros-hover': colors.blue[0] },
  dark: { '--siniestros-panel': colors.dark[6], '--siniestros-fondo': colors.dark[8], '--siniestros-hover': colors.dark[5] },
};
const PAGINATION_LABELS = { first: 'Primera página', previous: 'Página anterior', next: 'Página siguiente', last: 'Última página' };

/** Shade 8 of the primary blue: white on it is 5.0:1 (Mantine's default shade 6 is 3.6:1). */
const PRIMARY_SHADE = 8;

/**
 * A component's default props in the theme, typed by its props alone: `Modal.extend(...)` would
 * import Modal, Menu, Pagination, FileInput… into the login page's script (+51 KB gzipped).
 */
const withDefaults = <Props,>(defaultProps: Partial<Props>) => ({ defaultProps });

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: PRIMARY_SHADE, dark: PRIMARY_SHADE },
  // Filled buttons, badges and chips take black or white text, whichever their colour needs:
  // white reaches 4.5:1 exactly up to this luminance, black is above 4.6:1 past it.
  autoContrast: true,
  luminanceThreshold: 1.05 / AA - 0.05,
  defaultRadius: 'sm',
  // A link takes the size of the text around it (a table's 14 px, not Mantine's default 16 px).
  components: {
    Anchor: withDefaults<AnchorProps>({ inherit: true }),
    // Icon-only controls Mantine leaves unnamed (WCAG 4.1.2).
    Modal: withDefaults<ModalProps>({ closeButtonProps: { 'aria-label': 'Cerrar' } }),
    InputClearButton: withDefaults<InputClearButtonProps>({ 'aria-label': 'Borrar' }),
    FileInput: withDefaults<FileInputProps>({ clearButtonProps: { 'aria-label': 'Quitar archivo' } }),
    // Mantine's focus placeholder is a focusable div inside role="menu", which allows menu items only (4.1.2).
    Menu: withDefaults<MenuProps>({ withInitialFocusPlaceholder: false }),
    // A table that scrolls sideways scrolls by keyboard too, even with no link inside (2.1.1).
    TableScrollContainer: withDefaults<TableScrollContainerProps>({ scrollAreaProps: { viewportProps: { tabIndex: 0 } } }),
    Notification: withDefaults<NotificationProps>({ closeButtonProps: { 'aria-label': 'Cerrar aviso' } }),
    Pagination: withDefaults<PaginationProps>({ getControlProps: (control) => ({ 'aria-label': PAGINATION_LABELS[control] }) }),
    // A searchable select opens on a click, a typed letter or an arrow key, not on focus alone: a
    // form that sends focus to its first invalid field would open a list that scrolls with nothing
    // focusable in it (axe scrollable-region-focusable) over the fields the errors point at.
    Select: withDefaults<SelectProps>({ openOnFocus: false }),
  },
});

/**
 * Text colours computed to reach AA: each colour's text and outline (c="red", outline chips)
 * on the page backgrounds, its light-variant text on its own light background and hover, and
 * the dimmed grey, the placeholder and the error red (Mantine's are 3.3:1, 2.1:1 and 3.3:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': readableOn(colors.gray[6], PAGE_BACKGROUNDS),
    '--mantine-color-placeholder': readableOn(colors.gray[5], [white]),
    '--mantine-color-error': readableOn(colors.red[8], [...PAGE_BACKGROUNDS, colors.red[0]]),
    '--mantine-color-anchor': 'var(--mantine-color-blue-text)',
  };
  const dark: Record<string, string> = {
    '--mantine-color-dimmed': readableOn(colors.dark[2], DARK_BACKGROUNDS, lighten),
    '--mantine-color-placeholder': readableOn(colors.dark[3], [colors.dark[6]], lighten),
    '--mantine-color-error': readableOn(colors.red[4], DARK_BACKGROUNDS, lighten),
    '--mantine-color-anchor': 'var(--mantine-color-blue-text)',
  };
  for (const [name, shades] of Object.entries(colors)) {
    const text = readableOn(shades[PRIMARY_SHADE]!, PAGE_BACKGROUNDS);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-outline`] = text;
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[9]!, [shades[1]!, shades[2]!]);
    // Mantine's dark text is shade 4; its light variant's background is shade 9 darkened by half.
    const darkText = readableOn(shades[4]!, DARK_BACKGROUNDS, lighten);
    dark[`--mantine-color-${name}-text`] = darkText;
    dark[`--mantine-color-${name}-outline`] = darkText;
    dark[`--mantine-color-${name}-light-color`] = readableOn(shades[0]!, [darken(shades[9]!, 0.5), darken(shades[9]!, 0.3)], lighten);
  }
  return { variables: {}, light: { ...light, ...SURFACES.light }, dark: { ...dark, ...SURFACES.dark } };
};

/** The colour scheme of this browser until the server's answers (docs/decisions/101; public/preferencias.js reads it first). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: ESQUEMA_KEY });

/** What every route needs; the signed-in screens add theirs in routes/shell. */
export function Providers({ children }: { children: ReactNode }) {
  useFocusManagement();
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
