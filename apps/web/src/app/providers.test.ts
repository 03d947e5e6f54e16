import { readFileSync } from 'node:fs';
import { darken, DEFAULT_THEME, isLightColor } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { DENSIDAD_KEY, ESQUEMA_KEY } from '../lib/preferencias-local';
import { contrastRatio, cssVariablesResolver, DARK_BACKGROUNDS, theme } from './providers';

const { colors, white, black } = DEFAULT_THEME;
const variables = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as never);
const resolved = variables.light as Record<string, string>;
const dark = variables.dark as Record<string, string>;
const backgrounds = [white, colors.gray[0], colors.gray[1], colors.blue[0]];

describe('theme contrast (WCAG 2.2 AA, 1.4.3)', () => {
  it('filled colours carry white or black text at 4.5:1 or more', () => {
    for (const [name, shades] of Object.entries(colors)) {
      const background = shades[8]!;
      const text = isLightColor(background, theme.luminanceThreshold) ? black : white;
      expect(contrastRatio(text, background), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('dimmed, placeholder, error and every colour text read at 4.5:1 on the page backgrounds', () => {
    for (const variable of ['--mantine-color-dimmed', '--mantine-color-error', ...Object.keys(colors).map((name) => `--mantine-color-${name}-text`)]) {
      for (const background of backgrounds) expect(contrastRatio(resolved[variable]!, background), `${variable} on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrastRatio(resolved['--mantine-color-placeholder']!, white)).toBeGreaterThanOrEqual(4.5);
  });

  it('light variants read at 4.5:1 on their background and hover', () => {
    for (const [name, shades] of Object.entries(colors)) {
      for (const background of [shades[1]!, shades[2]!]) {
        expect(contrastRatio(resolved[`--mantine-color-${name}-light-color`]!, background), name).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});

describe('dark theme contrast (WCAG 2.2 AA, 1.4.3; docs/decisions/101)', () => {
  it("the page's text, dimmed, error and every colour's text and outline read at 4.5:1 on the dark backgrounds", () => {
    for (const background of DARK_BACKGROUNDS) expect(contrastRatio(colors.dark[0], background), `text on ${background}`).toBeGreaterThanOrEqual(4.5);
    for (const variable of ['--mantine-color-dimmed', '--mantine-color-error', ...Object.keys(colors).flatMap((name) => [`--mantine-color-${name}-text`, `--mantine-color-${name}-outline`])]) {
      for (const background of DARK_BACKGROUNDS) expect(contrastRatio(dark[variable]!, background), `${variable} on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrastRatio(dark['--mantine-color-placeholder']!, colors.dark[6])).toBeGreaterThanOrEqual(4.5);
  });

  it('light variants read at 4.5:1 on their dark background and hover', () => {
    for (const [name, shades] of Object.entries(colors)) {
      for (const background of [darken(shades[9]!, 0.5), darken(shades[9]!, 0.3)]) {
        expect(contrastRatio(dark[`--mantine-color-${name}-light-color`]!, background), name).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('the surfaces change with the scheme, and the dark ones are among the backgrounds checked', () => {
    for (const surface of ['--siniestros-panel', '--siniestros-fondo', '--siniestros-hover']) {
      expect(resolved[surface], surface).toBeDefined();
      expect(DARK_BACKGROUNDS, surface).toContain(dark[surface]);
    }
  });

  it('the script that runs before the first paint reads the keys the app writes', () => {
    const script = readFileSync(new URL('../../public/preferencias.js', import.meta.url), 'utf8');
    expect(script).toContain(`'${ESQUEMA_KEY}'`);
    expect(script).toContain(`'${DENSIDAD_KEY}'`);
  });
});
