/** Small inline icon set; metadata icon names (e.g. "fa-plane", "nb-gear") map by keyword. */
const PATHS: Record<string, string> = {
  plane: 'M21 16v-2l-8-5V3.5a1.5 1.5 0 0 0-3 0V9l-8 5v2l8-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5L13 19v-5.5z',
  box: 'M21 8l-9-5-9 5v8l9 5 9-5V8zm-9 11l-7-3.9V9.3l7 3.9V19zm1-7.5L6.2 7.7 12 4.5l5.8 3.2L13 11.5z',
  cart: 'M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM7.2 14h9.9a2 2 0 0 0 1.8-1.1L22 6H6.2L5.3 4H2v2h2l3.6 7.6L6.2 16H19v-2H7.2z',
  wrench:
    'M22.7 19l-9.1-9.1a6 6 0 0 0-7.9-7.6l3.9 3.9-2.8 2.8-4-3.9a6 6 0 0 0 7.7 7.9l9.1 9.1a1 1 0 0 0 1.4 0l1.7-1.7a1 1 0 0 0 0-1.4z',
  gear: 'M19.4 13a7.5 7.5 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.4 7.4 0 0 0-1.7-1L15 3h-4l-.4 2.9a7.4 7.4 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.5 7.5 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.4 7.4 0 0 0 1.7 1L11 21h4l.4-2.9a7.4 7.4 0 0 0 1.7-1l2.5 1 2-3.5L19.4 13zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z',
  home: 'M12 3l9 8h-3v9h-5v-6h-2v6H6v-9H3z',
  list: 'M4 6h2v2H4zm4 0h12v2H8zM4 11h2v2H4zm4 0h12v2H8zm-4 5h2v2H4zm4 0h12v2H8z',
  file: 'M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8l-6-6zm4 18H6V4h7v5h5v11z',
  chart: 'M3 3h2v16h16v2H3zm4 10h3v5H7zm5-4h3v9h-3zm5-5h3v14h-3z',
  user: 'M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5z',
  bell: 'M12 22a2 2 0 0 0 2-2h-4a2 2 0 0 0 2 2zm6-6V11a6 6 0 0 0-5-5.9V4a1 1 0 0 0-2 0v1.1A6 6 0 0 0 6 11v5l-2 2v1h16v-1z',
  folder: 'M10 4H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2h-8z',
  check: 'M9 16.2L4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z',
  dot: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8z',
  chevron: 'M9 6l6 6-6 6-1.4-1.4 4.6-4.6-4.6-4.6z',
  grid: 'M3 3h8v8H3zm10 0h8v8h-8zM3 13h8v8H3zm10 0h8v8h-8z',
};

const KEYWORDS: Array<[RegExp, keyof typeof PATHS]> = [
  [/plane|aircraft|flight|fleet|airplane/i, 'plane'],
  [/cart|shop|procure|purchase|basket/i, 'cart'],
  [/wrench|tool|maint|mro|repair|build|hammer/i, 'wrench'],
  [/gear|cog|setting|admin|config/i, 'gear'],
  [/box|cube|archive|inventor|logistic|store|warehouse|layers/i, 'box'],
  [/home|dashboard/i, 'home'],
  [/chart|report|pie|bar|stat/i, 'chart'],
  [/user|person|people|account|team/i, 'user'],
  [/bell|notif|alarm/i, 'bell'],
  [/file|doc|paper|text|compose|edit|form/i, 'file'],
  [/list|menu|table/i, 'list'],
  [/folder|group/i, 'folder'],
  [/check|approv|task/i, 'check'],
  [/grid|module|app/i, 'grid'],
  [/chevron|arrow|right/i, 'chevron'],
];

export type IconName = keyof typeof PATHS;

export function iconFor(name: string | null | undefined, fallback: IconName = 'dot'): IconName {
  if (!name) return fallback;
  if (name in PATHS) return name as IconName;
  for (const [re, icon] of KEYWORDS) if (re.test(name)) return icon;
  return fallback;
}

export function Icon({
  name,
  fallback,
  size = 18,
  className,
}: {
  name?: string | null;
  fallback?: IconName;
  size?: number;
  className?: string;
}) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[iconFor(name, fallback)]} />
    </svg>
  );
}
