/**
 * The names of the site's icons, the values authors write in YAML (`icon: truck`). The schema
 * validates against this list; design/icons.tsx draws each one (its type checks that every name
 * has a drawing and nothing else does).
 */
export const ICON_NAMES = [
  'whatsapp',
  'truck',
  'clock',
  'calendar',
  'shield',
  'check',
  'star',
  'savings',
  'leaf',
  'recycle',
  'home',
  'bolt',
  'cylinder',
  'droplet',
  'bubbles',
  'award',
  'lab',
  'gauge',
  'creditCard',
  'pix',
  'cash',
  'phone',
  'mail',
  'mapPin',
  'lock',
  'refresh',
  'chat',
  'sparkles',
  'users',
  'thumbsUp',
  'close',
  'menu',
  'chevronDown',
  'chevronLeft',
  'chevronRight',
  'arrowRight',
] as const;

export type IconName = (typeof ICON_NAMES)[number];
