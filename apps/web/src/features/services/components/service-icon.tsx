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

/** A tire seen from the side: the rubber with its tread grooves around a five-spoke rim (lucide's 24 px grid and stroke). */
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
      <circle cx="12" cy="12" r="6.6" />
      <circle cx="12" cy="12" r="2.2" />
      {/* slanted tread grooves in the rubber, and the rim's five spokes */}
      <path d="M12 5.2L14.32 2.69M16 6.5L19.35 5.83M18.47 9.9L21.58 11.33M18.47 14.1L20.14 17.09M16 17.5L15.6 20.9M12 18.8L9.68 21.31M8 17.5L4.65 18.17M5.53 14.1L2.42 12.67M5.53 9.9L3.86 6.91M8 6.5L8.4 3.1" />
      <path d="M12 9.7V7.4M14.19 11.29l2.18-.71M13.35 13.86l1.35 1.86M10.65 13.86L9.3 15.72M9.81 11.29l-2.18-.71" strokeWidth={1.25} />
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
