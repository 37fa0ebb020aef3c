import type { ThemeConfig } from 'antd';

/*
 * WCAG 2.1 AA contrast (issue 24, GB/T 37668-2019): every text colour below meets 4.5:1 on white and on the light
 * background Ant Design pairs it with (tags, alerts, selected rows); the values and why are in docs/decisions.md.
 * Ant Design derives hover / active shades and light backgrounds from the seeds; the backgrounds of the status
 * colours are pinned to Ant Design's own light tints, because darker seeds would derive greyish ones.
 */
/**
 * Shade 7 of preset colours, the text of their tags. Ant Design keeps each shade twice (`green7` and `green-7`) and
 * both become the CSS variable `--ant-green-7`; the hyphenated one is written last, so overriding `green7` alone
 * changes nothing on screen.
 */
function presetTagText(colours: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(colours).flatMap(([name, colour]) => [
      [`${name}7`, colour],
      [`${name}-7`, colour],
    ]),
  );
}

export const theme: ThemeConfig = {
  token: {
    // primary: buttons (white on it 5.2:1), links, the selected menu item; one step darker than #1677ff (4.1:1)
    colorPrimary: '#1668dc',
    colorInfo: '#1668dc',
    colorLink: '#1668dc',
    colorSuccess: '#2a7f0c',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarning: '#a15c00',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorError: '#cf1322',
    colorErrorBg: '#fff2f0',
    colorErrorBorder: '#ffccc7',
    // grey text: tertiary / descriptions 0.45 -> 0.6 (3.4:1 -> 5.7:1), placeholders 0.25 -> 0.55 (4.7:1)
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    colorTextDisabled: 'rgba(0, 0, 0, 0.45)',
    // tag text of the preset colours (colour 7 on colour 1): the light hues take their darker shade
    ...presetTagText({
      green: '#237804',
      gold: '#874d00',
      orange: '#ad4e00',
      cyan: '#006d75',
      lime: '#3f6600',
      volcano: '#ad2102',
      yellow: '#7a5c00',
    }),
    // the focus ring of fields (WCAG 2.4.7): Ant Design's 10 % tint of blue is hard to see on a bright ward screen
    controlOutline: 'rgba(22, 104, 220, 0.35)',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    // the "no data" text of an empty table is drawn in the disabled colour (0.45 black, 3.4:1): it is information
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
  },
};
