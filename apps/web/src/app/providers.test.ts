import { DEFAULT_THEME, isLightColor } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, cssVariablesResolver, theme } from './providers';

const { colors, white, black } = DEFAULT_THEME;
const resolved = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as never).light as Record<string, string>;
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
