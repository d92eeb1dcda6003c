export const DEFAULT_BRAND_COLOR = '#1f4e79';
export const PRODUCT_NAME = 'AeroERP';
export const PRODUCT_TAGLINE = 'Continuing Airworthiness, Logistics, Procurement & MRO';

/** A valid CSS hex colour from the company profile, else the default banner colour. */
export function brandColor(value: string | null | undefined): string {
  const v = (value ?? '').trim();
  return /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(v) ? v : DEFAULT_BRAND_COLOR;
}

/** Black or white text, whichever reads better on the given hex background. */
export function readableTextColor(hex: string): string {
  let h = hex.replace('#', '');
  if (h.length === 3)
    h = h
      .split('')
      .map((c) => c + c)
      .join('');
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255);
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  return luminance > 0.45 ? '#111827' : '#ffffff';
}
