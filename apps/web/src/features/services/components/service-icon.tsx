import './service-icon.css';
import type { ComponentType, SVGProps } from 'react';
import {
  BadgePercent,
  BatteryCharging,
  ClipboardCheck,
  Crosshair,
  Disc,
  Droplet,
  Plug,
  Snowflake,
  Sparkles,
  Ticket,
  Warehouse,
  Wrench,
} from 'lucide-react';
import type { ProductSuggestion } from '@huolto/domain';

type IconComponent = ComponentType<SVGProps<SVGSVGElement> & { size?: number | string; strokeWidth?: number | string }>;

/** A tire seen from the side: tread, sidewall, rim and hub (lucide's 24 px grid and stroke). */
export function TireIcon({ size = 24, strokeWidth = 2, ...rest }: SVGProps<SVGSVGElement> & { size?: number | string; strokeWidth?: number | string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...rest}
    >
      <circle cx="12" cy="12" r="10" />
      <circle cx="12" cy="12" r="5.5" />
      <circle cx="12" cy="12" r="1.5" />
      {/* tread blocks around the outside */}
      <path d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8" />
    </svg>
  );
}

/**
 * The picture of each kind of service, by the id of its service group (the catalogue's
 * `service-<group>` picture): maintenance a wrench, oil a drop, brakes a disc, tires a tire…
 */
const ICON_BY_GROUP: Readonly<Record<string, IconComponent>> = {
  maintenance: Wrench,
  oil: Droplet,
  inspection: ClipboardCheck,
  brakes: Disc,
  'air-conditioning': Snowflake,
  battery: BatteryCharging,
  'wheel-alignment': Crosshair,
  wash: Sparkles,
  'winter-campaign': Snowflake,
  'brake-campaign': BadgePercent,
  'extra-care': Sparkles,
  'extra-accessories': Plug,
  'extra-checks': ClipboardCheck,
  'service-code': Ticket,
  'tire-change': TireIcon,
  'tire-hotel': Warehouse,
  'tire-wash-balance': TireIcon,
  tires: TireIcon,
};

const GROUP_PICTURE = /^service-(.+)$/;

/** The service group a suggestion's catalogue picture names ('service-oil' → 'oil'), if any. */
export function serviceGroupOfPicture(product: Pick<ProductSuggestion, 'additional_data'>): string | null {
  for (const id of product.additional_data.imageIds) {
    const m = GROUP_PICTURE.exec(id);
    if (m) return m[1]!;
  }
  return null;
}

/** Whether an image id is a service group's generated picture (shown as an icon instead). */
export function isGroupPicture(imageId: string): boolean {
  return GROUP_PICTURE.test(imageId);
}

/**
 * The icon of a kind of service in a soft tile. Decorative: the card's or group's title
 * next to it says what it is.
 */
export function ServiceIcon({ group, size = 'medium', className }: { group: string | null; size?: 'small' | 'medium'; className?: string }) {
  const Icon = (group !== null ? ICON_BY_GROUP[group] : undefined) ?? Wrench;
  const px = size === 'small' ? 20 : 26;
  return (
    <span className={`service-icon service-icon--${size}${className ? ` ${className}` : ''}`} aria-hidden="true">
      <Icon size={px} strokeWidth={1.75} aria-hidden="true" focusable="false" />
    </span>
  );
}
